// One source tree, a list of builds: the script tag, the module builds with their types, the bridge page, the React
// host example, and (TEST) the browser tests. Which module a build swaps for another, and why, is one table:
// tools/rollup/swaps.mjs. Each plugin is a file of tools/rollup/, tested in test/node/.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, resolve, basename } from 'node:path';
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import typescript from '@rollup/plugin-typescript';
import postcss from 'rollup-plugin-postcss';
import { dts } from 'rollup-plugin-dts';
import { bridgeAlone, bridgeHtml } from './tools/rollup/bridge-page.mjs';
import { chunkName, named } from './tools/rollup/chunk-names.mjs';
import { cleanDist, distTsconfig, elementTypes, useClient } from './tools/rollup/dist-files.mjs';
import { lineMaps } from './tools/rollup/line-maps.mjs';
import { copyLocales, localePaths, sharedLocales } from './tools/rollup/locales.mjs';
import { minify } from './tools/rollup/minify.mjs';
import { scriptTag } from './tools/rollup/script-tag.mjs';
import { MODULE_OWN_FILES, MODULE_RENDERER_FILES, sharedFiles } from './tools/rollup/shared-files.mjs';
import { HOST_REACT, preactAliases, react18, runtimeRenderer, scriptTwins } from './tools/rollup/swaps.mjs';
import { testEntries } from './tools/rollup/test-entries.mjs';

const root = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8'));
const at = (p) => resolve(root, p);
const buildTools = readdirSync(at('tools/rollup'))
  .filter((f) => f.endsWith('.mjs') && f !== 'build.mjs')
  .map((f) => `tools/rollup/${f}`);

/** Every build's pipeline, on preact (`onReact` leaves the preact swaps out). */
const plugins = (tsOptions = {}) => [
  preactAliases,
  replace({
    preventAssignment: true,
    values: { __SDK_VERSION__: JSON.stringify(pkg.version), 'process.env.NODE_ENV': '"production"' },
  }),
  // Not `browser: true`: navigo's browser field points at a UMD build.
  nodeResolve({ extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
  commonjs({ strictRequires: false }),
  json({ preferConst: true, compact: true }),
  postcss({ inject: false, extract: false, minimize: true }),
  // TypeScript only strips types: `npm run typecheck` (run by `npm test` before any build) is where a type error
  // fails (noCheck: syntax errors still stop the build). Source maps only where an output writes them.
  typescript({ tsconfig: at('tsconfig.json'), noEmitOnError: true, noCheck: true, sourceMap: false, ...tsOptions }),
];
const onReact = (tsOptions) => plugins(tsOptions).filter((p) => p !== preactAliases);

/** The script tag: rollup's AMD output, one id for all its files, wrapped for tools/script-loader.js. */
function scriptBuild({ input, dir, prefix, name, before = [], after = [] }) {
  const { stamp, wrap, buildId } = scriptTag({
    input,
    prefix,
    name,
    root,
    loaderFile: at('tools/script-loader.js'),
    report: at(`build/script-tag/${basename(prefix)}.json`),
    // The build's own code: a change to it renames every file too.
    sources: ['rollup.config.mjs', ...buildTools].map(at),
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
      // Short names for what the files take from each other; no Symbol.toStringTag on each file's exports object.
      minifyInternalExports: true,
      generatedCode: { preset: 'es2015', symbols: false },
      freeze: false,
      esModule: false,
      plugins: [wrap, minify(false)],
    },
    plugins: [...before, stamp, scriptTwins, ...plugins(), ...after],
  };
}

/**
 * The module build's files in one format, minified, each with its source map (the SDK's TypeScript in it). The
 * CommonJS files are the same graph for `require`: import() becomes require() of the file beside it.
 */
function moduleFiles(format, extra) {
  const ext = format === 'es' ? 'mjs' : 'cjs';
  const common = {
    dir: at('dist'),
    manualChunks: sharedFiles('merchant-ads', MODULE_OWN_FILES, MODULE_RENDERER_FILES),
    onlyExplicitManualChunks: true,
    entryFileNames: `[name].${ext}`,
    chunkFileNames: named('merchant-ads', ext),
    format,
    paths: localePaths,
    sourcemap: true,
  };
  // A language's import attribute written as `with` (node 22 reads no `assert`); require() takes none.
  if (format === 'es') return { ...common, importAttributesKey: 'with', plugins: [minify(true), ...extra, lineMaps] };
  const cjs = { exports: 'named', generatedCode: 'es2015', dynamicImportInCjs: false, externalImportAttributes: false };
  return { ...common, ...cjs, plugins: [minify(false, true), ...extra, lineMaps] };
}
const types = (input, file, plugins, external) => ({
  input,
  output: ['d.ts', 'd.cts'].map((ext) => ({ file: at(`dist/${file}.${ext}`), format: 'es' })),
  plugins,
  external: [...external, /\.css$/],
});

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
    // merchant-ads-sdk, merchant-ads-sdk/element and merchant-ads-sdk/react share one copy of the app, split with
    // native import() so a host's bundler splits it too; each entry exports the public API alone ('strict').
    input: { 'merchant-ads': at('src/module.ts'), element: at('src/element.ts'), react: at('src/react.tsx') },
    preserveEntrySignatures: 'strict',
    output: [moduleFiles('es', [useClient]), moduleFiles('cjs', [useClient])],
    plugins: [sharedLocales, runtimeRenderer, ...onReact({ sourceMap: true }), distTsconfig],
  },
  types(at('src/index.ts'), 'merchant-ads', [preactAliases, dts({ tsconfig: at('tsconfig.json') }), elementTypes], []),
  {
    input: { bridge: at('bridge/main.ts') },
    output: { dir: at('dist/bridge'), format: 'iife', entryFileNames: '[name].js', plugins: [minify(false)] },
    plugins: [...plugins(), bridgeHtml, bridgeAlone],
  },
  // react and react-dom are the host's; @preact/signals-react is bundled (the app's own state, not the host's).
  types(at('src/react.tsx'), 'react', [dts({ tsconfig: at('tsconfig.react.json') })], [HOST_REACT]),
  {
    // The examples' React host page (examples/react.html): React 19 and the component, split as a host splits it.
    input: at('examples/react-host.tsx'),
    output: {
      dir: at('dist/examples'),
      entryFileNames: 'react-host.js',
      chunkFileNames: named('react-host', 'js'),
      format: 'es',
      plugins: [minify(true)],
    },
    plugins: onReact({ tsconfig: at('examples/tsconfig.json'), include: ['src/**/*', 'examples/**/*'], exclude: [] }),
  },
];

