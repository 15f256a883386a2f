// The reference server as one JavaScript file: what `npm run build` writes for production (build/server/main.mjs,
// started with `node --enable-source-maps build/server/main.mjs`) and what the tests start as child processes
// (server/test/compiled.ts), so the suite runs the file production runs.
// esbuild compiles the TypeScript and bundles the packages; only native addons stay outside, loaded through a
// `require` made for the file from the project's node_modules. Starting from one file skips TypeScript's loader and
// the resolution of several hundred small modules: about half the CPU of a start through tsx. The source map holds
// the lines only (the sources are on disk beside it), so stacks name the TypeScript lines without a second copy.
import { buildSync } from 'esbuild';

/** Packages with compiled parts, which a bundle cannot hold (pg-native is pg's optional one, never installed here). */
export const NATIVE = ['better-sqlite3', 'pg-native'];

/** Compiles `entry` (an absolute path to a .ts file) into `outfile` (.mjs) and its `.map`. */
export function bundleServer(entry, outfile) {
  buildSync({
    entryPoints: [entry],
    outfile,
    bundle: true,
    external: NATIVE,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
    // The packages written as CommonJS call require(), which an ES module does not have.
    banner: {
      js: "import { createRequire as createRequireForPackages } from 'node:module'; const require = createRequireForPackages(import.meta.url);",
    },
  });
}
