// The builds' TypeScript step (tools/rollup/transpile.mjs): each file on its own with its tsconfig's options, types
// left to `npm run typecheck`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { compilerOptions, transpileTypescript } from '../../tools/rollup/transpile.mjs';

const tsconfig = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));
const transform = (code, id) => {
  const errors = [];
  const out = transpileTypescript({ tsconfig }).transform.call({ error: (m) => { errors.push(m); throw new Error(m); } }, code, id);
  return { out, errors };
};

test("the tsconfig's options, set to emit JavaScript only", () => {
  const options = compilerOptions(tsconfig);
  assert.equal(options.noEmit, false);
  assert.equal(options.declaration, false);
  assert.equal(options.isolatedModules, true, 'what makes a file-by-file compile give what the whole program gives');
});

test('JSX goes through the configured runtime, and an import of types only is dropped', () => {
  const { out } = transform(
    "import type { Foo } from './foo';\nimport { Bar } from './bar';\nconst n: Foo = 1 as number;\nexport const v = <Bar n={n} />;\n",
    '/x/src/v.tsx',
  );
  assert.match(out.code, /from "react\/jsx-runtime"/);
  assert.doesNotMatch(out.code, /\.\/foo/);
  assert.match(out.code, /import \{ Bar \} from '\.\/bar';/);
  assert.doesNotMatch(out.code, /: Foo|as number/);
});

test('a type error does not stop the build, a syntax error does; other files are left alone', () => {
  assert.match(transform("export const n: string = 1;\n", '/x/src/n.ts').out.code, /export const n = 1;/);
  assert.throws(() => transform('export const = ;\n', '/x/src/bad.ts'), /bad\.ts/);
  assert.equal(transform('export const a = 1;', '/x/src/a.js').out, null);
  assert.equal(transform('declare const a: 1;', '/x/src/a.d.ts').out, null);
  assert.equal(transform('export const a: 1 = 1;', '/x/node_modules/p/a.ts').out, null);
});
