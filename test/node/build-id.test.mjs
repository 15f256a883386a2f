// The script-tag build names every file with one build id (not a hash per file): the script names each file it may
// load, and the id it repeats costs gzip next to nothing. Needs `npm run build` (npm test builds first).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';

const dist = new URL('../../dist/', import.meta.url);

const prefix = 'merchant-ads';
test(`${prefix}: every file beside the script carries the one build id the script names`, () => {
  const files = readdirSync(dist).filter(
    (f) => f.startsWith(`${prefix}.`) && f.endsWith('.js') && f !== `${prefix}.js`,
  );
  const ids = new Set(files.map((f) => /-([\w-]{6})\.js$/.exec(f)?.[1]));
  assert.ok(files.length > 5, `the files of ${prefix}: ${files.join(', ')}`);
  assert.equal(ids.size, 1, `one id: ${[...ids].join(', ')}`);
  const [id] = ids;
  assert.ok(id, 'a six-character id');
  const script = readFileSync(new URL(`${prefix}.js`, dist), 'utf8');
  const named = new Set(
    [...script.matchAll(new RegExp(`${prefix}\\.[\\w-]+?-([\\w-]{6})(?=["'])`, 'g'))].map((m) => m[1]),
  );
  assert.deepEqual([...named], [id], 'the script names files of its own build only');
});
