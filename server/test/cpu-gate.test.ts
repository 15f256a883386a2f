/**
 * scrypt is deliberately expensive, so unauthenticated requests that cost one (login with a new username every
 * time, register) must not let one client, or a crowd, occupy the CPU: verifications are budgeted per client
 * address, a client has few in flight at once, and the global queue is bounded (full → rate_limited at once).
 * Clients are told apart by their address: requests come from 127.0.0.N (see from-address.ts).
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { CpuGate, CpuGateRefusal } from '../lib/cpu-gate';
import { postFrom } from './from-address';
import { burst, isRefused, login, sleep, until } from './gate-support';
import { startServer, validRegistration, type Res } from './helpers';

test('CpuGate: per-client budget refills over the minute; a refusal runs nothing; the queue hands slots over in order', async () => {
  let now = 0;
  const gate = new CpuGate({ running: 1, queued: 1, perClientInFlight: 5, perClientPerMinute: 2 }, () => now);
  let ran = 0;
  const work = () => Promise.resolve(++ran);
  await gate.run('a', work);
  await gate.run('a', work);
  await assert.rejects(gate.run('a', work), (e) => e instanceof CpuGateRefusal && e.retryAfter === 30);
  assert.equal(ran, 2, 'the refused work did not run');
  now += 30_000;
  assert.equal(await gate.run('a', work), 3, 'half a minute refills one of two');

  // One running, one waiting, the next refused at once; the waiting one starts when the first ends.
  let finishFirst!: () => void;
  const order: string[] = [];
  const first = gate.run('b', () => new Promise<void>((r) => (finishFirst = r)).then(() => order.push('first')));
  const second = gate.run('c', async () => order.push('second'));
  await assert.rejects(gate.run('d', work), (e) => e instanceof CpuGateRefusal && e.retryAfter === 1);
  // A turn of the event loop (no clock): anything the gate would start on its own has started by then; the second
  // must not, while the first holds the slot.
  await new Promise((ok) => setImmediate(ok));
  assert.deepEqual(order, [], 'the second waits for the slot');
  finishFirst();
  await Promise.all([first, second]);
  assert.deepEqual(order, ['first', 'second']);
  assert.equal(await gate.run('d', work), 4, 'the slot is free again');
});

test('login with a new username every time: one client gets `perClientPerMinute` verifications, then rate_limited (register too)', async (t) => {
  const s = await startServer(t, { cpuGate: { perClientPerMinute: 10 } });
  const answers: Res[] = [];
  for (let i = 0; i < 30; i++) answers.push(await login(s.base, '127.0.0.5', `stranger${i}`));
  const verified = answers.filter((r) => r.body.data.reason === 'wrong_credentials').length;
  assert.equal(verified, 10, `${verified} of 30 new-username logins were verified`);
  for (const r of answers.slice(10)) {
    assert.ok(isRefused(r), JSON.stringify(r.body));
    assert.ok(r.body.data.retry_after! >= 1 && r.body.data.retry_after! <= 60, JSON.stringify(r.body));
  }
  // Every scrypt is in the budget: registering (hashing) from that client waits too.
  assert.ok(isRefused(await postFrom('127.0.0.5', s.base, '/api/auth/register', validRegistration())));
  // Another client is not affected.
  assert.equal((await login(s.base, '127.0.0.6', 'demo', 'demo1234')).body.code, 200);
});

/**
 * Holds every computation the gate admitted until the test lets go, so "how many were let in" counts what the
 * gate decided while they were all in flight, however slowly a loaded machine delivers the burst. The test
 * lets go once every request is either answered or held, a condition, not a guess at how long that takes.
 */
function holdAdmitted() {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const hold = {
    started: 0,
    release,
    install: (app: { cpuGate: { run: <T>(client: string, work: () => Promise<T>) => Promise<T> } }) => {
      const run = app.cpuGate.run.bind(app.cpuGate);
      app.cpuGate.run = (client, work) =>
        run(client, () => {
          hold.started++;
          return gate.then(work);
        });
    },
  };
  return hold;
}

