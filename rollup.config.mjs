// One source tree, a list of builds: the script-tag AMD files, the ESM builds with their types, the bridge page (the
// bridge alone: the page runs the script tag's app), the React host example, and (TEST=1) the browser tests. The
// build's own plugins are in tools/rollup/.
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, resolve, basename } from 'node:path';
import alias from '@rollup/plugin-alias';
import MagicString from 'magic-string';
import { decode, encode } from '@jridgewell/sourcemap-codec';
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import postcss from 'rollup-plugin-postcss';
import { dts } from 'rollup-plugin-dts';
import { protocolPage } from './tools/rollup/protocol-page.mjs';
import { scriptTag } from './tools/rollup/script-tag.mjs';
import { sharedFiles } from './tools/rollup/shared-files.mjs';

const root = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8'));
const at = (p) => resolve(root, p);

// React APIs run on preact/compat; @preact/signals-react runs as @preact/signals, which tracks preact
// components by itself, so useSignals() becomes a no-op (stack-facts: same behaviour, a smaller script tag).
const aliases = alias({
  entries: [
    { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
    { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
    { find: /^react-dom$/, replacement: 'preact/compat' },
    { find: /^react$/, replacement: 'preact/compat' },
    { find: /^@preact\/signals-react\/runtime$/, replacement: at('src/lib/signals-runtime.ts') },
    { find: /^@preact\/signals-react$/, replacement: '@preact/signals' },
    // The app's own root on preact has no act() to run in (src/app/act-root.ts is React's).
    { find: /^(.*)\/act-root$/, replacement: '$1/act-root-preact' },
  ],
});

const plugins = (tsOptions = {}) => [
  aliases,
  replace({
    preventAssignment: true,
    values: { __SDK_VERSION__: JSON.stringify(pkg.version), 'process.env.NODE_ENV': '"production"' },
  }),
  // Not `browser: true`: navigo's browser field points at a UMD build.
  nodeResolve({ extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
  commonjs({ strictRequires: false }),
  json({ preferConst: true, compact: true }),
  postcss({ inject: false, extract: false, minimize: true }),
  // TypeScript here only strips types: `npm run typecheck` (run by `npm test` before any build) is where a type error
  // fails, so no build pays for a full type check of the program again (noCheck: syntax errors still stop the build).
  // Source maps only where an output writes them: the module builds (`{ sourceMap: true }`).
  typescript({ tsconfig: at('tsconfig.json'), noEmitOnError: true, noCheck: true, sourceMap: false, ...tsOptions }),
];

// Each language is in the package once, as dist/locales/<lang>.json, which every build reads: the script-tag build
// fetches it (src/i18n/locale-files-script.ts), and the module builds (ES and CommonJS, the SDK's and the React
// component's) import that same file by its path instead of bundling a copy. A host's bundler still makes a chunk of
// each language. The ES files import it with `with { type: 'json' }`, which node requires of a JSON module (bundlers
// read it either way); the CommonJS files require() it, which node and Jest read as JSON.
const LOCALE_ID = /^merchant-ads-locale:(\w+)$/;
/** Every language of locales/ as [code, its JSON without whitespace]: what dist/locales/ holds. */
const languages = () =>
  readdirSync(at('locales'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => [basename(f, '.json'), JSON.stringify(JSON.parse(readFileSync(at(`locales/${f}`), 'utf8')))]);
const sharedLocales = {
  name: 'shared-locales',
  async resolveId(source, importer, opts) {
    if (!source.endsWith('.json') || !importer) return null;
    const r = await this.resolve(source, importer, { ...opts, skipSelf: true });
    const lang = r && /\/locales\/(\w+)\.json$/.exec(r.id)?.[1];
    return lang && r.id === at(`locales/${lang}.json`)
      ? { id: `merchant-ads-locale:${lang}`, external: true, attributes: { type: 'json' } }
      : null;
  },
};
/** Where a module build's output finds a language, from a file in dist/. */
const localePaths = (id) => id.replace(LOCALE_ID, './locales/$1.json');

// The script-tag build writes dist/locales/ (the one writer: every other build only points at it).
const copyLocales = {
  name: 'copy-locales',
  generateBundle() {
    for (const [lang, data] of languages())
      this.emitFile({ type: 'asset', fileName: `locales/${lang}.json`, source: data });
  },
};

// The IIFE-like script files keep their top-level `var MerchantAds`: only the module builds have their top-level
// names mangled (`toplevel`). An ES file is minified as a module; a CommonJS file is not one to terser (no implied
// strict mode, no import/export), but node and every bundler wrap it in a function of its own, so its top-level
// names are its own to mangle too.
// unsafe_methods writes `{ get: function () {} }` as `{ get() {} }`: unsafe only for a function that is called with
// `new`, which no object property here is (constructors are declarations: preact's Component, signals' Signal).
// (unsafe_arrows, tried too, broke the script tag: the end-to-end tests caught it.)
const min = (module, toplevel = module) =>
  terser({ ecma: 2020, module, toplevel, compress: { passes: 2, unsafe_methods: true }, format: { comments: false } });

// The script-tag build swaps a few modules for their -script twins: files load beside the script through its own
// loader (src/lib/assets-script.ts) and languages are fetched from locales/ (src/i18n/locale-files-script.ts).
const SCRIPT_TWINS = ['src/lib/assets.ts', 'src/i18n/locale-files.ts'].map(at);
const scriptTwins = {
  name: 'script-twins',
  async resolveId(source, importer, opts) {
    if (!importer || importer.endsWith('-script.ts')) return null;
    const r = await this.resolve(source, importer, { ...opts, skipSelf: true });
    return r && SCRIPT_TWINS.includes(r.id) ? r.id.replace(/\.ts$/, '-script.ts') : r;
  },
};

// The module builds ship one copy of the app for every entry: the app's imports of React's names go to
// src/lib/renderer.ts, which each entry fills (the main entry and the element with preact/compat, the React entry
// with the host's React) before the app runs. Only the renderers themselves and the React component import the real
// packages; react and react-dom stay the host's (external), preact and the signals are bundled.
const RENDERER = at('src/lib/renderer.ts');
const REAL_REACT_IMPORTERS = [
  'src/react.tsx',
  'src/lib/renderer-react.ts',
  'src/lib/renderer-preact.ts',
  'src/lib/renderer.ts',
].map(at);
const RENDERED_NAMES = /^(react|react-dom|react-dom\/client|react\/jsx-runtime|@preact\/signals-react\/runtime)$/;
const runtimeRenderer = {
  name: 'runtime-renderer',
  async resolveId(source, importer, opts) {
    if (importer?.startsWith(at('src/')) && !REAL_REACT_IMPORTERS.includes(importer)) {
      if (RENDERED_NAMES.test(source)) return RENDERER;
      // The signals themselves are the same for both renderers: their core, once.
      if (source === '@preact/signals-react')
        return this.resolve('@preact/signals-core', importer, { ...opts, skipSelf: true });
    }
    // Imported for their exports alone: no file of the app's needs React run first, so rollup adds no bare
    // `import "react"` to the files the other entries load (which have no React to import).
    return /^react(-dom)?(\/|$)/.test(source) ? { id: source, external: true, moduleSideEffects: false } : null;
  },
};

/** A file's name from the module it starts with: a screen group by its folder, a language by its code. */
function chunkName(chunk) {
  const id = chunk.facadeModuleId ?? chunk.moduleIds[chunk.moduleIds.length - 1] ?? '';
  // src/screens/<group>/index.ts, or a group's second file src/screens/<group>/<name>-group.ts
  const group = /\/src\/screens\/([\w-]+)\/(?:index|([\w-]+)-group)\.tsx?$/.exec(id);
  if (group) return group[2] ? `${group[1]}-${group[2]}` : group[1];
  if (id === at('src/ui/overlay/views.ts')) return 'overlays';
  const locale = /\/locales\/(\w+)\.json$/.exec(id);
  if (locale) return `locale-${locale[1]}`;
  if (id.endsWith('/src/lib/metrics.ts')) return 'metrics';
  if (id === at('src/app/element.ts')) return 'element';
  if (['on-preact', 'on-react', 'renderer'].includes(chunk.name)) return chunk.name;
  // What a module build's entry re-exports: the app itself.
  if (chunk.moduleIds.includes(at('src/index.ts'))) return 'core';
  // A shared file named by tools/rollup/shared-files.mjs; else what two files share, named after one of its modules.
  return chunk.name.startsWith('shared-') ? chunk.name : `shared-${chunk.name.toLowerCase()}`;
}
// Six characters of hash (36 bits) tell the builds apart. The script-tag build uses one id for all its files instead.
const named = (prefix, ext) => (chunk) => `${prefix}.${chunkName(chunk)}-[hash:6].${ext}`;

/** The script-tag build (tools/rollup/script-tag.mjs): rollup's AMD output wrapped for tools/script-loader.js. */
function scriptBuild({ input, dir, prefix, name, before = [], after = [] }) {
  const { stamp, wrap, buildId } = scriptTag({
    input,
    prefix,
    name,
    root,
    loaderFile: at('tools/script-loader.js'),
    report: at(`build/script-tag/${basename(prefix)}.json`),
    sources: ['rollup.config.mjs', 'tools/rollup/script-tag.mjs'].map(at),
  });
  return {
    input: { [basename(prefix)]: input },
    // The entry also exports what the other files take from it (the wrapper hands only its own exports to `name`).
    preserveEntrySignatures: 'allow-extension',
    output: {
      dir,
      format: 'amd',
      manualChunks: sharedFiles(basename(prefix)),
      onlyExplicitManualChunks: true,
      entryFileNames: '[name].js',
      chunkFileNames: (chunk) => `${basename(prefix)}.${chunkName(chunk)}-${buildId()}.js`,
      // Short names for what the files take from each other (rollup keeps AMD's export names otherwise).
      // No Symbol.toStringTag on each file's exports object: only the loader reads them, and it never asks.
      minifyInternalExports: true,
      generatedCode: { preset: 'es2015', symbols: false },
      freeze: false,
      esModule: false,
      plugins: [wrap, min(false)],
    },
    plugins: [...before, stamp, scriptTwins, ...plugins(), ...after],
  };
}

// File names carry hashes or the build's id: a build starts from an empty dist/, so no file of an older build lingers there.
const cleanDist = {
  name: 'clean-dist',
  buildStart() {
    rmSync(at('dist'), { recursive: true, force: true });
  },
};

// dist/ is JavaScript for any host's bundler, and none of the SDK's own TypeScript settings apply to it. Without a
// tsconfig.json of its own, esbuild would apply the root one (which maps react to preact/compat for the script tag)
// to a linked package's dist/ files (npm link, a workspace), and bundle preact where the host's React belongs.
const distTsconfig = {
  name: 'dist-tsconfig',
  generateBundle() {
    const source =
      '{\n  // Compiled output for any bundler: no path mapping applies here (see rollup.config.mjs).\n  "compilerOptions": {}\n}\n';
    this.emitFile({ type: 'asset', fileName: 'tsconfig.json', source });
  },
};

// The entries' own modules, and the element itself (with the rules it shares with the React component), keep files
// of their own in the module build that has them: the entry's core is the app alone.
// The renderers' names (src/lib/renderer.ts) and the signals' core are a file of their own, which the app's files
// and each renderer's file import: the smallest thing the two renderers' files share with the app.
const OWN_FILES = {
  'merchant-ads': {
    [at('src/module.ts')]: undefined,
    [at('src/element.ts')]: undefined,
    [at('src/react.tsx')]: undefined,
    [at('src/app/element.ts')]: 'element',
    [at('src/app/host-options.ts')]: 'element',
    [RENDERER]: 'renderer',
    [at('node_modules/@preact/signals-core/dist/signals-core.mjs')]: 'renderer',
  },
};
// A renderer and what only it imports get a file of their own, so a host's bundler never meets preact behind the
// React entry, nor an import of react behind the others.
const RENDERER_ENTRIES = {
  'on-preact': [at('src/lib/renderer-preact.ts')],
  'on-react': [at('src/lib/renderer-react.ts')],
};

// The module files' maps keep, of each run of minified code from one line of the SDK's source, its first mapping:
// every position in a file still maps to the right source file and line (a stack trace, a breakpoint, a bundler's
// own map), as webpack's "cheap" maps do, at a third of the size of a map of every token. The names and the sources
// stay in the maps.
const lineMaps = {
  name: 'line-maps',
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle)) {
      if (file.type !== 'asset' || !file.fileName.endsWith('.map')) continue;
      const map = JSON.parse(file.source);
      map.mappings = encode(
        decode(map.mappings).map((segments) => {
          let last = '';
          return segments.filter((s) => {
            const at = s.length > 1 ? `${s[1]}:${s[2]}` : '';
            return at !== last && ((last = at), true);
          });
        }),
      );
      file.source = JSON.stringify(map);
    }
  },
};

/**
 * A module build's files in one format, `<prefix>.mjs` or `.cjs` and the files it splits into beside it, minified
 * both, each with its source map. The CommonJS files are the same graph for `require` (a Jest test, an older tool):
 * import() becomes require() of the file beside it, a language's JSON too (Jest runs no import() without a flag), so
 * requiring the entry loads no route group or language until the app asks.
 */
function moduleFiles(prefix, format, plugins = []) {
  const ext = format === 'es' ? 'mjs' : 'cjs';
  return {
    dir: at('dist'),
    manualChunks: sharedFiles(prefix, OWN_FILES[prefix], RENDERER_ENTRIES),
    onlyExplicitManualChunks: true,
    entryFileNames: `[name].${ext}`,
    chunkFileNames: named(prefix, ext),
    format,
    paths: localePaths,
    // The minified files map back to the SDK's TypeScript for a partner's bundler, devtools and stack traces (the
    // sources are in the maps).
    sourcemap: true,
    // A language's import attribute written as `with` (node 22 reads no `assert`); require() takes none.
    ...(format === 'es'
      ? { importAttributesKey: 'with', plugins: [min(true), ...plugins, lineMaps] }
      : {
          exports: 'named',
          generatedCode: 'es2015',
          dynamicImportInCjs: false,
          externalImportAttributes: false,
          plugins: [min(false, true), ...plugins, lineMaps],
        }),
  };
}

// merchant-ads-sdk/element's types are the main entry's (it re-exports it), so one declaration of the element's
// global types; beside them the types-only entries for templates: Vue's (vue.d.ts) and React's TSX (jsx.d.ts).
const elementTypes = {
  name: 'element-types',
  generateBundle(output) {
    if (!output.file.endsWith('merchant-ads.d.ts')) return;
    this.emitFile({ type: 'asset', fileName: 'element.d.ts', source: "export * from './merchant-ads.js';\n" });
    this.emitFile({ type: 'asset', fileName: 'element.d.cts', source: "export * from './merchant-ads.cjs';\n" });
    for (const name of ['vue', 'jsx']) {
      const source = readFileSync(at(`types/${name}.d.ts`), 'utf8');
      this.emitFile({ type: 'asset', fileName: `${name}.d.ts`, source });
      // For a CommonJS project's `import type`: the same, against the "require" types.
      this.emitFile({
        type: 'asset',
        fileName: `${name}.d.cts`,
        source: source.replaceAll("'./merchant-ads.js'", "'./merchant-ads.cjs'"),
      });
    }
  },
};

// merchant-ads-sdk/react (src/react.tsx): react and react-dom are the host's. @preact/signals-react is bundled in: it
// is the app's own state, not the host's, and as a dependency of the package its required React peer installed React
// into hosts that have none (a Vue app taking the module build).
const hostReact = [/^react(-dom)?(\/|$)/];
// The component is a client component: a React Server Components bundler (Next.js's App Router) that meets
// `import { MerchantAds } from 'merchant-ads-sdk/react'` in a server page must send it to the browser, not run it
// on the server, where React has no createContext. Rollup drops a module's own directives when it bundles, and the
// minifier drops ones it does not know, so that entry gets it after both.
const useClient = {
  name: 'use-client',
  renderChunk(code, chunk) {
    if (!chunk.isEntry || chunk.name !== 'react') return null;
    const out = new MagicString(code).prepend('"use client";\n');
    return { code: out.toString(), map: out.generateMap({ hires: true }) };
  },
};
// Builds on the host's React, or choosing the renderer when they run: no build-time preact aliases.
const onReact = (tsOptions) => plugins(tsOptions).filter((p) => p !== aliases);

const sdk = [
  scriptBuild({
    input: at('src/index.ts'),
    dir: at('dist'),
    prefix: 'merchant-ads',
    name: 'MerchantAds',
    before: [cleanDist],
    after: [copyLocales],
  }),
  {
    // The module build splits the same way, with native import(): a host's bundler splits it too. Its entries share
    // one copy of the app: merchant-ads-sdk, merchant-ads-sdk/element (the same app, defining `<merchant-ads>` on
    // import) and merchant-ads-sdk/react (the component, the app on the host's React: see src/lib/renderer.ts).
    input: { 'merchant-ads': at('src/module.ts'), element: at('src/element.ts'), react: at('src/react.tsx') },
    // The entry exports the public API alone: what the route groups share with it is a file of its own (`core`),
    // which the entry re-exports from, so `import * as sdk` shows no internals.
    preserveEntrySignatures: 'strict',
    output: [moduleFiles('merchant-ads', 'es', [useClient]), moduleFiles('merchant-ads', 'cjs', [useClient])],
    plugins: [sharedLocales, runtimeRenderer, ...onReact({ sourceMap: true }), distTsconfig],
  },
  {
    input: at('src/index.ts'),
    output: [
      { file: at('dist/merchant-ads.d.ts'), format: 'es' },
      { file: at('dist/merchant-ads.d.cts'), format: 'es' },
    ],
    plugins: [aliases, dts({ tsconfig: at('tsconfig.json') }), elementTypes],
    external: [/\.css$/],
  },
];

// The bridge host page, dist/bridge/: its HTML, and bridge.js, the bridge alone. The app is the script tag's
// (dist/merchant-ads.js), which the page loads first from one folder up and whose global bridge.js uses, so the app is
// in the package once for both. The protocol (bridge/PROTOCOL.md) goes beside the page as a page,
// dist/bridge/protocol.html, so a browser shows it rendered.
const copyBridgeHtml = {
  name: 'copy-bridge-html',
  buildStart() {
    for (const f of ['bridge/index.html', 'bridge/PROTOCOL.md', 'examples/examples.css']) this.addWatchFile(at(f));
  },
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'index.html', source: readFileSync(at('bridge/index.html'), 'utf8') });
    this.emitFile({
      type: 'asset',
      fileName: 'protocol.html',
      source: protocolPage(
        readFileSync(at('bridge/PROTOCOL.md'), 'utf8'),
        readFileSync(at('examples/examples.css'), 'utf8'),
      ),
    });
  },
};
// bridge.js takes from src/ only types and the schema rules its protocol is checked with: any other module of the SDK
// here would be a second copy of the app on the page, beside the script tag's.
const BRIDGE_MAY_BUNDLE = ['bridge', 'src/api/schema'].map((dir) => `${at(dir)}/`);
const bridgeAlone = {
  name: 'bridge-alone',
  generateBundle(_options, bundle) {
    const strays = Object.values(bundle)
      .flatMap((f) => (f.type === 'chunk' ? f.moduleIds : []))
      .filter((id) => !BRIDGE_MAY_BUNDLE.some((dir) => id.startsWith(dir)));
    if (strays.length)
      this.error(
        `bridge.js would bundle what the script tag brings: ${strays.map((id) => id.replace(`${root}/`, '')).join(', ')}`,
      );
  },
};
sdk.push({
  input: { bridge: at('bridge/main.ts') },
  output: { dir: at('dist/bridge'), format: 'iife', entryFileNames: '[name].js', plugins: [min(false)] },
  plugins: [...plugins(), copyBridgeHtml, bridgeAlone],
});

