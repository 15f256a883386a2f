// Every module one build takes in place of another, in one table: what is swapped, in which builds, and why. The
// plugins below read their rows from it, so a swap that is not in the table does not happen.
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import alias from '@rollup/plugin-alias';

const root = fileURLToPath(new URL('../../', import.meta.url));
const at = (p) => resolve(root, p);
/** React and React DOM, by any of their entry points: the host's own, in the builds on the host's React. */
export const HOST_REACT = /^react(-dom)?(\/|$)/;
const REACT_NAMES = /^(react|react-dom|react-dom\/client|react\/jsx-runtime|@preact\/signals-react\/runtime)$/;

/**
 * `builds`: `preact` (the script tag, the bridge, the Preact test build), `script tag` (its files alone), `modules`
 * (the module builds' app files), `react 18 tests`. `find` is an import's text or a resolved file; `replacement` what
 * it becomes.
 */
export const SWAPS = [
  // React's APIs run on preact/compat, a smaller script tag with the same behaviour (stack-facts).
  { builds: 'preact', find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime', why: 'React APIs on preact' },
  { builds: 'preact', find: /^react-dom\/client$/, replacement: 'preact/compat/client', why: 'React APIs on preact' },
  { builds: 'preact', find: /^react-dom$/, replacement: 'preact/compat', why: 'React APIs on preact' },
  { builds: 'preact', find: /^react$/, replacement: 'preact/compat', why: 'React APIs on preact' },
  {
    builds: 'preact',
    find: /^@preact\/signals-react\/runtime$/,
    replacement: at('src/lib/signals-runtime.ts'),
    why: '@preact/signals tracks preact components by itself: useSignals() becomes a no-op',
  },
  {
    builds: 'preact',
    find: /^@preact\/signals-react$/,
    replacement: '@preact/signals',
    why: 'the signals as preact runs them',
  },
  {
    builds: 'preact',
    find: /^(.*)\/act-root$/,
    replacement: '$1/act-root-preact',
    why: "the app's own root on preact has no act() to run in (src/app/act-root.ts is React's)",
  },
  {
    builds: 'script tag',
    find: at('src/lib/assets.ts'),
    replacement: at('src/lib/assets-script.ts'),
    why: "files load beside the script through its own loader (tools/script-loader.js), not a bundler's import()",
  },
  {
    builds: 'script tag',
    find: at('src/i18n/locale-files.ts'),
    replacement: at('src/i18n/locale-files-script.ts'),
    why: 'languages are fetched from dist/locales/, not imported',
  },
  {
    builds: 'modules',
    find: REACT_NAMES,
    replacement: at('src/lib/renderer.ts'),
    why: "one copy of the app for every entry: each entry fills the renderer (preact, or the host's React) first",
  },
  {
    builds: 'modules',
    find: /^@preact\/signals-react$/,
    replacement: '@preact/signals-core',
    why: 'the signals themselves are the same for both renderers: their core, once',
  },
  {
    builds: 'react 18 tests',
    find: HOST_REACT,
    replacement: at('test/react18/package.json'),
    why: "every import of React, by any module, resolves from test/react18/'s own install: no React 19 gets in",
  },
];
const rows = (builds) => SWAPS.filter((s) => s.builds === builds);

/** The `preact` rows, as @rollup/plugin-alias entries (the first match wins, in the table's order). */
export const preactAliases = alias({ entries: rows('preact').map(({ find, replacement }) => ({ find, replacement })) });

/** The `script tag` rows: an import that resolves to a swapped file gets its twin (the twin's own imports excepted). */
export const scriptTwins = {
  name: 'script-twins',
  async resolveId(source, importer, opts) {
    if (!importer || importer.endsWith('-script.ts')) return null;
    const r = await this.resolve(source, importer, { ...opts, skipSelf: true });
    const swap = r && rows('script tag').find((s) => s.find === r.id);
    return swap ? swap.replacement : r;
  },
};

// Only the renderers themselves and the React component import the real packages; react and react-dom stay the
// host's (external), preact and the signals are bundled.
const REAL_REACT_IMPORTERS = [
  'src/react.tsx',
  'src/lib/renderer-react.ts',
  'src/lib/renderer-preact.ts',
  'src/lib/renderer.ts',
].map(at);
export const RENDERER = at('src/lib/renderer.ts');

/** The `modules` rows, for the app's files (src/) other than the renderers. */
export const runtimeRenderer = {
  name: 'runtime-renderer',
  async resolveId(source, importer, opts) {
    if (importer?.startsWith(at('src/')) && !REAL_REACT_IMPORTERS.includes(importer)) {
      const swap = rows('modules').find((s) => s.find.test(source));
      if (swap?.replacement === RENDERER) return RENDERER;
      if (swap) return this.resolve(swap.replacement, importer, { ...opts, skipSelf: true });
    }
    // Imported for their exports alone: no file of the app's needs React run first, so rollup adds no bare
    // `import "react"` to the files the other entries load (which have no React to import).
    return HOST_REACT.test(source) ? { id: source, external: true, moduleSideEffects: false } : null;
  },
};

/** The `react 18 tests` row: React resolved as if imported from test/react18/. */
export const react18 = {
  name: 'react-18',
  resolveId(source, _importer, opts) {
    const [swap] = rows('react 18 tests');
    if (!swap.find.test(source)) return null;
    return this.resolve(source, swap.replacement, { ...opts, skipSelf: true });
  },
};