test("login: one client's burst of new usernames runs `perClientInFlight` verifications; the rest are refused at once", async (t) => {
  const hold = holdAdmitted();
  // Two running slots, whatever the machine's cores, so both admitted ones start (and are held).
  const s = await startServer(t, {
    cpuGate: { running: 2, perClientInFlight: 2, perClientPerMinute: 1000 },
    beforeListen: hold.install,
  });
  const sent = burst(Array.from({ length: 20 }, (_, i) => () => login(s.base, '127.0.0.7', `burst${i}`)));
  // Both admitted ones are held; the other 18 must have been answered without waiting for them.
  await until(
    () => hold.started === 2 && sent.answered === 18,
    () => `2 held and 18 answered (${hold.started} held, ${sent.answered} answered)`,
  );
  hold.release();
  const answers = await sent.all;
  assert.equal(answers.filter((r) => r.body.data.reason === 'wrong_credentials').length, 2);
  assert.equal(answers.filter(isRefused).length, 18);
});

test('the global queue is bounded: many clients at once get rate_limited immediately instead of waiting', async (t) => {
  const hold = holdAdmitted();
  // The clients are all in one network (127.0.1.0/24): its share of the queue is the whole queue here, the share
  // itself is cpu-lanes.test.ts's.
  const s = await startServer(t, {
    cpuGate: { running: 1, queued: 2, perNetworkQueued: 2 },
    beforeListen: hold.install,
  });
  const sent = burst(Array.from({ length: 16 }, (_, i) => () => login(s.base, `127.0.1.${i + 1}`, `crowd${i}`)));
  // One runs (held), two wait in the queue; the other 13 are answered while the first still holds its slot.
  await until(
    () => hold.started === 1 && sent.answered === 13,
    () => `1 held and 13 answered (${hold.started} held, ${sent.answered} answered)`,
  );
  hold.release();
  const answers = await sent.all;
  assert.equal(hold.started, 3, 'the two queued ran once the slot was free');
  assert.equal(answers.filter((r) => r.body.data.reason === 'wrong_credentials').length, 3);
  const refused = answers.filter(isRefused);
  assert.equal(refused.length, 13);
  assert.ok(refused.every((r) => r.body.data.retry_after! >= 1));
});

test('a real login stays fast while another client sends 50 new-username logins per second', async (t) => {
  const s = await startServer(t);
  const timeRealLogin = async () => {
    const at = performance.now();
    const r = await login(s.base, '127.0.0.1', 'demo', 'demo1234');
    assert.equal(r.body.code, 200, JSON.stringify(r.body));
    return performance.now() - at;
  };
  const alone = [await timeRealLogin(), await timeRealLogin()];
  const attack: Promise<Res>[] = [];
  const realMs: number[] = [];
  for (let tick = 0; tick < 100; tick++) {
    // 2 s at 50 per second
    attack.push(login(s.base, '127.0.0.3', `flood${tick}`));
    if (tick % 20 === 10) {
      void timeRealLogin().then((ms) => realMs.push(ms));
    }
    // The flood's pace (one attacker's login every 20 ms), not a wait for anything.
    await sleep(20);
  }
  const answers = await Promise.all(attack);
  while (realMs.length < 5) await sleep(20);
  const refused = answers.filter(isRefused).length;
  const ms = (list: number[]) => list.map(Math.round).join(', ');
  t.diagnostic(
    `real logins alone: ${ms(alone)} ms; under the flood: ${ms(realMs)} ms; flood: ${100 - refused} verified, ${refused} refused`,
  );
  assert.ok(refused >= 70, `only ${refused} of 100 flood logins were refused`);
  // Unbounded, the line behind the flood grows by about a second every second (one login waited 2.9 s).
  assert.ok(Math.max(...realMs) < 1000, `a real login took ${Math.round(Math.max(...realMs))} ms`);
});
