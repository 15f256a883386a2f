// What the builds add to dist/ beside their bundles, and the one thing they add to a bundle after minifying.
import { readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import MagicString from 'magic-string';

const root = fileURLToPath(new URL('../../', import.meta.url));
const at = (p) => resolve(root, p);

/** File names carry hashes or the build's id: a build starts from an empty dist/, so no older file lingers there. */
export const cleanDist = {
  name: 'clean-dist',
  buildStart() {
    rmSync(at('dist'), { recursive: true, force: true });
  },
};

/**
 * dist/ is JavaScript for any host's bundler, and none of the SDK's own TypeScript settings apply to it. Without a
 * tsconfig.json of its own, esbuild would apply the root one (which maps react to preact/compat for the script tag)
 * to a linked package's dist/ files (npm link, a workspace), and bundle preact where the host's React belongs.
 */
export const distTsconfig = {
  name: 'dist-tsconfig',
  generateBundle() {
    const source =
      '{\n  // Compiled output for any bundler: no path mapping applies here (see rollup.config.mjs).\n  "compilerOptions": {}\n}\n';
    this.emitFile({ type: 'asset', fileName: 'tsconfig.json', source });
  },
};

/**
 * merchant-ads-sdk/element's types are the main entry's (it re-exports it), so one declaration of the element's
 * global types; beside them the types-only entries for templates: Vue's (vue.d.ts) and React's TSX (jsx.d.ts).
 */
export const elementTypes = {
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

/**
 * The React component is a client component: a React Server Components bundler (Next.js's App Router) that meets
 * `import { MerchantAds } from 'merchant-ads-sdk/react'` in a server page must send it to the browser, not run it
 * on the server, where React has no createContext. Rollup drops a module's own directives when it bundles, and the
 * minifier drops ones it does not know, so that entry gets it after both.
 */
export const useClient = {
  name: 'use-client',
  renderChunk(code, chunk) {
    if (!chunk.isEntry || chunk.name !== 'react') return null;
    const out = new MagicString(code).prepend('"use client";\n');
    return { code: out.toString(), map: out.generateMap({ hires: true }) };
  },
};
