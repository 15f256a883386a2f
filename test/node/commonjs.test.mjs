// The package under `require()`, as a Jest test or an older tool loads it: the exports map's "require" condition
// gives CommonJS files (dist/*.cjs), which load in plain node with no DOM (importing touches neither window nor
// document), render on a server, and leave route groups and languages unloaded until the app asks for them. Before,
// `require('merchant-ads-sdk')` got the script-tag build ("document is not defined") and `merchant-ads-sdk/react`
// had no "require" condition at all. Each check runs in a plain node of its own (no TypeScript loader, whose path
// mappings would hand the package preact for react), from a host project with the package in its node_modules.
// Needs `npm run build`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const host = `${root}build/commonjs-host/`;

/** Runs `code` as host/check.cjs in a plain node and returns what it printed as JSON. */
function inHost(code) {
  assert.ok(existsSync(`${root}dist/merchant-ads.cjs`), 'dist/merchant-ads.cjs: run npm run build first');
  if (!existsSync(`${host}node_modules/merchant-ads-sdk`)) {
    mkdirSync(`${host}node_modules`, { recursive: true });
    symlinkSync(root, `${host}node_modules/merchant-ads-sdk`, 'dir');
  }
  writeFileSync(`${host}check.cjs`, code);
  const run = spawnSync(process.execPath, [`${host}check.cjs`], { encoding: 'utf8', cwd: host });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout);
}

test('require(): both entries resolve to CommonJS files and load without a DOM; nothing of a route group or language loads', () => {
  rmSync(host, { recursive: true, force: true });
  const seen = inHost(`
    const sdk = require('merchant-ads-sdk');
    const { MerchantAds } = require('merchant-ads-sdk/react');
    console.log(JSON.stringify({
      dom: typeof document + typeof window,
      entries: [require.resolve('merchant-ads-sdk'), require.resolve('merchant-ads-sdk/react')],
      mount: typeof sdk.mount, version: typeof sdk.version, component: typeof MerchantAds,
      loaded: Object.keys(require.cache).filter((f) => f.includes('/dist/')).map((f) => f.slice(f.indexOf('/dist/') + 6)),
    }));`);
  assert.equal(seen.dom, 'undefinedundefined');
  assert.match(seen.entries[0], /dist\/merchant-ads\.cjs$/);
  assert.match(seen.entries[1], /dist\/react\.cjs$/);
  assert.deepEqual([seen.mount, seen.version, seen.component], ['function', 'string', 'object']);
  assert.deepEqual(
    seen.loaded.filter((f) => /^locales\/|\.(ad-center|wallet|plan|messages|auth-partner|metrics)/.test(f)),
    [],
    `loaded: ${seen.loaded.join(', ')}`,
  );
});

test('require(): a server renders <MerchantAds> to its empty host div, with its attributes', () => {
  const html = inHost(`
    const { createElement } = require('react');
    const { renderToString } = require('react-dom/server');
    const { MerchantAds } = require('merchant-ads-sdk/react');
    console.log(JSON.stringify(renderToString(createElement(MerchantAds, { apiBase: '/api', id: 'widget', 'data-host': 'jest' }))));`);
  assert.equal(html, '<div id="widget" data-host="jest"></div>');
});

test('the CommonJS files load what they split off with require(), languages included: Jest runs no import() without a flag', () => {
  const cjs = readdirSync(`${root}dist`, { recursive: true }).filter((f) => f.endsWith('.cjs'));
  const code = cjs.map((f) => readFileSync(`${root}dist/${f}`, 'utf8')).join('\n');
  assert.match(code, /\brequire\("\.\/locales\/de\.json"\)/, 'a language is the JSON file every build reads, required');
  const withImport = cjs.filter((f) => /\bimport\(/.test(readFileSync(`${root}dist/${f}`, 'utf8')));
  assert.deepEqual(withImport, []);
});
