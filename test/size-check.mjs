// Fails the test run when a file the widget loads grows past its budget (gzip -9, as served). The budgets only go
// down: the script tag carries the signed-out app, every other file is loaded on demand (src/shell/groups.ts).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

// dist/merchant-ads.js, dist/merchant-ads.mjs, dist/react.mjs: what a host loads first. Raised from 33 KB for
// `<merchant-ads>` (define(), which loads the element's own file, and the host element's block display), then by
// about 0.7 KB for what keeps a page's markup from acting as its script: the loader that runs only the
// SDK's own files (and says why it refused one), the Trusted Types check at mount, addresses read from the page's
// own, the logout that outlives the widget and the session answers judged by their request's token; then by 0.05 KB
// for the widget's lifetime signal, which the signed-in screens' change stream closes with. Then to 36 KB, a ceiling
// with room, when the app began to start after the host page's own paint (the `loading` option: a gate on the
// page's first paint, on the element nearing the viewport, on an idle page, and a handle that keeps what the host
// asks until then), so that no code is written for bytes.
const SCRIPT_BUDGET_KB = 36;
// The module build's entries: the same, raised by 0.5 KB when its entries began to share one copy of the app, each
// filling in its renderer when it starts (src/lib/renderer.ts): the names the app calls go through that one module;
// then with the script tag's, to keep the same room.
const MODULE_BUDGET_KB = 36.5;
// dist/bridge/bridge.js: the bridge alone (its protocol, adapters and config). The bridge page runs the script tag's
// app, dist/merchant-ads.js, loaded first: the page's first load is the two together.
const BRIDGE_BUDGET_KB = 4.5;
const FILE_BUDGET_KB = 15; // every other file: a route group, a sheet, web-vitals, a piece two files share, a language

const dist = new URL('../dist/', import.meta.url);
const kb = (n) => (n / 1024).toFixed(1);
const ENTRIES = {
  'merchant-ads.js': SCRIPT_BUDGET_KB,
  'merchant-ads.mjs': MODULE_BUDGET_KB,
  'react.mjs': MODULE_BUDGET_KB,
  'bridge/bridge.js': BRIDGE_BUDGET_KB,
};
// A module build's entry exports the public API alone and re-exports it from its `core` file, the app itself,
// which a host loads with the entry, with its renderer's file (preact/compat, or what runs the app on the host's
// React) and the renderer's names: what the entry imports statically is in its budget, measured as one file, as a
// host's bundler puts it.

let failed = false;
const fail = (msg) => {
  console.error(msg);
  failed = true;
};

/** One build's files: the entry and every file beside it with the entry's prefix, but those of `otherRenderer`. */
function build(folder, prefix, entry, ext, otherRenderer) {
  const dir = new URL(folder, dist);
  const files = readdirSync(dir)
    .filter(
      (f) =>
        f.startsWith(`${prefix}.`) &&
        f.endsWith(ext) &&
        !(f in ENTRIES) &&
        f !== entry &&
        !(otherRenderer && f.includes(`.${otherRenderer}-`)),
    )
    .sort();
  const rows = [entry, ...files].map((f) => {
    const raw = readFileSync(new URL(f, dir));
    return { name: folder + f, raw: raw.length, gz: gzipSync(raw, { level: 9 }).length, code: raw.toString() };
  });
  return rows;
}

const builds = [
  ['script tag', build('', 'merchant-ads', 'merchant-ads.js', '.js')],
  // The module build's entries share the app's files; each reaches one renderer's.
  ['module', build('', 'merchant-ads', 'merchant-ads.mjs', '.mjs', 'on-react')],
  ['React', build('', 'merchant-ads', 'react.mjs', '.mjs', 'on-preact')],
  // The bridge page's own file: nothing beside it, the rest is the script tag's.
  ['bridge page', build('bridge/', 'bridge', 'bridge.js', '.js')],
];

