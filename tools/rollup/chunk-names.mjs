// The names of the files a build splits into: a screen group by its folder, a language by its code, the pieces the
// entries own by what they are.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const at = (p) => resolve(root, p);

/** A file's name from the module it starts with. */
export function chunkName(chunk) {
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

/** `<prefix>.<name>-<hash>.<ext>`: six characters of hash (36 bits) tell the builds apart. */
export const named = (prefix, ext) => (chunk) => `${prefix}.${chunkName(chunk)}-[hash:6].${ext}`;
