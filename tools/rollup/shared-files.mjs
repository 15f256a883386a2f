// Where code that route groups share lands: by a rule, in a few named files, not one file per accident of the
// graph. A module stays in the script tag when the signed-out app imports it, stays in its group's file when only
// that file reaches it, and otherwise goes into one of two shared files by its layer: `shared-ui` for the
// primitives (src/ui, src/lib, src/api, src/i18n and packages), `shared-screens` for what screens are built from
// (the screen kit, stores, screens' shared pieces). Imports flow from screens to primitives and never back, so
// shared-screens may import shared-ui and shared-ui never imports shared-screens: the two files load without a
// cycle. Used as rollup's manualChunks with onlyExplicitManualChunks, so a file takes the modules named here and
// not their imports too.

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RENDERER } from './swaps.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const at = (p) => resolve(root, p);
const SCREEN_LAYERS = /\/src\/(kit|stores|screens|app|shell|router)\//;

// The module build's entries' own modules, and the element itself (with the rules it shares with the React
// component), keep files of their own: the entry's core is the app alone. The renderers' names
// (src/lib/renderer.ts) and the signals' core are a file of their own, which the app's files and each renderer's file
// import: the smallest thing the two renderers' files share with the app.
export const MODULE_OWN_FILES = {
  [at('src/module.ts')]: undefined,
  [at('src/element.ts')]: undefined,
  [at('src/react.tsx')]: undefined,
  [at('src/app/element.ts')]: 'element',
  [at('src/app/element-attributes.ts')]: 'element',
  [at('src/app/host-options.ts')]: 'element',
  [RENDERER]: 'renderer',
  [at('node_modules/@preact/signals-core/dist/signals-core.mjs')]: 'renderer',
};
// A renderer and what only it imports get a file of their own, so a host's bundler never meets preact behind the
// React entry, nor an import of react behind the others.
export const MODULE_RENDERER_FILES = {
  'on-preact': [at('src/lib/renderer-preact.ts')],
  'on-react': [at('src/lib/renderer-react.ts')],
};

/**
 * The files on demand that statically reach `id` (each a module some file imports with import()), or null when the
 * entry reaches it through static imports, so the script tag carries it.
 */
export function filesReaching(id, getModuleInfo) {
  const roots = new Set();
  const seen = new Set([id]);
  const queue = [id];
  while (queue.length) {
    const info = getModuleInfo(queue.shift());
    if (!info) continue;
    if (info.isEntry) return null;
    if (info.dynamicImporters.length) roots.add(info.id);
    for (const importer of info.importers) if (!seen.has(importer)) (seen.add(importer), queue.push(importer));
  }
  return roots;
}

/**
 * What reaches `id` through static imports: the entries, and the files loaded on demand (modules some file imports
 * with import()), where a module of `stops` counts as an entry of its own: what only it reaches is its.
 */
export function entriesReaching(id, getModuleInfo, stops = []) {
  const entries = new Set();
  const seen = new Set([id]);
  const queue = [id];
  while (queue.length) {
    const info = getModuleInfo(queue.shift());
    if (!info) continue;
    if (info.isEntry || stops.includes(info.id) || info.dynamicImporters.length) {
      entries.add(info.id);
      if (stops.includes(info.id)) continue;
    }
    for (const importer of info.importers) if (!seen.has(importer)) (seen.add(importer), queue.push(importer));
  }
  return entries;
}

/**
 * rollup's `output.manualChunks` for the SDK's split builds, whose entry is named `entryName`. What the entry
 * reaches is named as the entry too, so it stays in the entry's file: otherwise a module the entry and a shared file
 * both import would become a file of its own that the entry has to load first. `ownFiles` maps modules that keep
 * a file of their own, though the first entry's graph reaches them, to that file's name (undefined: rollup names it),
 * such as a further entry on top of the first (merchant-ads-sdk/element), whose code importing the first must not run.
 * `entryFiles` maps a file's name to modules: what only those modules reach goes in that file, not in the entry's
 * (the module build's renderers, each with what it alone imports).
 */
export const sharedFiles =
  (entryName, ownFiles = {}, entryFiles = {}) =>
  (id, { getModuleInfo }) => {
    if (id in ownFiles) return ownFiles[id];
    const roots = filesReaching(id, getModuleInfo);
    if (!roots) {
      const entries = [...entriesReaching(id, getModuleInfo, Object.values(entryFiles).flat())];
      const file = Object.keys(entryFiles).find((name) => entries.every((e) => entryFiles[name].includes(e)));
      return file ?? entryName;
    }
    if (roots.size < 2) return undefined;
    return SCREEN_LAYERS.test(id) ? 'shared-screens' : 'shared-ui';
  };
