// `npm run test:node`: the server's tests (server/test/) and the build's (test/node/) in a few processes, each
// running its share of the files one after another. `node --test` starts a process per file, and each of those
// loaded TypeScript's loader, the server and a seeded database again before its first test: about a second of CPU
// per file, more than most files' tests take. Three processes keep the two cores busy while a file waits (on a
// timer, a socket, a worker). Each process's report is printed whole when it ends, so reports never interleave.
//
// The server's tests run twice: on SQLite (each test on a copy of a seeded in-memory database), then on PostgreSQL
// (test/postgres.mjs finds or starts one; each test on a seeded database of its process, put back to the seed after
// every test: server/test/postgres-test.ts), since every rule must hold on both engines.
//   node test/node-tests.mjs [file ...]   (no files: all of them)
//   DB_ENGINES=sqlite|postgres             (default both)
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dropDatabases, startPostgres } from './postgres.mjs';

const PROCESSES = 3;
const all = [
  ...readdirSync('server/test').filter((f) => f.endsWith('.test.ts')).map((f) => `server/test/${f}`),
  ...readdirSync('test/node').filter((f) => f.endsWith('.test.mjs')).map((f) => `test/node/${f}`),
];
const files = process.argv.length > 2 ? process.argv.slice(2) : all;

const engines = (process.env.DB_ENGINES ?? 'sqlite,postgres').split(',');

// What no database decides, so the PostgreSQL pass leaves it to the SQLite one: pure functions and the import graph,
// and the process's own guards (the hashing gate's lanes and queues, connection caps, body and header parsing), which
// are kept in the process's memory on either engine. Their timing tests also need the machine to themselves more
// than a second pass beside a database server leaves them.
const ENGINE_FREE = new Set([
  'layers', 'money', 'sanitize-chars', 'tz-range', 'raw-http', 'body-limits', 'connections', 'cpu-gate', 'cpu-lanes',
  'client-address', 'pages',
].map((name) => `server/test/${name}.test.ts`));

// Largest file first into the share with the fewest bytes so far: a file's size stands for its time well enough.
function sharesOf(list) {
  const shares = Array.from({ length: Math.min(PROCESSES, list.length) }, () => ({ bytes: 0, files: [] }));
  for (const file of [...list].sort((a, b) => statSync(b).size - statSync(a).size)) {
    const share = shares.reduce((a, b) => (b.bytes < a.bytes ? b : a));
    share.bytes += statSync(file).size;
    share.files.push(file);
  }
  return shares;
}

function run(share, env = process.env) {
  return new Promise((done) => {
    const out = [];
    const child = spawn(process.execPath, ['--import', 'tsx', '--test-reporter=spec', 'test/node-shard.mjs', ...share.files], { stdio: ['ignore', 'pipe', 'pipe'], env });
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    child.on('close', (code, signal) => {
      process.stdout.write(Buffer.concat(out));
      done(code === 0 ? null : `${env.TEST_DATABASE_URL ? 'PostgreSQL: ' : ''}${share.files.length} files (${share.files.join(', ')}): ${signal ?? `exit ${code}`}`);
    });
  });
}

const failures = [];
const serverFiles = files.filter((f) => f.startsWith('server/'));
const databaseFiles = serverFiles.filter((f) => !ENGINE_FREE.has(f));
// The build's tests, and the server's on SQLite.
const first = engines.includes('sqlite') ? files : files.filter((f) => !f.startsWith('server/'));
if (first.length) failures.push(...(await Promise.all(sharesOf(first).map((s) => run(s)))));
if (engines.includes('postgres') && databaseFiles.length) {
  const started = Date.now();
  const pg = await startPostgres();
  const template = `merchant_ads_test_${process.pid}`;
  try {
    const env = { ...process.env, TEST_DATABASE_URL: pg.url, TEST_TEMPLATE: template };
    execFileSync(process.execPath, ['--import', 'tsx', 'server/test/postgres-templates.ts'], { env, stdio: 'inherit' });
    console.log(`\n# the server's tests on PostgreSQL (${pg.started ? 'a cluster started for them' : 'DATABASE_URL'})`);
    failures.push(...(await Promise.all(sharesOf(databaseFiles).map((s) => run(s, env)))));
  } finally {
    // A cluster of our own goes whole; on a given server, the templates and every database a test left go.
    if (!pg.started) await dropDatabases(pg.url, template);
    await pg.stop();
  }
  console.log(`# PostgreSQL run: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
failures.splice(0, failures.length, ...failures.filter(Boolean));
for (const f of failures) console.error(`✖ failed: ${f}`);
process.exit(failures.length ? 1 : 0);
