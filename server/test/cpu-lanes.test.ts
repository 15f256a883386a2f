/**
 * The CPU gate's lanes: strangers (logins, registrations) and signed-in merchants (transaction password, password
 * changes) hash in separate lanes, so a flood of anonymous logins from many addresses cannot refuse a merchant's
 * withdrawal; the signed-in lane's budgets are per merchant; and one network's addresses cannot take every waiting
 * slot of a lane. Clients are told apart by their address: requests come from 127.0.N.M (see from-address.ts).
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { CpuGate, CpuGateRefusal, networkOf } from '../lib/cpu-gate';
import { payPasswordWire } from '../seed/seed-wallet';
import { burst, isRefused, login, until } from './gate-support';
import { startServer, type TestServer } from './helpers';

const RIGHT = payPasswordWire('246810');

/**
 * Holds every computation that starts while `holding` is on until the test lets go; computations that start
 * after it is turned off run at once. So the flood sent first stays in the gate (running and queued) for as long
 * as the test needs, and what comes after is decided by the gate alone. Let go at the latest when the test ends,
 * before the server closes (after-hooks run in the order registered), which would otherwise wait for them.
 */
function holdFlood(t: test.TestContext) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const hold = {
    holding: true,
    held: 0,
    release,
    install(app: TestServer['app']) {
      const cpu = app.cpuGate;
      const run = cpu.run.bind(cpu);
      cpu.run = (client, work) =>
        run(client, () => {
          if (!hold.holding) return work();
          hold.held++;
          return gate.then(work);
        });
    },
  };
  t.after(() => release());
  return hold;
}

async function payMerchant(s: TestServer): Promise<{ username: string; token: string }> {
  const r = await s.post('/api/__test__/merchant', { pay_password: '246810' });
  assert.equal(r.body.code, 200, r.text);
  return r.body.data;
}

test("anonymous logins from many networks fill the anonymous lane; a signed-in merchant's transaction-password check and password change are still served", async (t) => {
  const hold = holdFlood(t);
  const s = await startServer(t, { simulation: false, cpuGate: { running: 1, queued: 2 }, beforeListen: hold.install });
  const m = await payMerchant(s);
  // Twenty strangers, each from an address in a network of its own (so no network share stops them short).
  const flood = burst(Array.from({ length: 20 }, (_, i) => () => login(s.base, `127.0.${10 + i}.1`, `flood${i}`)));
  await until(
    () => hold.held === 1 && flood.answered === 17,
    () => `1 held and 17 answered (${hold.held} held, ${flood.answered} answered)`,
  );
  // The anonymous lane is full: one running, two waiting; one more stranger is refused at once.
  assert.ok(isRefused(await login(s.base, '127.0.99.1', 'one-more')));
  hold.holding = false;

  const check = await s.call('checkPassword', { password: RIGHT }, m.token);
  assert.deepEqual(
    check.body,
    { code: 200, msg: 'success', data: { ok: true } },
    'the signed-in check is not refused rate_limited',
  );
  const change = await s.call(
    'updatePassword',
    { old_password: 'demo1234', new_password: 'demo5678', confirm_password: 'demo5678' },
    m.token,
  );
  assert.equal(change.body.code, 200, change.text);
  assert.equal(hold.held, 1, 'the flood is still holding the anonymous lane');

  hold.release();
  const answers = await flood.all;
  assert.equal(answers.filter((r) => r.body.data.reason === 'wrong_credentials').length, 3);
  assert.equal(answers.filter(isRefused).length, 17);
});

test("one network's addresses take at most their share of a lane's waiting slots: a login from elsewhere is served during the flood", async (t) => {
  const hold = holdFlood(t);
  // Four waiting slots; a network may hold a quarter of them.
  const s = await startServer(t, { simulation: false, cpuGate: { running: 1, queued: 4 }, beforeListen: hold.install });
  const flood = burst(Array.from({ length: 20 }, (_, i) => () => login(s.base, `127.0.2.${i + 1}`, `flood${i}`)));
  await until(
    () => hold.held === 1 && flood.answered === 18,
    () => `1 held and 18 answered (${hold.held} held, ${flood.answered} answered)`,
  );
  // Another address of that network is refused; one from another network waits its turn and is served.
  assert.ok(isRefused(await login(s.base, '127.0.2.99', 'one-more')));
  const honest = login(s.base, '127.0.3.1', 'demo', 'demo1234');
  hold.holding = false;
  hold.release();
  assert.equal((await honest).body.code, 200);
  const answers = await flood.all;
  assert.equal(answers.filter((r) => r.body.data.reason === 'wrong_credentials').length, 2);
});

