// What hostile clients cost everyone else: an honest client signed in as demo asks GET /api/user/property one
// request after another (each on a new connection), and its latency is measured while other clients, from other
// loopback addresses (127.0.0.2 and up: other machines to the server), do one of:
//   quiet           nothing;
//   nested x1 / x4  loop a megabyte of nested brackets ("[" x 500000 + "]" x 500000) POSTed to /api/user/property
//                   (a GET-only call) and /api/auth/login in turn;
//   nested-fit x4   loop feedback-sized nested brackets (within a JSON call's body limit) to /api/feedback;
//   flood           hold idle sockets that say nothing and sockets that send a body one byte a second, spread over
//                   several addresses, each reopened a second after the server closes it.
// One reference server (in-memory database, as the tests start it) serves every scenario, one after another; the
// hostile clients run in a worker thread, so their work does not delay the honest client's clock. The honest
// client sends a fixed number of requests, one every --every ms (or at once after a slower answer), so a scenario
// lasts longer than the server's header timeout; a scenario whose answers are slow ends after --max-seconds.
// Run by hand:
//   node bench/server-load.mjs [--root DIR] [--requests 500] [--every 25] [--max-seconds 30] [--idle 5000] [--slow 500] [--only quiet,flood]
// --root runs the server of another checkout (a git worktree of an older commit) with this script.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { connect } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

const NESTED = Buffer.from('['.repeat(500_000) + ']'.repeat(500_000));
const NESTED_FIT = Buffer.from('['.repeat(5_000) + ']'.repeat(5_000));

/** One HTTP request on a new connection; resolves with the status and body (rejects on a socket error). */
function send(origin, { method = 'GET', path, headers = {}, body, localAddress }) {
  const url = new URL(path, origin);
  return new Promise((ok, fail) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        headers: { connection: 'close', ...headers },
        agent: false,
        localAddress,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => ok({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
        res.on('error', fail);
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error('timed out')));
    req.on('error', fail);
    req.end(body);
  });
}

// ---------- the hostile clients (worker thread) ----------

function hostile({ origin, kind, clients, idle, slow, addresses }) {
  let stopped = false;
  const { hostname, port } = new URL(origin);
  parentPort.on('message', (m) => {
    if (m === 'stop') stopped = true;
  });
  const sent = { requests: 0, closed: 0 };
  if (kind === 'nested' || kind === 'nested-fit') {
    const loops = Array.from({ length: clients }, async (_, i) => {
      const localAddress = `127.0.0.${10 + i}`;
      for (let n = 0; !stopped; n++) {
        const [path, body] =
          kind === 'nested-fit'
            ? ['/api/feedback', NESTED_FIT]
            : [n % 2 ? '/api/auth/login' : '/api/user/property', NESTED];
        await send(origin, {
          method: 'POST',
          path,
          headers: { 'content-type': 'application/json', 'content-length': body.length },
          body,
          localAddress,
        }).catch(() => {});
        sent.requests++;
      }
    });
    const report = setInterval(() => parentPort.postMessage({ requests: sent.requests }), 250);
    void Promise.all(loops).then(() => clearInterval(report));
    return;
  }
  // flood: idle and slow-body sockets over `addresses` addresses, reopened when closed.
  const live = new Set();
  const slowOnes = new Set();
  const openOne = (i, isSlow) => {
    if (stopped) return;
    const socket = connect({ host: hostname, port: Number(port), localAddress: `127.0.0.${2 + (i % addresses)}` });
    socket.on('error', () => {});
    socket.once('connect', () => {
      live.add(socket);
      if (isSlow) {
        socket.write(
          'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
        );
        slowOnes.add(socket);
      }
    });
    socket.once('close', () => {
      if (live.delete(socket)) sent.closed++;
      slowOnes.delete(socket);
      setTimeout(() => openOne(i, isSlow), 1000);
    });
  };
  for (let i = 0; i < idle; i++) openOne(i, false);
  for (let i = 0; i < slow; i++) openOne(i, true);
  const drip = setInterval(() => slowOnes.forEach((s) => s.write('a')), 1000);
  const report = setInterval(() => parentPort.postMessage({ held: live.size, closed: sent.closed }), 250);
  parentPort.on('message', (m) => {
    if (m !== 'stop') return;
    clearInterval(drip);
    clearInterval(report);
    parentPort.postMessage({ held: live.size, closed: sent.closed });
    live.forEach((s) => s.destroy());
  });
}

if (!isMainThread) hostile(workerData);

// ---------- the honest client and the table (main thread) ----------

