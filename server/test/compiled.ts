/**
 * A server entry point compiled into one JavaScript file, for the processes and worker threads a test starts.
 * Started through TypeScript's loader, each of those compiled every server module again by itself, more than a
 * second of CPU before its first line ran; esbuild compiles the entry once in a tenth of that (once per run, or once
 * per test process started on its own).
 * The packages go into the file too: resolving and loading several hundred small modules from node_modules cost a
 * child about as much again as everything else its start does. Only native addons stay outside, loaded through a
 * `require` made for the file. With a source map of the lines only (the sources are on disk), so a child's stack
 * names the TypeScript lines (start it with --enable-source-maps) without parsing every package's source again.
 */
import { buildSync } from 'esbuild';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { PROJECT_ROOT } from '../paths';

// Under node_modules, so the compiled file finds the native packages, and ignored by git. test/node-tests.mjs names
// one folder for its whole run (TEST_COMPILED_DIR), so its test processes build each entry once between them and it
// removes the folder at the end; a test process started otherwise has a folder of its own, removed when it exits.
const shared = process.env.TEST_COMPILED_DIR;
const folder = shared ?? join(PROJECT_ROOT, 'node_modules', '.cache', 'merchant-ads-tests', String(process.pid));
const built = new Map<string, string>();
/** Packages with compiled parts, which a bundle cannot hold (pg-native is pg's optional one, never installed here). */
const NATIVE = ['better-sqlite3', 'pg-native'];

/** The compiled file of `entry` (a path from the project root, e.g. server/main.ts), built on first use. */
export function compiled(entry: string): string {
  let out = built.get(entry);
  if (!out) {
    out = join(folder, basename(entry).replace(/\.ts$/, '.mjs'));
    if (!existsSync(out)) build(entry, out);
    if (!shared && built.size === 0) process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    built.set(entry, out);
  }
  return out;
}

function build(entry: string, out: string): void {
  // Written aside and renamed into place: another test process of the run may be building the same entry, and a
  // child must never load a half-written file.
  // (The same file name, so the source map comment in it still names its map.)
  const aside = join(folder, `.building-${process.pid}`, basename(out));
  buildSync({
    entryPoints: [join(PROJECT_ROOT, entry)], outfile: aside, bundle: true, external: NATIVE,
    platform: 'node', format: 'esm', target: 'node20', sourcemap: true, sourcesContent: false, logLevel: 'warning',
    // The packages written as CommonJS call require(), which an ES module does not have.
    banner: { js: "import { createRequire as createRequireForPackages } from 'node:module'; const require = createRequireForPackages(import.meta.url);" },
  });
  renameSync(`${aside}.map`, `${out}.map`);
  renameSync(aside, out);
  rmSync(dirname(aside), { recursive: true, force: true });
}
