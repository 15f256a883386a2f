// Every route of the table resolves to a screen that a loadable file delivers: the core ones inside the script, every
// other one in its group's file, which the script-tag build ships beside dist/merchant-ads.js under the name the
// script's loader asks for. Run with tsx (npm run test:node): the route table and the groups come from src.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { register } from 'node:module';

// The screens import their CSS as a string (rollup's postcss plugin does that in the builds); here a .css module is
// an empty string. Registered after tsx's hooks, so it answers first.
register(
  'data:text/javascript,' +
    encodeURIComponent(
      'export async function load(url, context, next) {' +
        '  return /\\.css(\\?|$)/.test(url) ? { format: "module", source: "export default \\"\\"", shortCircuit: true } : next(url, context);' +
        '}',
    ),
);

const { SCREEN_ROUTES } = await import('../../src/shell/routes.ts');
const { coreGroup, GROUP_FILES } = await import('../../src/shell/groups.ts');

const dist = new URL('../../dist/', import.meta.url);
/** The other files the script loads besides the route groups: the overlay views and web-vitals (tools/rollup/chunk-names.mjs). */
const OTHER_FILES = ['overlays', 'metrics'];

test("every route of the table is shown by a screen: a core one in the script, or one its group's file delivers", async () => {
  assert.ok(SCREEN_ROUTES.length > 0);
  const missing = [];
  for (const route of SCREEN_ROUTES) {
    if (route.group === 'core') {
      if (!coreGroup.screen(route.name)) missing.push(`${route.path} (core)`);
      continue;
    }
    const file = GROUP_FILES[route.group];
    if (!file) {
      missing.push(`${route.path} (no file for group ${route.group})`);
      continue;
    }
    // Under node, loadAsset is the dynamic import itself (src/lib/assets.ts): this imports the group's module.
    const group = await file.load({});
    if (typeof group?.screen(route.name) !== 'function') missing.push(`${route.path} (group ${route.group})`);
  }
  assert.deepEqual(missing, []);
});

test("every group file is some route's, and the table has the 404 route", () => {
  const used = new Set(SCREEN_ROUTES.map((r) => r.group));
  assert.deepEqual(
    Object.keys(GROUP_FILES).filter((g) => !used.has(g)),
    [],
    'group files no route shows',
  );
  // The kernel answers unknown paths with the route named 404 (src/app/instance.ts): in the script, never a file away.
  const notFound = SCREEN_ROUTES.find((r) => r.name === '404');
  assert.ok(notFound, 'a route named 404');
  assert.equal(notFound.group, 'core');
  assert.equal(typeof coreGroup.screen('404'), 'function');
  // Paths are unique: a second route with the same path would never be reached.
  const paths = SCREEN_ROUTES.map((r) => r.path);
  assert.deepEqual(
    paths.filter((p, i) => paths.indexOf(p) !== i),
    [],
  );
});

test('each group is a file beside dist/merchant-ads.js, under the name the script asks for, with the files it imports', () => {
  assert.ok(existsSync(new URL('merchant-ads.js', dist)), 'dist/merchant-ads.js (run npm run build)');
  const script = readFileSync(new URL('merchant-ads.js', dist), 'utf8');
  for (const name of [...Object.keys(GROUP_FILES), ...OTHER_FILES]) {
    // The loader asks for "./merchant-ads.<name>-<8-character content hash>"; the quote ends the name, so
    // "ad-center" does not also match the ad-center-tools file.
    const named = [...script.matchAll(new RegExp(`merchant-ads\\.${name}-[\\w-]{6}(?=["'])`, 'g'))].map((m) => m[0]);
    assert.equal(
      new Set(named).size,
      1,
      `dist/merchant-ads.js names one merchant-ads.${name}-<hash> file: ${[...new Set(named)].join(', ') || 'none'}`,
    );
    const file = new URL(`${named[0]}.js`, dist);
    assert.ok(existsSync(file), `${named[0]}.js is in dist/`);
    const code = readFileSync(file, 'utf8');
    // A file the loader can take: it hands its module over through the define event on its own <script>.
    assert.ok(code.includes('merchant-ads:define'), `${named[0]}.js is wrapped for the loader`);
    // What it imports from other files (AMD dependencies "./merchant-ads…") is in dist/ too.
    for (const [, dep] of code.matchAll(/"\.\/(merchant-ads[\w.-]*)"/g)) {
      assert.ok(existsSync(new URL(`${dep}.js`, dist)), `${named[0]}.js imports ${dep}.js, which is in dist/`);
    }
  }
});
