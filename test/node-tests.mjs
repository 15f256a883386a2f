// `npm run test:node`: the server's tests (server/test/) and the build's (test/node/) in a few processes, each
// running files one after another, the next file going to whichever process finishes one first (test/node-shard.mjs
// asks for it). `node --test` starts a process per file, and each of those loaded TypeScript's loader, the server and
// a seeded database again before its first test: about a second of CPU per file, more than most files' tests take.
// Three processes keep the two cores busy while a file waits (on a timer, a socket, a worker). Each process's report
// is printed whole when it ends, so reports never interleave.
//
// The server's tests run twice: on SQLite (each test on a copy of a seeded in-memory database), then on PostgreSQL
// (test/postgres.mjs finds or starts one; each test on a seeded database of its process, put back to the seed after
// every test: server/test/postgres-test.ts), since every rule must hold on both engines. PostgreSQL is started and
// its templates made while the SQLite pass runs, and a process that finds no SQLite file left starts on PostgreSQL's.
//   node test/node-tests.mjs [file ...]   (no files: all of them)
//   DB_ENGINES=sqlite|postgres             (default both)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { dropDatabases, startPostgres } from './postgres.mjs';

const PROCESSES = 3;
const all = [
  ...readdirSync('server/test')
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `server/test/${f}`),
  ...readdirSync('test/node')
    .filter((f) => f.endsWith('.test.mjs'))
    .map((f) => `test/node/${f}`),
  // The build's and the linter's own plugins, each tested beside itself.
  ...readdirSync('tools', { recursive: true })
    .filter((f) => f.endsWith('.test.mjs'))
    .map((f) => `tools/${f}`),
];
const files = process.argv.length > 2 ? process.argv.slice(2) : all;

const engines = (process.env.DB_ENGINES ?? 'sqlite,postgres').split(',');

// What no database decides, so the PostgreSQL pass leaves it to the SQLite one: pure functions and the import graph,
// and the process's own guards (the hashing gate's lanes and queues, connection caps, body and header parsing), which
// are kept in the process's memory on either engine, and main.ts's start on SQLite (main-postgres.test.ts has its
// start on PostgreSQL). Their timing tests also need the machine to themselves more than a second pass beside a
// database server leaves them.
const ENGINE_FREE = new Set(
  [
    'layers',
    'money',
    'sanitize-chars',
    'tz-range',
    'raw-http',
    'body-limits',
    'connections',
    'cpu-gate',
    'cpu-lanes',
    'client-address',
    'trust-proxy',
    'production-start',
    'pages',
    'main',
    'main-test-api',
  ].map((name) => `server/test/${name}.test.ts`),
);

/** Largest file first: a file's size stands for its time well enough, and small files fill the gaps at the end. */
const bySize = (list) => [...list].sort((a, b) => statSync(b).size - statSync(a).size);

/** One process running files from `queue` (shared with the other processes of its engine) until none is left. */
function runShard(queue, env, engine) {
  return new Promise((done) => {
    const out = [];
    const ran = [];
    const child = spawn(
      process.execPath,
      ['--expose-internals', '--import', 'tsx', '--test-reporter=spec', 'test/node-shard.mjs'],
      { stdio: ['ignore', 'pipe', 'pipe', 'ipc'], env },
    );
    child.on('message', ({ spent }) => {
      if (spent) costs.push({ ...spent, engine });
      const file = queue.shift() ?? null;
      if (file) ran.push(file);
      if (child.connected) child.send(file);
    });
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    child.on('close', (code, signal) => {
      process.stdout.write(`\n# ${engine}: ${ran.length} file${ran.length === 1 ? '' : 's'} in one process\n`);
      process.stdout.write(Buffer.concat(out));
      done(code === 0 ? null : `${engine}, a process that ran ${ran.join(', ')}: ${signal ?? `exit ${code}`}`);
    });
  });
}

