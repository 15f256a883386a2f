// What `npm pack` ships a partner: the built files and their source maps, each language once, a LICENSE, a README
// about embedding, a CHANGELOG; not the examples page's demo host nor the repository's locales/; within a ceiling
// of size. And each public entry exports the public API alone: the files the app splits into take what they share
// from a `core` file, not from the entry. Needs `npm run build`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { packStaged } from '../../tools/package/stage.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));

// What the package may weigh unpacked, as npm counts it (what `npm install` writes). The app is in it once per format:
// the ES files and the CommonJS files, each shared by the SDK, the element and the React component (each entry
// installs its renderer: src/lib/renderer.ts), and the script tag, which the bridge page runs too (its own bridge.js
// is the bridge alone); with the maps of the module files, the languages once, the types and the docs.
const UNPACKED_CEILING = 2e6;

test('npm pack: the built files with their maps, each language once, LICENSE, README, CHANGELOG; no demo host; within its size', (t) => {
  assert.ok(existsSync(`${root}dist/merchant-ads.js`), 'dist/: run npm run build first');
  const repositoryReadme = readFileSync(`${root}README.md`, 'utf8');
  mkdirSync(`${root}build`, { recursive: true });
  const out = mkdtempSync(`${root}build/package-test-`);
  t.after(() => rmSync(out, { recursive: true, force: true }));
  const packed = packStaged(out);
  execFileSync('tar', ['xzf', join(out, packed.filename), '-C', out, 'package/README.md']);
  const files = packed.files.map((f) => f.path);
  t.diagnostic(
    `${files.length} files, ${(packed.size / 1e3).toFixed(0)} kB packed, ${(packed.unpackedSize / 1e3).toFixed(0)} kB unpacked`,
  );
  assert.ok(packed.unpackedSize <= UNPACKED_CEILING, `${packed.unpackedSize} bytes unpacked, over ${UNPACKED_CEILING}`);
  // Each language once: dist/locales/<lang>.json, read by every build (fetched by the script tag and the bridge
  // page, imported or required by the module files). No other file in the package holds a language's words.
  const languages = readdirSync(`${root}locales`)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
  assert.deepEqual(
    files.filter((f) => f.startsWith('dist/locales/')).sort(),
    languages.map((l) => `dist/locales/${l}.json`),
  );
  // The longest plain phrase of each language (letters, spaces and commas: written the same in any minified string),
  // looked for in every other file shipped.
  const texts = (o) => Object.values(o).flatMap((v) => (v && typeof v === 'object' ? texts(v) : [v]));
  const phrases = languages.map((l) => {
    const plain = texts(JSON.parse(readFileSync(`${root}locales/${l}.json`, 'utf8'))).filter(
      (v) => typeof v === 'string' && /^[\p{L}\p{M} ,]{16,}$/u.test(v),
    );
    assert.ok(plain.length, `${l} has a plain phrase to look for`);
    return [l, plain.sort((a, b) => b.length - a.length)[0]];
  });
  for (const f of files.filter((f) => /\.(m|c)?js$/.test(f))) {
    const code = readFileSync(`${root}${f}`, 'utf8');
    for (const [l, phrase] of phrases) assert.ok(!code.includes(phrase), `${f} carries words of ${l}`);
  }
  for (const f of ['LICENSE', 'README.md', 'CHANGELOG.md', 'package.json']) assert.ok(files.includes(f), f);
  assert.deepEqual(
    files.filter((f) => f.startsWith('dist/examples/') || f.startsWith('locales/') || /\.(db|png)$/.test(f)),
    [],
  );
  // Every file the exports map, main, module, types or the CDN fields name is in the tarball.
  const named = JSON.stringify([
    pkg.exports,
    pkg.main,
    pkg.module,
    pkg.types,
    pkg.unpkg,
    pkg.jsdelivr,
    pkg.typesVersions,
  ]).match(/(\.\/)?[\w/.-]+\.(mjs|cjs|js|ts|cts|json)(?=")/g);
  for (const f of named) assert.ok(files.includes(f.replace(/^\.\//, '')), `${f} is in the tarball`);
  // Each module file a bundler or node reads, ES and CommonJS, is minified and has its source map beside it.
  const modules = files.filter((f) => /^dist\/[^/]+\.(mjs|cjs)$/.test(f));
  assert.deepEqual(
    modules.filter((f) => !files.includes(`${f}.map`)),
    [],
    'every module file has its map',
  );
  const core = readFileSync(`${root}${files.find((f) => /^dist\/merchant-ads\.core-.*\.cjs$/.test(f))}`, 'utf8');
  assert.ok(core.split('\n').length < 5, 'the CommonJS files are minified');
  const map = JSON.parse(readFileSync(`${root}dist/react.mjs.map`, 'utf8'));
  assert.ok(
    map.sources.includes('../src/react.tsx') && map.sourcesContent?.length === map.sources.length,
    'the maps hold the TypeScript sources',
  );
  // The package README is about embedding; the repository's developer set-up stays in the repository, whose README
  // is never touched: the package is packed from a staged copy (tools/package/stage.mjs).
  const readme = readFileSync(join(out, 'package/README.md'), 'utf8');
  for (const heading of ['# Merchant Ads SDK\n', '\n## Install\n', '\n## Embedding\n', '\n## Native shells'])
    assert.ok(readme.includes(heading), heading);
  assert.doesNotMatch(readme, /## Two commands|npm start/);
  assert.equal(readFileSync(`${root}README.md`, 'utf8'), repositoryReadme);
});

test('the public entries export the public API alone, under import and require', async () => {
  assert.deepEqual(Object.keys(await import(`${root}dist/merchant-ads.mjs`)).sort(), ['define', 'mount', 'version']);
  assert.deepEqual(Object.keys(require(`${root}dist/merchant-ads.cjs`)).sort(), ['define', 'mount', 'version']);
  assert.deepEqual(Object.keys(await import(`${root}dist/element.mjs`)).sort(), ['define', 'mount', 'version']);
  assert.deepEqual(
    Object.keys(require(`${root}dist/element.cjs`))
      .filter((k) => k !== '__esModule')
      .sort(),
    ['define', 'mount', 'version'],
  );
  assert.deepEqual(Object.keys(await import(`${root}dist/react.mjs`)).sort(), ['MerchantAds', 'default', 'version']);
  assert.deepEqual(
    Object.keys(require(`${root}dist/react.cjs`))
      .filter((k) => k !== '__esModule')
      .sort(),
    ['MerchantAds', 'default', 'version'],
  );
});
