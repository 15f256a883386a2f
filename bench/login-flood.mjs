// Honest clients while strangers flood the password hashing: logins with a new unknown username every time, from
// many loopback addresses at once (127.0.0.2 onwards: on Linux all of 127.0.0.0/8 is this machine, and the server
// tells clients apart by the socket's address). Meanwhile, one request a second each:
//   - an honest login (demo / demo1234) from another network (127.0.1.1),
//   - an honest login from inside the flood's network (127.0.0.201),
//   - a signed-in merchant's /check/password with the right transaction password (127.0.1.2, signed in before).
// It prints, for each, how many were served and refused (rate_limited) and the latency, and what the flood got.
// A benchmark run by hand, not a test:
//   node bench/login-flood.mjs [--root DIR] [--seconds 20] [--addresses 100] [--spread]
// --root is the checkout whose server is started (default: this one), e.g. a git worktree of an older commit.
// --spread puts each flooding address in a network of its own (127.0.10.1, 127.0.11.1, …) instead of all in
// 127.0.0.0/24, as a flood from many unrelated machines would come.
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT as here, startReferenceServer } from '../test/reference-server.mjs';

const { values: o } = parseArgs({
  options: {
    root: { type: 'string' },
    seconds: { type: 'string', default: '20' },
    addresses: { type: 'string', default: '100' },
    spread: { type: 'boolean', default: false },
  },
});
const root = resolve(o.root ?? here);
const seconds = Number(o.seconds);
const addresses = Number(o.addresses);

// The server's own limits (empty: its defaults), not the raised ones the browser tests run with.
const start = () =>
  startReferenceServer({
    root,
    timeoutMs: 60_000,
    env: {
      PASSWORD_CHECKS_PER_MINUTE: '',
      PASSWORD_CHECKS_IN_FLIGHT: '',
      SIMULATION_STEP_MS: '',
      SIMULATION_FAIL_PERCENT: '',
    },
  });

/** POSTs JSON from `from` (a loopback address), one fresh connection each; resolves with the envelope. */
function postFrom(from, origin, path, body, headers = {}) {
  const url = new URL(path, origin);
  const payload = JSON.stringify(body);
  return new Promise((ok, fail) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          try {
            ok(JSON.parse(text));
          } catch (e) {
            fail(e);
          }
        });
      },
    );
    req.on('error', fail);
    req.end(payload);
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const md5 = (s) => createHash('md5').update(s).digest('hex');
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * p))] : NaN;
};

const server = await start();
const merchant = (await postFrom('127.0.0.1', server.origin, '/api/__test__/merchant', { pay_password: '246810' }))
  .data;
const load = [loadavg()[0]];
const until = performance.now() + seconds * 1000;

const flood = { verified: 0, refused: 0, other: 0 };
let serial = 0;
const flooders = Array.from({ length: addresses }, async (_, i) => {
  const from = o.spread ? `127.0.${10 + i}.1` : `127.0.0.${2 + i}`;
  while (performance.now() < until) {
    const r = await postFrom(from, server.origin, '/api/auth/login', {
      username: `flood-${i}-${serial++}`,
      password: 'whatever1',
    }).catch(() => null);
    const reason = r?.data?.reason;
    if (reason === 'wrong_credentials') flood.verified++;
    else if (reason === 'rate_limited') {
      flood.refused++;
      await sleep(10); // a refusal is cheap; keep the client's own loop from starving the server on a shared machine
    } else flood.other++;
  }
});

/** One request a second until the end; each answer classified and timed. */
async function honest(send) {
  const seen = { ok: 0, refused: 0, other: 0, ms: [] };
  await sleep(500); // the flood is under way
  while (performance.now() < until) {
    const at = performance.now();
    const r = await send().catch(() => null);
    const ms = performance.now() - at;
    if (r?.code === 200) {
      seen.ok++;
      seen.ms.push(ms);
    } else if (r?.data?.reason === 'rate_limited') seen.refused++;
    else seen.other++;
    await sleep(Math.max(0, 1000 - ms));
  }
  return seen;
}
const login = (from) => () =>
  postFrom(from, server.origin, '/api/auth/login', { username: 'demo', password: 'demo1234' });
const [other, inside, check] = await Promise.all([
  honest(login('127.0.1.1')),
  honest(login('127.0.0.201')),
  honest(() =>
    postFrom(
      '127.0.1.2',
      server.origin,
      '/api/check/password',
      { password: md5('246810') },
      { 'X-CT': merchant.token },
    ),
  ),
  ...flooders,
]);
load.push(loadavg()[0]);
await server.stop();

console.log(
  `${root}: ${addresses} addresses (${o.spread ? 'a network each' : 'one network'}) flooding logins with unknown usernames for ${seconds} s; ${availableParallelism()} CPUs, load ${load.map((l) => l.toFixed(2)).join(' -> ')}`,
);
console.log(
  `  flood: ${flood.verified} verified (${(flood.verified / seconds).toFixed(1)}/s), ${flood.refused} refused rate_limited, ${flood.other} other`,
);
for (const [name, s] of [
  ['login from another network', other],
  ["login from the flood's network", inside],
  ['signed-in /check/password', check],
]) {
  const n = s.ok + s.refused + s.other;
  const times = s.ms.length
    ? `served in median ${pct(s.ms, 0.5).toFixed(0)} ms, p95 ${pct(s.ms, 0.95).toFixed(0)} ms, worst ${Math.max(...s.ms).toFixed(0)} ms`
    : 'none served';
  console.log(
    `  ${name.padEnd(31)} ${String(s.ok).padStart(3)}/${n} served (${((100 * s.ok) / n).toFixed(0)}%), ${s.refused} rate_limited, ${s.other} other; ${times}`,
  );
}