sdk.push(
  {
    input: at('src/react.tsx'),
    output: [
      { file: at('dist/react.d.ts'), format: 'es' },
      { file: at('dist/react.d.cts'), format: 'es' },
    ],
    plugins: [dts({ tsconfig: at('tsconfig.react.json') })],
    external: [...hostReact, /\.css$/],
  },
  {
    // The examples' React host page (examples/react.html): React 19 and the component, no CDN, split as a host's
    // bundler splits it (route groups and languages in files of their own).
    input: at('examples/react-host.tsx'),
    output: {
      dir: at('dist/examples'),
      entryFileNames: 'react-host.js',
      chunkFileNames: named('react-host', 'js'),
      format: 'es',
      plugins: [min(true)],
    },
    plugins: onReact({ tsconfig: at('examples/tsconfig.json'), include: ['src/**/*', 'examples/**/*'], exclude: [] }),
  },
);

function testEntries(dir) {
  const out = {};
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = resolve(d, e.name);
      if (e.isDirectory()) walk(p);
      // TEST_ONLY=<part of a path>[,<another>]: build just the matching test files (a quicker loop while writing one).
      else if (
        /\.test\.tsx?$/.test(e.name) &&
        (!process.env.TEST_ONLY || process.env.TEST_ONLY.split(',').some((part) => p.includes(part)))
      )
        out[p.slice(at(dir).length + 1).replace(/\.tsx?$/, '')] = p;
    }
  };
  walk(at(dir));
  return out;
}

