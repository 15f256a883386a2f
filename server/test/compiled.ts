/**
 * A server entry point compiled into one JavaScript file (tools/server/bundle.mjs, as `npm run build` makes
 * production's), for the processes and worker threads a test starts. Started through TypeScript's loader, each of
 * those compiled every server module again by itself, more than a second of CPU before its first line ran.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { PROJECT_ROOT } from '../paths';
import { bundleServer } from '../../tools/server/bundle.mjs';

// Under node_modules, so the compiled file finds the native packages, and ignored by git. test/node-tests.mjs names
// one folder for its whole run (TEST_COMPILED_DIR), so its test processes build each entry once between them and it
// removes the folder at the end; a test process started otherwise has a folder of its own, removed when it exits.
const shared = process.env.TEST_COMPILED_DIR;
const folder = shared ?? join(PROJECT_ROOT, 'node_modules', '.cache', 'merchant-ads-tests', String(process.pid));
const built = new Map<string, string>();

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
  bundleServer(join(PROJECT_ROOT, entry), aside);
  renameSync(`${aside}.map`, `${out}.map`);
  renameSync(aside, out);
  rmSync(dirname(aside), { recursive: true, force: true });
}
