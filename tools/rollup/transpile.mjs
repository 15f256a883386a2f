// TypeScript for the builds without a type check: each file is compiled on its own (the tsconfig's isolatedModules
// promises that this gives what a whole-program compile gives), so a build does not load and bind every file and
// the DOM's types first. The types are checked by `npm run typecheck`, which `npm test` runs before it builds.
import { dirname } from 'node:path';
import ts from 'typescript';

/** The compiler options of a tsconfig file (with what it extends), for emitting JavaScript. */
export function compilerOptions(tsconfig) {
  const { config, error } = ts.readConfigFile(tsconfig, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const { options, errors } = ts.parseJsonConfigFileContent(config, ts.sys, dirname(tsconfig), undefined, tsconfig);
  if (errors.length) throw new Error(errors.map((e) => ts.flattenDiagnosticMessageText(e.messageText, '\n')).join('\n'));
  return { ...options, noEmit: false, declaration: false, sourceMap: false, inlineSourceMap: false, inlineSources: false };
}

// What each file compiled to, by tsconfig and file: the builds of one run compile mostly the same files.
const compiled = new Map();

/** A rollup plugin that compiles every .ts/.tsx file outside node_modules with the given tsconfig's options. */
export function transpileTypescript({ tsconfig }) {
  const options = compilerOptions(tsconfig);
  return {
    name: 'transpile-typescript',
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.endsWith('.d.ts') || id.includes('/node_modules/')) return null;
      const key = `${tsconfig}\0${id}`;
      const known = compiled.get(key);
      if (known?.code === code) return { code: known.out, map: null };
      const out = ts.transpileModule(code, { compilerOptions: options, fileName: id, reportDiagnostics: true });
      const syntax = (out.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
      if (syntax.length) this.error(`${id}: ${ts.flattenDiagnosticMessageText(syntax[0].messageText, '\n')}`);
      compiled.set(key, { code, out: out.outputText });
      return { code: out.outputText, map: null };
    },
  };
}
