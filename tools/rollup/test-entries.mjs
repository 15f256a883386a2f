// The browser tests' entries: every *.test.ts(x) under a folder, named by its path there.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * `{ <path under dir, without extension>: <file> }` for the test files under `dir`. `only` (TEST_ONLY:
 * `<part of a path>[,<another>]`) keeps just the matching files: a quicker loop while writing one.
 */
export function testEntries(dir, only = process.env.TEST_ONLY) {
  const base = resolve(root, dir);
  const out = {};
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = resolve(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.test\.tsx?$/.test(e.name) && (!only || only.split(',').some((part) => p.includes(part))))
        out[p.slice(base.length + 1).replace(/\.tsx?$/, '')] = p;
    }
  };
  walk(base);
  return out;
}
