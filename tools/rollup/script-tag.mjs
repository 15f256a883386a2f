// The script-tag build (the SDK's, which the bridge page runs too): rollup's AMD output, split by route group, each
// file wrapped for tools/script-loader.js. The entry runs at once and sets `name` to the entry module's own exports;
// every other file hands its module to the loader that fetched it. File names carry the build's id, so a page still
// running an old script never mixes in a file of another build.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';

const EVENT = JSON.stringify('merchant-ads:define');
const bare = (f) => f.replace(/\.js$/, '');

/** A file other than the entry: its AMD module goes to the loader through an event on its own <script> element. */
export const wrapChunk = (code) =>
  `((define) => {\n${code}\n})((deps, factory) => document.currentScript?.dispatchEvent(new CustomEvent(${EVENT}, { detail: [deps, factory] })));\n`;

/**
 * The loader's table of each file's own imports (a piece two groups share), so it fetches them alongside a file, not
 * after it. Only the direct ones a file does not also reach through another: the loader follows the table from each
 * file it starts, so what an import brings is fetched at once all the same, and the table in the script stays short.
 * `chunks` maps every file but the entry to the files it imports; a file is named in the table by its own name alone
 * (the entry's name and a dot before it, the build's id after it).
 */
export function depsTable(entryFile, chunks, stem, buildId) {
  const direct = new Map(Object.entries(chunks).map(([f, imports]) => [f, imports.filter((d) => d !== entryFile)]));
  const reach = (f, seen = new Set()) => {
    for (const d of direct.get(f) ?? []) if (!seen.has(d)) reach(d, seen.add(d));
    return seen;
  };
  const own = (f) => bare(f).slice(stem.length, -buildId.length - 1);
  return Object.fromEntries(
    [...direct]
      .filter(([, imports]) => imports.length)
      .map(([f, imports]) => [
        own(f),
        imports.filter((d) => !imports.some((o) => o !== d && reach(o).has(d))).map(own),
      ]),
  );
}

/**
 * The entry file: the loader, then the entry's AMD module run at once; `name` is set to the public names.
 * The loader's comments go with the rest when the file is minified.
 */
export function wrapEntry({ code, loader, fileName, stem, buildId, deps, publicNames, name }) {
  // What the entry's define() asks for, handed to it by name: the loader's require and the entry's own exports.
  const asked = /\bdefine\((\[[^\]]*\])/.exec(code);
  if (!asked) throw new Error(`${fileName}: no AMD define() to wrap`);
  const args = JSON.parse(asked[1].replace(/'/g, '"')).map((d) =>
    d === 'exports' ? 'entry' : d === 'require' ? 'req' : 'undefined',
  );
  const api = `{ ${publicNames.map((n) => `${n}: entry.${n}`).join(', ')} }`;
  return `var ${name} = (function () {\n'use strict';\nvar DEFINE_EVENT = ${EVENT};\nvar STEM = ${JSON.stringify(stem)};\nvar BUILD = ${JSON.stringify(buildId)};\nvar DEPS = ${JSON.stringify(deps)};\n${loader}\nvar entry = {};\n((define) => {\n${code}\n})((deps, factory) => factory(${args.join(', ')}));\nmodules[${JSON.stringify(bare(fileName))}] = entry;\nreturn ${api};\n})();\n`;
}

/**
 * What the script tag itself carries, module by module, for test/node/core-modules.test.mjs to list and judge: each
 * module's id (relative to the project) and its code as rendered into the entry, before minifying.
 */
function writeReport(file, root, modules) {
  const rows = Object.entries(modules)
    .filter(([, m]) => m.renderedLength > 0)
    .map(([id, m]) => ({ id: id.startsWith(root) ? id.slice(root.length + 1) : id, code: m.code ?? '' }));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(rows));
}

/**
 * The script tag's plugins for a build of `input` whose files are named `<prefix>.<name>-<id>.js`: `stamp` works out
 * the build's one id (a build plugin), `wrap` wraps each file for the loader (an output plugin, before minifying),
 * and `buildId()` gives the id for the output's file names. With `report` (a file path), `wrap` also writes there
 * the modules the entry carries.
 *
 * One id for every file of the build instead of a hash per file: the script tag names every file it may load, and an
 * id it repeats costs gzip next to nothing where six random characters a file did not. It comes from every module's
 * code, the loader and the build's own files (`sources`), so any change renames every file.
 */
export function scriptTag({ input, prefix, name, root, loaderFile, sources, report }) {
  const loader = readFileSync(loaderFile, 'utf8');
  const stem = `${basename(prefix)}.`;
  let buildId = '';
  const stamp = {
    name: 'build-id',
    renderStart() {
      const hash = createHash('sha256').update(loader);
      for (const file of sources) hash.update(readFileSync(file));
      for (const id of [...this.getModuleIds()].sort())
        hash.update(id.startsWith(root) ? id.slice(root.length) : id).update(this.getModuleInfo(id)?.code ?? '');
      buildId = hash.digest('base64url').slice(0, 6);
    },
  };
  const wrap = {
    name: 'script-loader',
    renderChunk(code, chunk, _options, meta) {
      if (!chunk.isEntry) return wrapChunk(code);
      if (chunk.imports.length)
        throw new Error(`${chunk.fileName} imports ${chunk.imports.join(', ')}: the entry must run on its own`);
      const chunks = Object.fromEntries(
        Object.values(meta.chunks)
          .filter((c) => !c.isEntry)
          .map((c) => [c.fileName, c.imports]),
      );
      const publicNames = this.getModuleInfo(input).exports.filter((n) => n !== 'default');
      if (report) writeReport(report, root, chunk.modules);
      return wrapEntry({
        code,
        loader,
        fileName: chunk.fileName,
        stem,
        buildId,
        deps: depsTable(chunk.fileName, chunks, stem, buildId),
        publicNames,
        name,
      });
    },
  };
  return { stamp, wrap, buildId: () => buildId };
}
