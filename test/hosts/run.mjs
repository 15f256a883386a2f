// `npm run test:hosts [-- <host folder> ...]`: packs the package once, then runs the hosts' test files (every
// test/hosts/<host>/*.test.mjs, or the named hosts') with node --test, all of them installing that one tarball.
// One pack for the run, not one per file: packing puts the package's README.md in the checkout's place for a moment
// (tools/package/readme.mjs), which two packs at once would tangle.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PACKED_ENV, pack } from './pack.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'node_modules' && (!only.length || only.includes(d.name)))
  .flatMap((d) =>
    readdirSync(`${here}${d.name}`)
      .filter((f) => f.endsWith('.test.mjs'))
      .map((f) => `${here}${d.name}/${f}`),
  );
if (!files.length) throw new Error(`no host test files${only.length ? ` for ${only.join(', ')}` : ''}`);

const packed = pack();
// Two host files at a time: most of a host's time is its install and its own build, which wait on the network and
// the disk as much as on a core (node's default on a two-core machine runs one file at a time).
const run = spawnSync(process.execPath, ['--test', '--test-concurrency=2', '--test-reporter=spec', ...files], {
  stdio: 'inherit',
  env: { ...process.env, [PACKED_ENV]: JSON.stringify(packed) },
});
process.exitCode = run.status ?? 1;
