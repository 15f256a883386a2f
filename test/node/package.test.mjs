// What `npm pack` ships a partner: the built files and their source maps, the languages once per format, a LICENSE,
// a README about embedding, a CHANGELOG; not the examples page's demo host nor the repository's locales/. And each
// public entry exports the public API alone: the files the app splits into take what they share from a `core` file,
// not from the entry. Needs `npm run build`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));

test('npm pack: the built files with their maps, one language module per format, LICENSE, README, CHANGELOG; no demo host', (t) => {
  assert.ok(existsSync(`${root}dist/merchant-ads.js`), 'dist/: run npm run build first');
  const repositoryReadme = readFileSync(`${root}README.md`, 'utf8');
  mkdirSync(`${root}build`, { recursive: true });
  const out = mkdtempSync(`${root}build/package-test-`);
  t.after(() => rmSync(out, { recursive: true, force: true }));
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', out], { cwd: root, encoding: 'utf8' }));
  execFileSync('tar', ['xzf', join(out, packed.filename), '-C', out, 'package/README.md']);
  const files = packed.files.map((f) => f.path);
  t.diagnostic(`${files.length} files, ${(packed.size / 1024).toFixed(0)} KB packed, ${(packed.unpackedSize / 1024).toFixed(0)} KB unpacked`);
  for (const f of ['LICENSE', 'README.md', 'CHANGELOG.md', 'package.json']) assert.ok(files.includes(f), f);
  assert.deepEqual(files.filter((f) => f.startsWith('dist/examples/') || f.startsWith('locales/') || /\.(db|png)$/.test(f)), []);
  // Every file the exports map, main, module, types or the CDN fields name is in the tarball.
  const named = JSON.stringify([pkg.exports, pkg.main, pkg.module, pkg.types, pkg.unpkg, pkg.jsdelivr, pkg.typesVersions]).match(/(\.\/)?[\w/.-]+\.(mjs|cjs|js|ts|cts|json)(?=")/g);
  for (const f of named) assert.ok(files.includes(f.replace(/^\.\//, '')), `${f} is in the tarball`);
  // Each minified module file a bundler reads has its source map beside it (the CommonJS files are not minified).
  const modules = files.filter((f) => /^dist\/[^/]+\.mjs$/.test(f));
  assert.deepEqual(modules.filter((f) => !files.includes(`${f}.map`)), [], 'every ES module file has its map');
  const map = JSON.parse(readFileSync(`${root}${modules.find((f) => /^dist\/react\.core-.*\.mjs$/.test(f))}.map`, 'utf8'));
  assert.ok(map.sources.includes('../src/react.tsx') && map.sourcesContent?.length === map.sources.length, 'the maps hold the TypeScript sources');
  // The package README is about embedding; the repository's developer set-up stays in the repository, whose README
  // is back as it was once the pack is done (tools/package/readme.mjs).
  const readme = readFileSync(join(out, 'package/README.md'), 'utf8');
  for (const heading of ['# Merchant Ads SDK\n', '\n## Install\n', '\n## Embedding\n', '\n## Native shells']) assert.ok(readme.includes(heading), heading);
  assert.doesNotMatch(readme, /## Two commands|npm start/);
  assert.equal(readFileSync(`${root}README.md`, 'utf8'), repositoryReadme);
});

test('the public entries export the public API alone, under import and require', async () => {
  assert.deepEqual(Object.keys(await import(`${root}dist/merchant-ads.mjs`)).sort(), ['define', 'mount', 'version']);
  assert.deepEqual(Object.keys(require(`${root}dist/merchant-ads.cjs`)).sort(), ['define', 'mount', 'version']);
  assert.deepEqual(Object.keys(await import(`${root}dist/element.mjs`)).sort(), ['define', 'mount', 'version']);
  assert.deepEqual(Object.keys(require(`${root}dist/element.cjs`)).filter((k) => k !== '__esModule').sort(), ['define', 'mount', 'version']);
  assert.deepEqual(Object.keys(await import(`${root}dist/react.mjs`)).sort(), ['MerchantAds', 'default', 'version']);
  assert.deepEqual(Object.keys(require(`${root}dist/react.cjs`)).filter((k) => k !== '__esModule').sort(), ['MerchantAds', 'default', 'version']);
});
