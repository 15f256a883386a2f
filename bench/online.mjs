// Merchants online: what it costs the server to keep N open apps fresh, polling (every app asks every 30 s) against
// push (one change stream per app, re-reads on notices), with 1 and 2 server processes on one PostgreSQL behind
// nginx (deploy/nginx-site.conf, as docs/deploy.md installs it), side by side in one run.
//   node bench/online.mjs [--merchants 15000] [--window 60] [--only 1-polling,1-push,2-polling,2-push]
//                         [--generators 4] [--ramp 1500] [--changes 2.4]
// Every app is on the ad-centre home (where a sign-in lands): polling asks for its statistics and the ticker every
// 30 s; pushing, it holds a stream and asks for the statistics when told its plans or wallet changed (--changes
// notices per merchant and hour, sent with pg_notify as another process's writes would be: a merchant with a plan or
// two in delivery at the real pace, one step an hour, hears about that many) and for the
// ticker when told it has news (every 30 s, to everyone; nginx answers it from its 5 s cache in both modes).
// For each configuration, over the window once every app is online: CPU of the server processes, PostgreSQL and
// nginx (from /proc, in cores), per 1,000 merchants; the calls' p50 and p95 as the load generator saw them; streams
// per process; the server's memory per open stream (the slope of RSS, and of the JS heap after a collection, from half
// the streams open to all of them, both taken while they open).
// The load generator is --generators processes (bench/online-client.mjs), each from its own loopback address.
// A benchmark run by hand, not a test. PostgreSQL: DATABASE_URL (a role that may create databases), else a
// throwaway cluster (test/postgres.mjs); nginx: test/nginx.mjs.
import { fork, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startPostgres } from '../test/postgres.mjs';
import { startNginx } from '../test/nginx.mjs';
import { bundleServer } from '../tools/server/bundle.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: o } = parseArgs({
  options: {
    merchants: { type: 'string', default: '15000' },
    window: { type: 'string', default: '60' },
    only: { type: 'string' },
    generators: { type: 'string', default: '4' },
    ramp: { type: 'string', default: '1500' },
    changes: { type: 'string', default: '2.4' },
  },
});
const N = Number(o.merchants);
const WINDOW_S = Number(o.window);
const GENERATORS = Number(o.generators);
const CONFIGS = (o.only ?? '1-polling,1-push,2-polling,2-push').split(',').map((c) => {
  const [p, mode] = c.split('-');
  return { processes: Number(p), mode };
});
const log = (...a) => console.error(`[online ${new Date().toISOString().slice(11, 19)}]`, ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ----- /proc: CPU and memory of processes -----
const TICKS = 100; // USER_HZ on Linux
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / TICKS; // utime, stime
  } catch {
    return 0;
  }
}
function processes() {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return {
          pid: Number(pid),
          name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
          ppid: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]),
        };
      } catch {
        return null;
      }
    })
    .filter(Boolean);
}
const sumCpu = (pids) => pids.reduce((a, p) => a + cpuSeconds(p), 0);
/** A process tree's CPU: the root's own and its exited children's (cutime, cstime), and its live children's. */
function treeCpu(rootPid) {
  try {
    const stat = readFileSync(`/proc/${rootPid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICKS;
    return (
      own +
      sumCpu(
        processes()
          .filter((p) => p.ppid === rootPid)
          .map((p) => p.pid),
      )
    );
  } catch {
    return 0;
  }
}

// ----- the parts -----
const bundle = join(root, 'node_modules', '.cache', 'merchant-ads-bench', 'main.mjs');
mkdirSync(dirname(bundle), { recursive: true });
bundleServer(join(root, 'server', 'main.ts'), bundle);

function startServer(env) {
  const child = spawn(process.execPath, ['--expose-gc', bundle, '--test-api'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      DATABASE: '',
      TRUST_PROXY: '127.0.0.1',
      MAX_CONNECTIONS: '40000',
      POOL_SIZE: '10',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.children.add(child);
  child.once('exit', () => running.children.delete(child));
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
async function stopServer(s) {
  if (s.child.exitCode !== null) return;
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (s.child.exitCode === null) s.child.kill('SIGKILL');
}
/** What a server process holds, or zeros when it cannot be asked (a machine out of ports says so in the log). */
async function processInfo(origin) {
  try {
    const r = await fetch(`${origin}/api/__test__/process`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return (await r.json()).data;
  } catch (err) {
    log(`could not ask ${origin}: ${err.cause?.code ?? err.message}`);
    return { streams: 0, rss: 0, heap_used: 0, external: 0 };
  }
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

// ----- the run -----
// Everything this run starts, stopped on Ctrl-C or a kill as at the end.
const running = { children: new Set(), proxy: null };
const cluster = await startPostgres();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    for (const c of running.children) c.kill('SIGKILL');
    await running.proxy?.stop();
    await cluster.stop();
    process.exit(130);
  });
}
const admin = new pg.Client({ connectionString: cluster.url });
await admin.connect();
const dbName = `bench_online_${process.pid}`;
await admin.query(`CREATE DATABASE ${dbName}`);
const url = cluster.url.replace(/\/[^/]*$/, `/${dbName}`);
const rows = [];
let db;
try {
  // The first start migrates and seeds; then the merchants, in bulk (each with a wallet and a session).
  const first = startServer({ DATABASE_URL: url });
  await first.origin;
  await stopServer(first);
  db = new pg.Client({ connectionString: url });
  await db.connect();
  log(`making ${N} merchants`);
  const now = new Date().toISOString();
  const { rows: made } = await db.query(
    `INSERT INTO users (username, nickname, entry, state, store_opened, proxy_id, created_at, updated_at)
     SELECT 'online' || g, 'Online ' || g, 'register', 'active', 1, 'ON' || lpad(g::text, 9, '0'), $1, $1 FROM generate_series(1, $2) g
     RETURNING id`,
    [now, N],
  );
  const ids = made.map((r) => r.id);
  await db.query('INSERT INTO wallets (user_id, updated_at) SELECT unnest($1::int[]), $2', [ids, now]);
  await db.query(
    `INSERT INTO tokens (user_id, token_hash, created_at, expires_at)
     SELECT id, encode(sha256(convert_to('online-token-' || id, 'UTF8')), 'hex'), $2, $3 FROM unnest($1::int[]) id`,
    [ids, now, Date.now() + 30 * 86_400_000],
  );
  await db.query('ANALYZE');
  const tokens = ids.map((id) => `online-token-${id}`);

  for (const config of CONFIGS) {
    log(`${config.processes} process(es), ${config.mode}: starting`);
    const servers = Array.from({ length: config.processes }, () => startServer({ DATABASE_URL: url }));
    const origins = await Promise.all(servers.map((s) => s.origin));
    const proxy = await startNginx({
      upstreams: origins.map((u) => new URL(u).host),
      workers: 4,
      workerConnections: 20_000,
      openFiles: 19_000,
    });
    running.proxy = proxy;
    await sleep(3000);

    const generators = [];
    const totals = { open: 0, started: 0, latencies: [], errors: 0, measuring: false };
    const perGen = new Map();
    for (let g = 0; g < GENERATORS; g++) {
      const slice = tokens.filter((_, i) => i % GENERATORS === g);
      const child = fork(join(root, 'bench', 'online-client.mjs'), [], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      child.send({
        url: proxy.url,
        source: `127.0.0.${10 + g}`,
        tokens: slice,
        mode: config.mode,
        rampPerSecond: Number(o.ramp) / GENERATORS,
        pollMs: 30_000,
      });
      running.children.add(child);
      child.once('exit', () => running.children.delete(child));
      child.on('message', (m) => {
        perGen.set(g, m);
        if (totals.measuring) {
          for (const l of m.latencies) totals.latencies.push(l);
          totals.errors += m.errors;
        }
      });
      generators.push(child);
    }
    const sum = (k) => [...perGen.values()].reduce((a, m) => a + m[k], 0);
    // Online: every app started, and pushing, every stream open. Memory per stream is the slope between half the
    // streams open and all of them: what the first requests compile and cache is in both points, not in the slope.
    const deadline = Date.now() + 180_000;
    let half = null;
    while (sum('started') < N || (config.mode === 'push' && sum('open') < N)) {
      if (Date.now() > deadline) break;
      if (config.mode === 'push' && !half) {
        const info = await Promise.all(origins.map(processInfo));
        if (info.reduce((a, x) => a + x.streams, 0) >= N / 2) half = info;
      }
      await sleep(200);
    }
    // The second point of the slope: as soon as every stream is open, in the same state as the first (opening).
    const full = config.mode === 'push' ? await Promise.all(origins.map(processInfo)) : null;
    const why = {};
    for (const m of perGen.values()) for (const [k, v] of Object.entries(m.failures ?? {})) why[k] = (why[k] ?? 0) + v;
    log(
      `online: ${sum('started')} apps, ${sum('open')} streams (${sum('failedOpens')} opens failed and were tried again: ${JSON.stringify(why)}); settling`,
    );
    if (config.mode === 'push' && sum('open') < N)
      log(`nginx said: ${proxy.log().trim().split('\n').slice(-3).join(' / ')}`);
    await sleep(5000);

    // The window.
    const serverPids = servers.map((s) => s.child.pid);
    const all = processes();
    // The PostgreSQL server: the postgres process whose parent is not one (its backends come and go under it).
    const postmaster = all.find(
      (p) => p.name === 'postgres' && all.find((q) => q.pid === p.ppid)?.name !== 'postgres',
    )?.pid;
    const cpuNow = () => ({
      node: sumCpu(serverPids),
      postgres: postmaster ? treeCpu(postmaster) : NaN,
      nginx: treeCpu(proxy.pid),
    });
    const cpu0 = cpuNow();
    const t0 = performance.now();
    totals.measuring = true;
    let notices = 0;
    // Notices a tenth of a second, carrying the fraction over, so a low rate is kept exactly.
    let owed = 0;
    const noticeTimer = setInterval(() => {
      owed += (N * Number(o.changes)) / 3600 / 10;
      for (; owed >= 1; owed--) {
        const id = ids[Math.floor(Math.random() * ids.length)];
        notices++;
        void db
          .query('SELECT pg_notify($1, $2)', [
            'merchant_ads_changes',
            `${id}:${Math.random() < 0.5 ? 'wallet' : 'plans:1'}`,
          ])
          .catch(() => undefined);
      }
    }, 100);
    await sleep(WINDOW_S * 1000);
    clearInterval(noticeTimer);
    totals.measuring = false;
    const seconds = (performance.now() - t0) / 1000;
    const cpu1 = cpuNow();
    const cpu = {
      node: (cpu1.node - cpu0.node) / seconds,
      postgres: (cpu1.postgres - cpu0.postgres) / seconds,
      nginx: (cpu1.nginx - cpu0.nginx) / seconds,
    };
    const after = await Promise.all(origins.map(processInfo));
    const streams = after.map((a) => a.streams);
    const perStream = (key) => {
      if (!half || !full) return null;
      const added = full.reduce((a, x, i) => a + x.streams - half[i].streams, 0);
      return added > 0 ? full.reduce((a, x, i) => a + (x[key] - half[i][key]), 0) / added / 1024 : null;
    };
    const sorted = totals.latencies.sort((a, b) => a - b);
    const row = {
      config: `${config.processes} × ${config.mode}`,
      merchants: sum('started'),
      streams: streams.join(' + '),
      node: cpu.node,
      perThousand: (cpu.node / (N / 1000)) * 100,
      postgres: cpu.postgres,
      nginx: cpu.nginx,
      calls: sorted.length / seconds,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      errors: totals.errors,
      rssPerStream: perStream('rss'),
      heapPerStream: perStream('heap_used'),
      notices: notices / seconds,
    };
    rows.push(row);
    log(JSON.stringify(row));

    for (const g of generators) g.send('stop');
    await Promise.all(generators.map((g) => new Promise((r) => (g.exitCode !== null ? r() : g.once('exit', r)))));
    await proxy.stop();
    await Promise.all(servers.map(stopServer));
    await sleep(2000);
  }
} finally {
  await db?.end().catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
  await cluster.stop();
}

const f = (n, d = 1) => (n === null || Number.isNaN(n) ? '–' : n.toFixed(d));
console.log(
  `\nmerchants online: ${N}; window ${WINDOW_S} s; ${availableParallelism()} cores, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  '| configuration | online | streams per process | server CPU (cores) | server CPU % per 1,000 online | PostgreSQL CPU | nginx CPU | calls/s | p50 ms | p95 ms | errors | RSS KB per stream | heap KB per stream |',
);
console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.config} | ${r.merchants} | ${r.streams} | ${f(r.node, 3)} | ${f(r.perThousand, 2)} | ${f(r.postgres, 3)} | ${f(r.nginx, 3)} | ${f(r.calls)} | ${f(r.p50)} | ${f(r.p95)} | ${r.errors} | ${f(r.rssPerStream)} | ${f(r.heapPerStream)} |`,
  );
}
for (const p of [1, 2]) {
  const poll = rows.find((r) => r.config === `${p} × polling`);
  const push = rows.find((r) => r.config === `${p} × push`);
  if (poll && push) console.log(`${p} process(es): polling costs ${f(poll.node / push.node)} × the server CPU of push`);
}
