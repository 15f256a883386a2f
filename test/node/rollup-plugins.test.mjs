// The build's small plugins (tools/rollup/), each against what rollup hands it: file names, languages, maps, the
// files beside the bundles, the bridge's own check, the minifier's settings and the test entries.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rollup } from 'rollup';
import { fileURLToPath } from 'node:url';
import { decode, encode } from '@jridgewell/sourcemap-codec';
import { bridgeStrays } from '../../tools/rollup/bridge-page.mjs';
import { chunkName, named } from '../../tools/rollup/chunk-names.mjs';
import { elementTypes, useClient } from '../../tools/rollup/dist-files.mjs';
import { lineMappings } from '../../tools/rollup/line-maps.mjs';
import { copyLocales, languages, localePaths, sharedLocales } from '../../tools/rollup/locales.mjs';
import { minify } from '../../tools/rollup/minify.mjs';
import { testEntries } from '../../tools/rollup/test-entries.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const chunk = (ids, extra = {}) => ({ facadeModuleId: null, moduleIds: ids, name: 'x', ...extra });
/** Collects what a generateBundle hook emits. */
const emitter = () => {
  const files = {};
  return { files, emitFile: (f) => (files[f.fileName] = f.source) };
};

test('chunk names: a screen group by its folder, a group second file, a language, the core, a shared file', () => {
  assert.equal(chunkName(chunk([`${root}src/screens/wallet/index.ts`])), 'wallet');
  assert.equal(chunkName(chunk([`${root}src/screens/ad-center/tools-group.ts`])), 'ad-center-tools');
  assert.equal(chunkName(chunk([`${root}locales/de.json`])), 'locale-de');
  assert.equal(chunkName(chunk([`${root}src/index.ts`, `${root}src/ui/x.ts`])), 'core');
  assert.equal(chunkName(chunk([`${root}src/ui/x.ts`], { name: 'shared-ui' })), 'shared-ui');
  assert.equal(chunkName(chunk([`${root}src/ui/x.ts`], { name: 'Popup' })), 'shared-popup');
  assert.equal(
    named('merchant-ads', 'mjs')(chunk([`${root}src/screens/plan/index.ts`])),
    'merchant-ads.plan-[hash:6].mjs',
  );
});

test('languages: each file of locales/ once, as compact JSON, and a module build imports it from dist/locales/', async () => {
  const langs = languages();
  assert.deepEqual(
    langs.map(([code]) => code).sort(),
    readdirSync(`${root}locales`)
      .map((f) => f.replace('.json', ''))
      .sort(),
  );
  for (const [, json] of langs) assert.doesNotMatch(json, /\n/);
  const e = emitter();
  copyLocales.generateBundle.call(e);
  assert.deepEqual(Object.keys(e.files).sort(), langs.map(([code]) => `locales/${code}.json`).sort());
  assert.equal(localePaths('merchant-ads-locale:th'), './locales/th.json');
  const ctx = { resolve: async (source) => ({ id: `${root}locales/${source.split('/').pop()}` }) };
  assert.deepEqual(await sharedLocales.resolveId.call(ctx, '../../locales/ru.json', `${root}src/i18n/x.ts`, {}), {
    id: 'merchant-ads-locale:ru',
    external: true,
    attributes: { type: 'json' },
  });
  assert.equal(await sharedLocales.resolveId.call(ctx, './x.ts', `${root}src/i18n/x.ts`, {}), null);
});

test('line maps: of each run of segments from one source line, only the first; a segment with no source is dropped', () => {
  // Line 1: three segments from source 0 line 4, then one from line 5. Line 2: a segment that maps to no source.
  const mappings = encode([
    [
      [0, 0, 4, 0],
      [5, 0, 4, 3],
      [9, 0, 4, 8],
      [12, 0, 5, 0],
    ],
    [[0]],
  ]);
  assert.deepEqual(decode(lineMappings(mappings)), [
    [
      [0, 0, 4, 0],
      [12, 0, 5, 0],
    ],
    [],
  ]);
});

test('the React entry alone gets "use client"; the element and template types are written beside the main types', () => {
  assert.match(useClient.renderChunk('export{}', { isEntry: true, name: 'react' }).code, /^"use client";\n/);
  assert.equal(useClient.renderChunk('export{}', { isEntry: true, name: 'element' }), null);
  const e = emitter();
  elementTypes.generateBundle.call(e, { file: `${root}dist/merchant-ads.d.ts` });
  assert.deepEqual(Object.keys(e.files).sort(), [
    'element.d.cts',
    'element.d.ts',
    'jsx.d.cts',
    'jsx.d.ts',
    'vue.d.cts',
    'vue.d.ts',
  ]);
  assert.doesNotMatch(e.files['vue.d.cts'], /'\.\/merchant-ads\.js'/);
  const none = emitter();
  elementTypes.generateBundle.call(none, { file: `${root}dist/react.d.ts` });
  assert.deepEqual(none.files, {});
});

test('bridge.js may carry the bridge and the schema rules, nothing else of the SDK', () => {
  const bundle = (ids) => ({ 'bridge.js': { type: 'chunk', moduleIds: ids } });
  assert.deepEqual(bridgeStrays(bundle([`${root}bridge/main.ts`, `${root}src/api/schema/text.ts`])), []);
  assert.deepEqual(bridgeStrays(bundle([`${root}bridge/main.ts`, `${root}src/app/instance.ts`])), [
    `${root}src/app/instance.ts`,
  ]);
});

test('the minifier mangles top-level names in module files only', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'minify-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'x.js'), 'var topLevelName = Math.random();\nexport const twice = () => topLevelName * 2;\n');
  const bundle = await rollup({ input: join(dir, 'x.js') });
  const out = async (plugin) => (await bundle.generate({ format: 'es', plugins: [plugin] })).output[0].code;
  assert.match(await out(minify(false)), /topLevelName/);
  assert.doesNotMatch(await out(minify(true)), /topLevelName/);
});

test('test entries: every *.test.ts(x) under a folder, named by its path there; TEST_ONLY keeps the matching ones', () => {
  const all = testEntries('src/kit', '');
  assert.ok(Object.keys(all).includes('paged.test'), Object.keys(all).join(', '));
  for (const file of Object.values(all)) assert.match(file, /\.test\.tsx?$/);
  assert.deepEqual(Object.keys(testEntries('src/kit', 'kit/paged.test')), ['paged.test']);
});