async function main() {
  const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const { values: o } = parseArgs({
    options: {
      root: { type: 'string', default: here },
      requests: { type: 'string', default: '500' },
      every: { type: 'string', default: '25' },
      'max-seconds': { type: 'string', default: '30' },
      only: { type: 'string' },
      idle: { type: 'string', default: '5000' },
      slow: { type: 'string', default: '500' },
      addresses: { type: 'string', default: '8' },
    },
  });
  const root = resolve(o.root);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE: ':memory:',
      LOG_LEVEL: 'silent',
      ENABLE_TEST_API: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = await new Promise((ok, fail) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (m) ok(m[0]);
    });
    child.once('exit', (code) => fail(new Error(`server in ${root} exited with ${code}`)));
  });
  const login = await send(origin, {
    method: 'POST',
    path: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
  });
  const token = JSON.parse(login.text).data.token;

  const honest = async (count, maxMs) => {
    const lat = [];
    let failed = 0;
    const until = performance.now() + maxMs;
    while (lat.length + failed < count && performance.now() < until) {
      const t = performance.now();
      try {
        const r = await send(origin, {
          path: '/api/user/property',
          headers: { 'x-ct': token },
          localAddress: '127.0.0.1',
        });
        if (JSON.parse(r.text).code !== 200) throw new Error(r.text);
        lat.push(performance.now() - t);
      } catch {
        failed++;
      }
      const wait = t + Number(o.every) - performance.now();
      if (wait > 0) await new Promise((ok) => setTimeout(ok, wait));
    }
    return { lat, failed };
  };
  await honest(20, 10_000); // warm-up

  const scenarios = [
    ['quiet', null],
    ['nested x1', { kind: 'nested', clients: 1 }],
    ['nested x4', { kind: 'nested', clients: 4 }],
    ['nested-fit x4', { kind: 'nested-fit', clients: 4 }],
    ['flood', { kind: 'flood', idle: Number(o.idle), slow: Number(o.slow), addresses: Number(o.addresses) }],
  ];
  const rows = [];
  try {
    for (const [name, spec] of scenarios.filter(([name]) => !o.only || o.only.split(',').includes(name))) {
      let worker;
      let held = 0;
      let maxHeld = 0;
      let requests = 0;
      let closed = 0;
      if (spec) {
        worker = new Worker(fileURLToPath(import.meta.url), { workerData: { origin, ...spec } });
        worker.on('message', (m) => {
          if (m.held !== undefined) {
            held = m.held;
            maxHeld = Math.max(maxHeld, m.held);
          }
          if (m.requests !== undefined) requests = m.requests;
          if (m.closed !== undefined) closed = m.closed;
        });
        // Let the hostile clients get going (the flood opens its sockets) before measuring.
        await new Promise((ok) => setTimeout(ok, 500));
      }
      const started = performance.now();
      const { lat, failed } = await honest(Number(o.requests), Number(o['max-seconds']) * 1000);
      const seconds = (performance.now() - started) / 1000;
      if (worker) {
        worker.postMessage('stop');
        await new Promise((ok) => setTimeout(ok, 300));
        await worker.terminate();
      }
      const s = [...lat].sort((a, b) => a - b);
      const at = (q) => (s.length ? s[Math.min(s.length - 1, Math.floor(s.length * q))] : NaN);
      const hostileNote = !spec
        ? ''
        : spec.kind === 'flood'
          ? `sockets held: most ${maxHeld}, ${held} at the end; ${closed} closed by the server`
          : `${requests} hostile requests`;
      rows.push({
        name,
        n: lat.length,
        failed,
        p50: at(0.5),
        p95: at(0.95),
        p99: at(0.99),
        max: s.at(-1) ?? NaN,
        seconds,
        hostileNote,
      });
      // Let the server drop what the scenario left behind.
      await new Promise((ok) => setTimeout(ok, 1000));
    }
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
  const ms = (x) => (Number.isNaN(x) ? '-' : x.toFixed(1)).padStart(8);
  console.log(
    `GET /api/user/property as demo, a new connection each, ${o.requests} requests (one every ${o.every} ms at most) or ${o['max-seconds']} s a scenario; server: ${root}`,
  );
  console.log(
    `${'scenario'.padEnd(14)} ${'n'.padStart(4)} ${'failed'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'s'.padStart(5)}  hostile`,
  );
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(14)} ${String(r.n).padStart(4)} ${String(r.failed).padStart(6)} ${ms(r.p50)} ${ms(r.p95)} ${ms(r.p99)} ${ms(r.max)} ${r.seconds.toFixed(1).padStart(5)}  ${r.hostileNote}`,
    );
  }
}

if (isMainThread) await main();
