// The palette (src/ui/styles/palette.css: the colours only what loads on demand uses) is not in the entry files,
// and every file loaded on demand that draws anything brings it, itself or through a file it loads first. Read from
// the built files in dist/, each build as a host receives it. Needs `npm run build` (npm test builds first).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const dist = new URL('../../dist/', import.meta.url);
const PALETTE = '--ma-gold:';

/** A build's files by name (no folder, no extension), each with its code and the names of the files it loads first. */
function build(folder, prefix, ext) {
  const dir = new URL(folder, dist);
  const files = new Map();
  // The module build's entries (merchant-ads, element, react) share one set of files.
  for (const name of readdirSync(dir).filter(
    (f) => (ext === '.mjs' || f.startsWith(`${prefix}.`)) && f.endsWith(ext),
  )) {
    const code = readFileSync(new URL(name, dir), 'utf8');
    const deps =
      ext === '.js'
        ? // The script tag's files are rollup's AMD modules in the loader's wrapper: their list of dependencies first.
          [...(/\["exports"([^\]]*)\]/.exec(code)?.[1] ?? '').matchAll(/"\.\/([^"]+)"/g)].map((m) => m[1])
        : // The module builds' static imports (a dynamic import() loads a file later, not first).
          [...code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[^'"();]*?from\s*)?["']\.\/([^"']+)\.mjs["']/g)].map(
            (m) => m[1],
          );
    files.set(name.slice(0, -ext.length), { code, deps });
  }
  return files;
}

function reaches(files, name, seen = new Set()) {
  if (seen.has(name)) return false;
  seen.add(name);
  const file = files.get(name);
  if (!file) return false;
  return file.code.includes(PALETTE) || file.deps.some((d) => reaches(files, d, seen));
}

for (const [label, folder, prefix, ext, entry] of [
  ['script tag', '', 'merchant-ads', '.js', 'merchant-ads'],
  ['module', '', 'merchant-ads', '.mjs', 'merchant-ads'],
  ['React', '', 'merchant-ads', '.mjs', 'react'],
]) {
  test(`${label}: the entry leaves the palette out, and every file loaded on demand brings it`, () => {
    assert.ok(
      existsSync(new URL(`${folder}${entry}${ext}`, dist)),
      'dist/ is written by the build: run npm run build first',
    );
    const files = build(folder, prefix, ext);
    const entryFile = files.get(entry);
    assert.ok(entryFile, `${entry}${ext} is in dist/${folder}`);
    assert.equal(entryFile.code.includes(PALETTE), false, `${entry}${ext} carries the palette`);
    // A module build's entry re-exports its core file (the app itself), which loads with it, as do the renderers'
    // files (src/lib/renderer.ts).
    const core = [...files.keys()].filter((n) => /\.(core|renderer|on-preact|on-react)-/.test(n));
    for (const n of core) assert.equal(files.get(n).code.includes(PALETTE), false, `${n} carries the palette`);
    // Languages, web-vitals and the `<merchant-ads>` element (which mounts the app the entry holds) draw nothing;
    // what two files share is checked through the files that load it.
    const drawing = [...files.keys()].filter(
      (n) =>
        n !== entry &&
        !core.includes(n) &&
        !/\.(locale-|metrics-|shared-|element-)|^(merchant-ads|element|react)$/.test(n),
    );
    assert.ok(drawing.length >= 8, `the files on demand: ${drawing.join(', ')}`);
    const without = drawing.filter((n) => !reaches(files, n));
    assert.deepEqual(without, [], 'files loaded on demand that neither carry nor load the palette');
  });
}
