// What the script tag carries, module by module: it prints each module with its minified and gzipped size, and
// fails when a module of a route group's folder lands there. The script tag is the signed-out app (sign-in,
// registration, not found) and the loader of everything else; a screen, model or view of a group that is loaded
// on demand has no place in it. What a group may leave in the core is its route meta (route.ts, routes.ts: the
// router matches every path before any group is loaded) and its file's loader (file.ts).
// Needs `npm run build` (npm test builds first): the build writes build/script-tag/<name>.json.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { minify } from 'terser';

// The signed-out app's screens (src/shell/groups.ts, coreGroup), the screen kit's own files and what screens share.
// Everything else under src/screens/ is a route group's, loaded on demand.
const CORE_SCREENS = /^src\/screens\/(define\.ts|types\.ts|shared\/|misc\/|auth\/(index\.ts|login\/|register\/))/;
const MAY_STAY = /\/(routes?|file)\.ts$/;
// Outside the screens: the call table's index and the modules of a signed-in area (a screen imports its area's
// module, so the script tag carries only the calls the signed-out app and the session make), and the badge, which
// only a signed-in header's bell shows.
const SIGNED_IN_ONLY = /^src\/(api\/calls\/(index|ad-center|plan|messages|wallet)\.ts|ui\/badge\/Badge\.tsx)$/;

/** A module's size as it is served: minified (top level kept, as in the script) and gzipped on its own. */
async function sizeOf(code) {
  const min = code.trim() ? ((await minify(code, { compress: { passes: 2 }, mangle: true })).code ?? '') : '';
  return { min: min.length, gz: gzipSync(min, { level: 9 }).length };
}

const name = 'merchant-ads';
test(`${name}.js carries no module of a route group's folder, nor one only signed-in pages run`, async (t) => {
  const file = new URL(`../../build/script-tag/${name}.json`, import.meta.url);
  assert.ok(existsSync(file), `${file.pathname} is written by the build: run npm run build first`);
  const modules = JSON.parse(readFileSync(file, 'utf8'));
  const rows = [];
  for (const m of modules) rows.push({ id: m.id, ...(await sizeOf(m.code)) });
  rows.sort((a, b) => b.min - a.min);
  const lines = rows.map((r) => `${String(r.min).padStart(7)} ${String(r.gz).padStart(6)}  ${r.id}`);
  t.diagnostic(`${rows.length} modules (minified bytes, gzipped alone, module):`);
  for (const line of lines) t.diagnostic(line);
  const misplaced = rows
    .filter(
      (r) =>
        (r.id.startsWith('src/screens/') && !CORE_SCREENS.test(r.id) && !MAY_STAY.test(r.id)) ||
        SIGNED_IN_ONLY.test(r.id),
    )
    .map((r) => r.id);
  assert.deepEqual(misplaced, [], 'modules of a route group in the script tag');
});
