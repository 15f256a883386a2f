// The reference server on each engine, side by side in one run: SQLite with one process, PostgreSQL with one and
// with two processes (the load generator turns about between them, as a proxy would). Two mixes of the app's own
// calls, each caller a merchant of its own, as many callers as --callers, each sending its next call as soon as
// the last one answered:
//   polling  what an open app asks every 30 s: statistics, the ticker, wallet figures, user info, the unread count;
//   money    withdrawals (with the transaction password: a scrypt check each) and plan puts, one after the other.
// It prints requests/s, p50 and p95 per engine and mix, and the answers that were refusals (a withdrawal over the
// day's limit or the balance, a password check held by the CPU gate), which are part of what a server answers.
// A benchmark run by hand, not a test (the machine's load moves the numbers: compare the rows of one run):
//   node bench/engines.mjs [--seconds 8] [--callers 50] [--rounds 2] [--only sqlite-1,postgres-1,postgres-2]
// PostgreSQL: DATABASE_URL (a role that may create databases), else a throwaway cluster (test/postgres.mjs).
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startPostgres } from '../test/postgres.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: o } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    callers: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '2' },
    only: { type: 'string' },
  },
});
const seconds = Number(o.seconds);
const callers = Number(o.callers);
const TZ = 'Asia/Shanghai; GMT+08:00';
const PAY = '246810';
const payWire = createHash('md5').update(PAY).digest('hex');

function startServer(env) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--test-api'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATABASE: '',
      DATABASE_URL: '',
      CONNECTIONS_PER_ADDRESS: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = new Promise((ok, fail) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (m) ok(m[0]);
    });
    child.once('exit', (code) => fail(new Error(`a server exited with ${code}`)));
  });
  return { child, origin };
}

async function call(origin, method, path, body, token) {
  const headers = { 'x-tz': TZ };
  if (token) headers['x-ct'] = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(`${origin}/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return r.json();
}

async function setUp(origins) {
  const merchants = [];
  for (let i = 0; i < callers; i++) {
    const origin = origins[i % origins.length];
    const m = (await call(origin, 'POST', '/__test__/merchant', { pay_password: PAY, card: 'bank' })).data;
    await call(origin, 'POST', '/__test__/wallet', { username: m.username, balance: '1000000.00' });
    const plans = [];
    for (let k = 0; k < 3; k++)
      plans.push(
        ...(
          await call(origin, 'POST', '/__test__/plans', {
            username: m.username,
            lowest: '1.00',
            highest: '5.00',
            count: 20,
          })
        ).data.ids,
      );
    merchants.push({ ...m, plans });
  }
  return merchants;
}

const POLLING = [
  ['GET', '/ad/order/data_statistics/list?type=today'],
  ['GET', '/broadcast-data'],
  ['GET', '/user/property'],
  ['GET', '/user/info'],
  ['POST', '/user/notifications/unread_count', {}],
];

async function load(origins, merchants, mix) {
  const latencies = [];
  const refusals = {};
  const until = performance.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    merchants.map(async (m, i) => {
      for (let k = 0; performance.now() < until; k++) {
        const origin = origins[(i + k) % origins.length];
        let method, path, body;
        if (mix === 'polling') [method, path, body] = POLLING[k % POLLING.length];
        else if (k % 2 === 0)
          [method, path, body] = [
            'POST',
            '/user/withdraw',
            { amount: '1.00', password: payWire, request_id: randomUUID() },
          ];
        else {
          const id = m.plans.shift();
          [method, path, body] = id
            ? ['POST', '/plan/order/put', { id, amount: '2.00', official: false, request_id: randomUUID() }]
            : ['GET', '/user/property'];
        }
        const t = performance.now();
        // A connection the server closed is counted with the refusals, not fatal: it is part of what callers meet.
        const r = await call(origin, method, path, body, m.token).catch((err) => ({
          code: err.cause?.code ?? err.name,
        }));
        latencies.push(performance.now() - t);
        n++;
        if (r.code !== 200) {
          const why = `${path} ${r.data?.reason ?? r.code}`;
          refusals[why] = (refusals[why] ?? 0) + 1;
        }
      }
    }),
  );
  const s = latencies.sort((a, b) => a - b);
  const q = (x) => s[Math.min(s.length - 1, Math.floor(s.length * x))];
  return { rps: n / seconds, p50: q(0.5), p95: q(0.95), refusals };
}

const configs = [
  { name: 'sqlite-1', engine: 'sqlite', processes: 1 },
  { name: 'postgres-1', engine: 'postgres', processes: 1 },
  { name: 'postgres-2', engine: 'postgres', processes: 2 },
].filter((c) => !o.only || o.only.split(',').includes(c.name));

const pgServer = configs.some((c) => c.engine === 'postgres') ? await startPostgres() : null;
const dir = mkdtempSync(join(tmpdir(), 'merchant-ads-bench-'));
const results = [];
try {
  for (let round = 1; round <= Number(o.rounds); round++) {
    for (const c of configs) {
      let env;
      if (c.engine === 'sqlite') env = { DATABASE: join(dir, `bench-${round}.db`) };
      else {
        const name = `merchant_ads_bench_${process.pid}_${round}_${c.processes}`;
        const admin = new pg.Client({ connectionString: pgServer.url });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${name}`);
        await admin.end();
        const url = new URL(pgServer.url);
        url.pathname = `/${name}`;
        env = { DATABASE_URL: url.toString() };
      }
      // Start one first: it migrates and seeds; a second then finds the work done.
      const servers = [startServer(env)];
      const origins = [await servers[0].origin];
      for (let p = 1; p < c.processes; p++) {
        servers.push(startServer(env));
        origins.push(await servers[p].origin);
      }
      try {
        const merchants = await setUp(origins);
        await load(origins, merchants, 'polling'); // warm-up: the caches and the pool
        for (const mix of ['polling', 'money'])
          results.push({ round, config: c.name, mix, ...(await load(origins, merchants, mix)) });
      } finally {
        for (const s of servers) s.child.kill('SIGTERM');
        await Promise.all(servers.map((s) => (s.child.exitCode === null ? once(s.child, 'exit') : null)));
      }
    }
  }
} finally {
  await pgServer?.stop();
  rmSync(dir, { recursive: true, force: true });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};
console.log(`\n${callers} callers, ${seconds} s per mix, ${o.rounds} rounds (medians of the rounds)`);
console.log(
  `${'engine × processes'.padEnd(20)} ${'mix'.padEnd(8)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}  refusals (last round)`,
);
for (const c of configs) {
  for (const mix of ['polling', 'money']) {
    const rows = results.filter((r) => r.config === c.name && r.mix === mix);
    const last = rows.at(-1);
    const refused =
      Object.entries(last.refusals)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ') || '-';
    console.log(
      `${c.name.padEnd(20)} ${mix.padEnd(8)} ${median(rows.map((r) => r.rps))
        .toFixed(0)
        .padStart(8)} ${median(rows.map((r) => r.p50))
        .toFixed(1)
        .padStart(8)} ${median(rows.map((r) => r.p95))
        .toFixed(1)
        .padStart(8)}  ${refused}`,
    );
  }
}
