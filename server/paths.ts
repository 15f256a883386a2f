import { existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project root (the folder holding server/, examples/, dist/, locales/): the nearest folder above this module
 * with the project's package.json. Searched rather than fixed one level up, because this module is also compiled
 * into a single file elsewhere in the tree (the tests' compiled server, server/test/compiled.ts).
 */
function projectRoot(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (let dir = here; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'server')))
      return dir.endsWith(sep) ? dir : dir + sep;
    if (dirname(dir) === dir) return join(here, '..') + sep;
  }
}

export const PROJECT_ROOT = projectRoot();