/** The suite's PostgreSQL and its templates, made while the SQLite pass runs; resolves with the test processes' env. */
async function preparePostgres(template) {
  const pg = await startPostgres();
  const env = { ...process.env, TEST_DATABASE_URL: pg.url, TEST_TEMPLATE: template };
  const maker = spawn(process.execPath, ['--import', 'tsx', 'server/test/postgres-templates.ts'], {
    env,
    stdio: 'inherit',
  });
  const [code] = await once(maker, 'exit');
  return { pg, env, failed: code === 0 ? null : `PostgreSQL: the template databases were not made (exit ${code})` };
}

const failures = [];
const serverFiles = files.filter((f) => f.startsWith('server/'));
const databaseFiles = serverFiles.filter((f) => !ENGINE_FREE.has(f));
// The build's tests, and the server's on SQLite, the timing tests of the process's own guards first, while no
// PostgreSQL work runs beside them.
const first = engines.includes('sqlite') ? files : files.filter((f) => !f.startsWith('server/'));
const sqliteQueue = [
  ...bySize(first.filter((f) => ENGINE_FREE.has(f))),
  ...bySize(first.filter((f) => !ENGINE_FREE.has(f))),
];
const postgresQueue = engines.includes('postgres') ? bySize(databaseFiles) : [];
const template = `merchant_ads_test_${process.pid}`;
// The server entries the tests start as processes and threads, compiled once for the run (server/test/compiled.ts).
const compiledDir = join('node_modules', '.cache', 'merchant-ads-tests', `run-${process.pid}`);
process.env.TEST_COMPILED_DIR = resolve(compiledDir);
const started = Date.now();
/** What each file cost, as its process measured it: { file, engine, wall, cpu } in seconds. */
const costs = [];
const postgres = postgresQueue.length ? preparePostgres(template) : null;
let postgresStarted = false;
if (postgres) postgres.then(({ failed }) => failed && failures.push(failed));
try {
  await Promise.all(
    Array.from({ length: PROCESSES }, async () => {
      if (sqliteQueue.length) failures.push(await runShard(sqliteQueue, process.env, 'SQLite'));
      if (!postgres) return;
      const { pg, env, failed } = await postgres;
      if (failed) return;
      if (!postgresStarted)
        console.log(
          `\n# the server's tests on PostgreSQL (${pg.started ? 'a cluster started for them' : 'DATABASE_URL'})`,
        );
      postgresStarted = true;
      if (postgresQueue.length) failures.push(await runShard(postgresQueue, env, 'PostgreSQL'));
    }),
  );
} finally {
  if (postgres) {
    const { pg } = await postgres;
    // A cluster of our own goes whole; on a given server, the templates and every database a test left go.
    if (!pg.started) await dropDatabases(pg.url, template);
    await pg.stop();
  }
}
// The suite's own speed is watched like the product's: the files that cost most, where to look first.
const top = [...costs].sort((a, b) => b.cpu + b.wall - (a.cpu + a.wall)).slice(0, 12);
const sum = (engine, key) =>
  costs
    .filter((c) => c.engine === engine)
    .reduce((a, c) => a + c[key], 0)
    .toFixed(0);
rmSync(compiledDir, { recursive: true, force: true });
console.log('\n# costliest files: wall s, CPU s (children included)');
for (const c of top)
  console.log(`#  ${c.wall.toFixed(1).padStart(5)} ${c.cpu.toFixed(1).padStart(5)}  ${c.engine.padEnd(10)} ${c.file}`);
for (const engine of new Set(costs.map((c) => c.engine)))
  console.log(`# ${engine}: files ${sum(engine, 'wall')} s of wall, ${sum(engine, 'cpu')} s of CPU`);
console.log(`# test:node: ${((Date.now() - started) / 1000).toFixed(1)} s`);
failures.splice(0, failures.length, ...failures.filter(Boolean));
for (const f of failures) console.error(`✖ failed: ${f}`);
process.exit(failures.length ? 1 : 0);
