// The open ticker under load: 50 parallel callers of /api/broadcast-data, which needs no session, while a
// signed-in merchant asks /api/user/info one request after another. Two builds side by side in one run: each is
// its own reference server (in-memory database, seeded, plus MERCHANTS fresh merchants with the demo's data), and
// the rounds alternate between them; the medians are printed. A benchmark run by hand, not a test:
//   node bench/broadcast-load.mjs [--before DIR] [--rounds 5] [--seconds 3] [--merchants 100]
// Without --before only this tree is measured. DIR is another checkout of the project (a git worktree).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: o } = parseArgs({
  options: {
    before: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '3' },
    merchants: { type: 'string', default: '100' },
    callers: { type: 'string', default: '50' },
  },
});

async function start(root) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--test-api'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE: ':memory:', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const origin = await new Promise((ok, fail) => {
    child.stdout.on('data', (c) => {
      out += c;
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (m) ok(m[0]);
    });
    child.once('exit', (code) => fail(new Error(`server in ${root} exited with ${code}`)));
  });
  const post = (path, body) =>
    fetch(origin + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  let token;
  for (let i = 0; i < Number(o.merchants); i++) token = (await post('/api/__test__/merchant', {})).data.token;
  return {
    root,
    origin,
    token,
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : NaN;
};
const p95 = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length * 0.95)] : NaN;
};

async function round(server) {
  const until = performance.now() + Number(o.seconds) * 1000;
  const lat = [];
  const callers = Array.from({ length: Number(o.callers) }, async () => {
    while (performance.now() < until) {
      const t = performance.now();
      const r = await fetch(`${server.origin}/api/broadcast-data`);
      await r.arrayBuffer();
      lat.push(performance.now() - t);
    }
  });
  const info = [];
  const merchant = (async () => {
    while (performance.now() < until) {
      const t = performance.now();
      const r = await fetch(`${server.origin}/api/user/info`, { headers: { 'X-CT': server.token } });
      await r.arrayBuffer();
      info.push(performance.now() - t);
    }
  })();
  await Promise.all([...callers, merchant]);
  return { perSecond: lat.length / Number(o.seconds), p95: p95(lat), info: median(info), infoWorst: Math.max(...info) };
}

const roots = o.before
  ? [
      ['before', resolve(o.before)],
      ['after', here],
    ]
  : [['this', here]];
const servers = [];
for (const [name, root] of roots) servers.push({ name, ...(await start(root)) });
const results = Object.fromEntries(servers.map((s) => [s.name, []]));
try {
  for (let i = 0; i < Number(o.rounds); i++) for (const s of servers) results[s.name].push(await round(s));
} finally {
  await Promise.all(servers.map((s) => s.stop()));
}
console.log(
  `${o.callers} callers of /broadcast-data for ${o.seconds} s a round, ${o.rounds} rounds alternating, ${o.merchants} extra merchants; medians:`,
);
for (const [name, rs] of Object.entries(results)) {
  console.log(
    `  ${name.padEnd(7)} ${median(rs.map((r) => r.perSecond))
      .toFixed(0)
      .padStart(6)} answers/s   p95 ${median(rs.map((r) => r.p95))
      .toFixed(1)
      .padStart(7)} ms   merchant /user/info median ${median(rs.map((r) => r.info))
      .toFixed(1)
      .padStart(7)} ms (worst ${median(rs.map((r) => r.infoWorst)).toFixed(0)} ms)`,
  );
}
