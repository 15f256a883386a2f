// `npm run test:node`: the server's tests (server/test/) and the build's (test/node/) in a few processes, each
// running its share of the files one after another. `node --test` starts a process per file, and each of those
// loaded TypeScript's loader, the server and a seeded database again before its first test: about a second of CPU
// per file, more than most files' tests take. Three processes keep the two cores busy while a file waits (on a
// timer, a socket, a worker). Each process's report is printed whole when it ends, so reports never interleave.
//   node test/node-tests.mjs [file ...]   (no files: all of them)
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';

const PROCESSES = 3;
const all = [
  ...readdirSync('server/test').filter((f) => f.endsWith('.test.ts')).map((f) => `server/test/${f}`),
  ...readdirSync('test/node').filter((f) => f.endsWith('.test.mjs')).map((f) => `test/node/${f}`),
];
const files = process.argv.length > 2 ? process.argv.slice(2) : all;

// Largest file first into the share with the fewest bytes so far: a file's size stands for its time well enough.
const shares = Array.from({ length: Math.min(PROCESSES, files.length) }, () => ({ bytes: 0, files: [] }));
for (const file of [...files].sort((a, b) => statSync(b).size - statSync(a).size)) {
  const share = shares.reduce((a, b) => (b.bytes < a.bytes ? b : a));
  share.bytes += statSync(file).size;
  share.files.push(file);
}

function run(share) {
  return new Promise((done) => {
    const out = [];
    const child = spawn(process.execPath, ['--import', 'tsx', '--test-reporter=spec', 'test/node-shard.mjs', ...share.files], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    child.on('close', (code, signal) => {
      process.stdout.write(Buffer.concat(out));
      done(code === 0 ? null : `${share.files.length} files (${share.files.join(', ')}): ${signal ?? `exit ${code}`}`);
    });
  });
}

const failures = (await Promise.all(shares.map(run))).filter(Boolean);
for (const f of failures) console.error(`✖ failed: ${f}`);
process.exit(failures.length ? 1 : 0);