/** The rows of `rows` that `entry` imports statically, directly or through another (a module build's up-front files). */
function staticImports(rows, entry) {
  if (!entry.name.endsWith('.mjs')) return [];
  const found = [];
  const queue = [entry];
  while (queue.length) {
    for (const [, file] of queue.shift().code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([^"']+)["']/g)) {
      const row = rows.find((r) => r.name === file);
      if (row && !found.includes(row)) (found.push(row), queue.push(row));
    }
  }
  return found;
}

for (const [label, rows] of builds) {
  console.log(`\n${label}:`);
  const upFront = staticImports(rows, rows[0]);
  // What the entry brings with it: the gzip of the whole, less the entry's own.
  const core = upFront.length
    ? { gz: gzipSync([rows[0], ...upFront].map((r) => r.code).join('\n'), { level: 9 }).length - rows[0].gz }
    : undefined;
  for (const r of rows) {
    if (upFront.includes(r)) {
      console.log(
        `  ${r.name.padEnd(52)} ${kb(r.raw).padStart(6)} KB raw ${kb(r.gz).padStart(5)} KB gzipped (in the entry's budget)`,
      );
      continue;
    }
    const budget = ENTRIES[r.name] ?? FILE_BUDGET_KB;
    const gz = r.name in ENTRIES && core ? r.gz + core.gz : r.gz;
    const over = gz > budget * 1024;
    const what = gz === r.gz ? '' : ` (${kb(gz)} KB with what it imports)`;
    console.log(
      `  ${r.name.padEnd(52)} ${kb(r.raw).padStart(6)} KB raw ${kb(r.gz).padStart(5)} KB gzipped${what} (budget ${budget} KB)${over ? '  OVER' : ''}`,
    );
    if (over) fail(`${r.name} is over its budget by ${kb(gz - budget * 1024)} KB`);
  }
  // The whole app: every file but the languages (a merchant loads one or two of those). (The bridge page's is the
  // script tag's.)
  const app = rows.filter((r) => !/\.locale-/.test(r.name));
  if (app.length > 1)
    console.log(`  the whole app: ${app.length} files, ${kb(app.reduce((s, r) => s + r.gz, 0))} KB gzipped`);
}

// The bridge page loads the script tag, then bridge.js: the two together are its first load, and bridge.js carries
// no second copy of the app (the script tag's loader is in the app's first file, so also in any copy of it).
const [bridge] = builds[3][1];
const bridgePage = builds[0][1][0].gz + bridge.gz;
console.log(
  `\nthe bridge page loads merchant-ads.js and bridge/bridge.js: ${kb(bridgePage)} KB gzipped (budget ${SCRIPT_BUDGET_KB + BRIDGE_BUDGET_KB} KB)`,
);
if (builds[3][1].length > 1)
  fail(
    `dist/bridge/ holds files of the app beside bridge.js: ${builds[3][1]
      .slice(1)
      .map((r) => r.name)
      .join(', ')}`,
  );
if (bridge.code.includes('merchant-ads:define'))
  fail('bridge/bridge.js carries the app: the page takes it from the script tag');

const script = builds[0][1];
if (
  script.some((r) => /\breact-dom\.production|__SECRET_INTERNALS_DO_NOT_USE_OR_WARN_YOU_WILL_BE_FIRED\b/.test(r.code))
) {
  fail('real React ended up in the script-tag build: check the preact/compat aliases');
}
// The React build runs on the host's React: no preact of its own in any of its files.
if (builds[2][1].some((r) => /from"preact|\bpreact\/(compat|hooks)\b/.test(r.code)))
  fail('preact ended up in the React build');
// web-vitals is a file of its own, loaded only for a host that asks: in no entry, the bridge page's included.
for (const [, rows] of builds)
  if (/largest-contentful-paint/.test(rows[0].code)) fail(`${rows[0].name} carries web-vitals`);
if (!existsSync(new URL('locales/en.json', dist)))
  fail('dist/locales/ is missing: the script-tag build fetches its languages there');
// The languages, one JSON file each, which every build reads: each within a file's budget.
for (const f of readdirSync(new URL('locales/', dist)).filter((f) => f.endsWith('.json'))) {
  const gz = gzipSync(readFileSync(new URL(`locales/${f}`, dist)), { level: 9 }).length;
  if (gz > FILE_BUDGET_KB * 1024) fail(`locales/${f} is over its budget by ${kb(gz - FILE_BUDGET_KB * 1024)} KB`);
}
if (failed) process.exit(1);
