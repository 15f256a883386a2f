/**
 * A server entry point compiled into one JavaScript file, for the processes and worker threads a test starts.
 * Started through TypeScript's loader, each of those compiled every server module again by itself, more than a
 * second of CPU before its first line ran; esbuild compiles the entry once per test process in a tenth of that, and
 * the child loads plain JavaScript (its packages still from node_modules), as a production start would. With a
 * source map, so a child's stack names the TypeScript lines (start it with --enable-source-maps).
 */
import { buildSync } from 'esbuild';
import { rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { PROJECT_ROOT } from '../paths';

// Under node_modules, so the compiled file finds the project's packages, and ignored by git.
const folder = join(PROJECT_ROOT, 'node_modules', '.cache', 'merchant-ads-tests', String(process.pid));
const built = new Map<string, string>();

/** The compiled file of `entry` (a path from the project root, e.g. server/main.ts), built on first use. */
export function compiled(entry: string): string {
  let out = built.get(entry);
  if (!out) {
    out = join(folder, basename(entry).replace(/\.ts$/, '.mjs'));
    buildSync({
      entryPoints: [join(PROJECT_ROOT, entry)], outfile: out, bundle: true, packages: 'external',
      platform: 'node', format: 'esm', target: 'node20', sourcemap: true, logLevel: 'warning',
    });
    if (built.size === 0) process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    built.set(entry, out);
  }
  return out;
}