test('a full queue: a client that keeps retrying gives its place to a newcomer that asks once', async (t) => {
  const hold = holdFlood(t);
  const now = Date.now(); // a still clock: what the clients sent lately does not fade during the test
  const s = await startServer(t, {
    simulation: false,
    clock: () => now,
    cpuGate: { running: 1, queued: 2 },
    beforeListen: hold.install,
  });
  // Three addresses, each in a network of its own: one runs (held), two wait; then each retries four times
  // (refused at once: it has one in flight already).
  const flood = [1, 2, 3].map((n) => `127.0.${20 + n}.1`);
  const first = burst(flood.map((from, i) => () => login(s.base, from, `flood${i}`)));
  await until(
    () => hold.held === 1,
    () => `one held (${hold.held})`,
  );
  for (let round = 0; round < 4; round++) {
    for (const [i, from] of flood.entries()) assert.ok(isRefused(await login(s.base, from, `retry${round}-${i}`)));
  }
  assert.equal(first.answered, 0, 'the first three are still running or waiting');
  // Between clients that sent alike nobody gives way (cpu-gate.test.ts: the queue is bounded); this one asks once.
  hold.holding = false;
  const honest = login(s.base, '127.0.30.1', 'demo', 'demo1234');
  await until(
    () => first.answered === 1,
    () => `one waiter gave its place (${first.answered} answered)`,
  );
  hold.release();
  assert.equal((await honest).body.code, 200);
  const answers = await first.all;
  assert.equal(answers.filter(isRefused).length, 1, 'one of the waiting retriers was refused');
  assert.equal(answers.filter((r) => r.body.data.reason === 'wrong_credentials').length, 2);
});

test('CpuGate: a client that has sent far less waits ahead of one that keeps retrying; alike ones keep their order', async () => {
  const gate = new CpuGate({ running: 1, queued: 4 }, () => 0);
  let finish!: () => void;
  const order: string[] = [];
  const first = gate.run('10.0.0.1', () => new Promise<void>((r) => (finish = r)));
  const noisy = gate.run('10.0.1.1', async () => void order.push('noisy'));
  for (let i = 0; i < 4; i++)
    await assert.rejects(
      gate.run('10.0.1.1', async () => {}),
      CpuGateRefusal,
    );
  const early = gate.run('10.0.2.1', async () => void order.push('early'));
  const quiet = gate.run('10.0.3.1', async () => void order.push('quiet'));
  finish();
  await Promise.all([first, noisy, early, quiet]);
  assert.deepEqual(order, ['early', 'quiet', 'noisy']);
});

test("the signed-in lane budgets each merchant, whatever the address: one merchant's spent budget refuses neither another merchant nor a stranger there", async (t) => {
  let now = Date.now();
  const s = await startServer(t, {
    simulation: false,
    clock: () => now,
    cpuGate: { signedIn: { perClientPerMinute: 2 } },
  });
  const a = await payMerchant(s);
  const b = await payMerchant(s);
  for (let i = 0; i < 2; i++)
    assert.equal((await s.call('checkPassword', { password: RIGHT }, a.token)).body.code, 200);
  const spent = await s.call('checkPassword', { password: RIGHT }, a.token);
  assert.equal(spent.body.data.reason, 'rate_limited', spent.text);
  assert.equal(spent.body.data.retry_after, 30);
  // The same address (127.0.0.1), another merchant and a stranger's login: their own budgets.
  assert.equal((await s.call('checkPassword', { password: RIGHT }, b.token)).body.code, 200);
  assert.equal((await s.call('authLogin', { username: 'demo', password: 'demo1234' })).body.code, 200);
  now += 30_000;
  assert.equal(
    (await s.call('checkPassword', { password: RIGHT }, a.token)).body.code,
    200,
    'half a minute refills one',
  );
});

test('networkOf: an IPv4 /24 (also IPv4-mapped IPv6), an IPv6 /64; anything else is its own', () => {
  assert.equal(networkOf('203.0.113.7'), '203.0.113');
  assert.equal(networkOf('::ffff:203.0.113.200'), '203.0.113');
  assert.equal(networkOf('2001:db8:1:2:aaaa::1'), '2001:db8:1:2');
  assert.equal(networkOf('2001:db8::1'), '2001:db8:0:0');
  assert.equal(networkOf('::1'), '0:0:0:0');
  assert.equal(networkOf('somebody'), 'somebody');
});