// The test builds only compile: `npm run typecheck` checks the same files (src, bridge, test/browser and
// test/react-host), and a type error here was only ever a warning (noEmitOnError: false), paid for on every run.
const testTs = { noCheck: true };
// Browser tests are bundled by the same pipeline as the SDK, so they exercise exactly what ships.
// preserveEntrySignatures 'strict': no chunk ever imports a test file. The runner loads each test file with a query
// (?wtr-session-id=…), so a chunk importing it by its plain URL would run a second copy of it, React and all.
const tests = {
  input: { ...testEntries('test/browser'), ...testEntries('src'), ...testEntries('bridge') },
  preserveEntrySignatures: 'strict',
  external: [/^\/__web-dev-server__/],
  output: { dir: at('build/test'), format: 'es', chunkFileNames: 'chunks/[name]-[hash].js' },
  plugins: plugins({
    tsconfig: at('test/browser/tsconfig.json'),
    noEmitOnError: false,
    ...testTs,
    include: ['src/**/*', 'test/browser/**/*', 'bridge/**/*'],
    exclude: [],
  }),
  onwarn(w, warn) {
    if (w.code !== 'CIRCULAR_DEPENDENCY' && w.code !== 'THIS_IS_UNDEFINED') warn(w);
  },
};

// TEST + REACT: the same test entries on real React 19 (react, react-dom/client, @preact/signals-react and its
// runtime): the preact aliases left out, into build/test-react/ (test/web-test-runner.react.config.mjs runs them).
if (process.env.REACT) {
  tests.plugins = tests.plugins.filter((p) => p !== aliases);
  tests.output = { ...tests.output, dir: at('build/test-react') };
}
// REACT:18 (`npm run test:react18`): the same on React 18, test/react18/'s own install, into build/test-react18/.
// Every import of react and react-dom, by any module (the SDK, the tests, @preact/signals-react and the
// use-sync-external-store shim it uses), resolves as if made from test/react18/, so no React 19 module gets in.
if (process.env.REACT === '18') {
  const react18 = {
    name: 'react-18',
    resolveId(source, _importer, opts) {
      if (!/^react(-dom)?(\/|$)/.test(source)) return null;
      return this.resolve(source, at('test/react18/package.json'), { ...opts, skipSelf: true });
    },
  };
  tests.plugins = [react18, ...tests.plugins];
  tests.output = { ...tests.output, dir: at('build/test-react18') };
}

// The React host component's tests (test/react-host/): real React 19 in its development build (StrictMode's double
// effects only run there), no aliases; run with the other browser tests from build/test/.
const reactHostTests = {
  input: testEntries('test/react-host'),
  preserveEntrySignatures: 'strict',
  external: [/^\/__web-dev-server__/],
  output: { dir: at('build/test/react-host'), format: 'es', chunkFileNames: 'chunks/[name]-[hash].js' },
  plugins: [
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': '"development"' } }),
    ...onReact({
      tsconfig: at('test/react-host/tsconfig.json'),
      noEmitOnError: false,
      ...testTs,
      include: ['src/**/*', 'test/react-host/**/*', 'test/browser/support/**/*'],
      exclude: [],
    }),
  ],
  onwarn: tests.onwarn,
};

const withEntries = (configs) => configs.filter((c) => Object.keys(c.input).length > 0);
export default process.env.TEST ? withEntries(process.env.REACT ? [tests] : [tests, reactHostTests]) : sdk;