// The browser tests, bundled by the same pipeline as the SDK, so they exercise what ships. They only compile
// (`npm run typecheck` checks them). 'strict': no chunk imports a test file, which the runner loads with a query.
const testBuild = ({ dirs, out, pipeline }) => ({
  input: Object.assign({}, ...dirs.map((d) => testEntries(d))),
  preserveEntrySignatures: 'strict',
  external: [/^\/__web-dev-server__/],
  output: { dir: at(out), format: 'es', chunkFileNames: 'chunks/[name]-[hash].js' },
  plugins: pipeline,
  onwarn(w, warn) {
    if (w.code !== 'CIRCULAR_DEPENDENCY' && w.code !== 'THIS_IS_UNDEFINED') warn(w);
  },
});
const testTs = (tsconfig, include) => ({
  tsconfig: at(tsconfig),
  noEmitOnError: false,
  noCheck: true,
  include,
  exclude: [],
});
const appTestTs = testTs('test/browser/tsconfig.json', ['src/**/*', 'test/browser/**/*', 'bridge/**/*']);
const REACT = process.env.REACT;
const tests = [
  // On preact; REACT: on React 19 (build/test-react/); REACT=18: on test/react18/'s React 18 (build/test-react18/).
  testBuild({
    dirs: ['test/browser', 'src', 'bridge'],
    out: !REACT ? 'build/test' : REACT === '18' ? 'build/test-react18' : 'build/test-react',
    pipeline: [...(REACT === '18' ? [react18] : []), ...(REACT ? onReact(appTestTs) : plugins(appTestTs))],
  }),
  // The React component's own tests: React 19's development build (StrictMode's double effects run only there).
  REACT
    ? null
    : testBuild({
        dirs: ['test/react-host'],
        out: 'build/test/react-host',
        pipeline: [
          replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': '"development"' } }),
          ...onReact(
            testTs('test/react-host/tsconfig.json', ['src/**/*', 'test/react-host/**/*', 'test/browser/support/**/*']),
          ),
        ],
      }),
];

export default process.env.TEST ? tests.filter((c) => c && Object.keys(c.input).length > 0) : sdk;
