// The swaps table (tools/rollup/swaps.mjs): every row has a reason and a target that exists, and the plugins that read
// it swap what it says, in the builds it says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RENDERER, SWAPS, preactAliases, react18, runtimeRenderer, scriptTwins } from '../../tools/rollup/swaps.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const BUILDS = new Set(['preact', 'script tag', 'modules', 'react 18 tests']);
/** A plugin hook's `this`: resolve() answers a file of the tree for a relative import, a package's name for others. */
const context = {
  resolve: async (source, importer) => ({
    id: source.startsWith('.') ? `${new URL(source, `file://${importer}`).pathname}.ts` : source,
  }),
};

test('every swap names its builds and why, and a file it swaps in exists', () => {
  for (const s of SWAPS) {
    assert.ok(BUILDS.has(s.builds), `${s.find}: builds "${s.builds}"`);
    assert.ok(s.why.length > 10, `${s.find}: a reason`);
    if (s.replacement.startsWith('/')) assert.ok(existsSync(s.replacement), s.replacement);
  }
});

test('preact builds: React names become preact/compat, the signals @preact/signals, act-root its preact twin', () => {
  const find = (source) =>
    preactAliases.resolveId.call({ resolve: async (s) => ({ id: s }) }, source, `${root}src/x.ts`, {});
  return Promise.all([
    find('react').then((r) => assert.equal(r?.id ?? r, 'preact/compat')),
    find('react-dom/client').then((r) => assert.equal(r?.id ?? r, 'preact/compat/client')),
    find('@preact/signals-react').then((r) => assert.equal(r?.id ?? r, '@preact/signals')),
    find('./app/act-root').then((r) => assert.equal(r?.id ?? r, './app/act-root-preact')),
  ]);
});

test('the script tag: the two modules resolve to their -script twins, except from a twin itself', async () => {
  const twin = (source, importer) => scriptTwins.resolveId.call(context, source, importer, {});
  assert.equal(await twin('./assets', `${root}src/lib/x.ts`), `${root}src/lib/assets-script.ts`);
  assert.equal(await twin('./locale-files', `${root}src/i18n/x.ts`), `${root}src/i18n/locale-files-script.ts`);
  assert.deepEqual(await twin('./assets', `${root}src/lib/assets-script.ts`), null);
  assert.deepEqual(await twin('./other', `${root}src/lib/x.ts`), { id: `${root}src/lib/other.ts` });
});

test("module builds: the app's React names go to the renderer, the renderers' own stay React, external", async () => {
  const resolve = (source, importer) => runtimeRenderer.resolveId.call(context, source, importer, {});
  assert.equal(await resolve('react', `${root}src/ui/x.tsx`), RENDERER);
  assert.equal(await resolve('react/jsx-runtime', `${root}src/ui/x.tsx`), RENDERER);
  assert.deepEqual(await resolve('@preact/signals-react', `${root}src/ui/x.tsx`), { id: '@preact/signals-core' });
  assert.deepEqual(await resolve('react', `${root}src/lib/renderer-react.ts`), {
    id: 'react',
    external: true,
    moduleSideEffects: false,
  });
  assert.equal(await resolve('navigo', `${root}src/ui/x.tsx`), null);
});

test("React 18 tests: React is resolved from test/react18/'s install, nothing else is", async () => {
  const asked = [];
  const ctx = { resolve: async (source, importer) => (asked.push(importer), { id: source }) };
  await react18.resolveId.call(ctx, 'react-dom/client', `${root}node_modules/x.js`, {});
  assert.deepEqual(asked, [`${root}test/react18/package.json`]);
  assert.equal(react18.resolveId.call(ctx, 'preact', `${root}src/x.ts`, {}), null);
});
