/**
 * The change stream (GET /api/events, src/api/stream.ts) on the engine of the pass: a merchant's own changes reach
 * its streams as notices, committed ones only, nobody else's; heartbeats; ended sessions and a draining process
 * close it with a bye. Across processes (PostgreSQL's LISTEN/NOTIFY): events-processes.test.ts.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { randomUUID } from 'node:crypto';
import { inTransaction } from '../storage/transaction';
import { moveBalance } from '../storage/wallet';
import { payPasswordWire } from '../seed/seed-wallet';
import { STREAMS_PER_MERCHANT } from '../http/events';
import { startServer, type TestServer } from './helpers';
import { mustStream, openStream, type OpenStream } from './event-stream';

const PAY = '246810';

async function merchant(
  s: TestServer,
  o: Record<string, unknown> = {},
): Promise<{ id: number; username: string; token: string }> {
  const r = await s.post('/api/__test__/merchant', { pay_password: PAY, card: 'bank', ...o });
  assert.equal(r.body.code, 200, r.text);
  const row = await s.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', r.body.data.username)
    .executeTakeFirstOrThrow();
  return { id: row.id, ...r.body.data };
}

const named = (name: string) => (e: { event: string }) => e.event === name;

/** Showing that nothing comes: no event but heartbeats within `ms`. */
async function quiet(stream: OpenStream, from: number, ms = 300): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
  assert.deepEqual(stream.events.slice(from), []);
}

test('without a live session the stream is not opened: the usual envelope', async (t) => {
  const s = await startServer(t);
  const none = await openStream(s.base, undefined);
  assert.ok('envelope' in none);
  assert.equal(none.envelope.code, 401);
  const bogus = await openStream(s.base, 'not-a-token');
  assert.ok('envelope' in bogus);
  assert.equal(bogus.envelope.code, 401);
});

test("a merchant's streams hear its wallet, notifications and plans change, nobody else's, and nothing that rolled back", async (t) => {
  const s = await startServer(t, { simulation: false });
  const a = await merchant(s);
  const b = await merchant(s);
  const [a1, a2, b1] = [
    await mustStream(s.base, a.token),
    await mustStream(s.base, a.token),
    await mustStream(s.base, b.token),
  ];
  t.after(() => [a1, a2, b1].forEach((x) => x.close()));
  assert.deepEqual(a1.events[0], { event: 'ready', data: { heartbeat_ms: 25_000 } });
  assert.equal(s.app.streams.count(), 3);

  // A withdrawal: the wallet, on both of the merchant's streams.
  let from = a1.events.length;
  const w = await s.call(
    'withdraw',
    { amount: '1.00', password: payPasswordWire(PAY), request_id: randomUUID() },
    a.token,
  );
  assert.equal(w.body.code, 200, w.text);
  await a1.next(named('wallet'), { from });
  await a2.next(named('wallet'), { from });

  // A notice written and then undone: nothing.
  from = a1.events.length;
  await assert.rejects(
    inTransaction(s.db, async (trx) => {
      await moveBalance(trx, a.id, 100, new Date().toISOString(), false);
      throw new Error('undone');
    }),
    /undone/,
  );
  await quiet(a1, from);

  // A new notification for A, then A reading all: notifications, twice.
  from = a1.events.length;
  await s.post('/api/__test__/notify', { username: a.username, count: 2 });
  await a1.next(named('notifications'), { from });
  from = a1.events.length;
  assert.equal((await s.call('notificationsRead', { all: true }, a.token)).body.code, 200);
  await a1.next(named('notifications'), { from });

  // A put: the plan (with its id) and the wallet.
  const { ids } = (
    await s.post('/api/__test__/plans', { username: a.username, lowest: '1.00', highest: '5.00', count: 1 })
  ).body.data;
  from = a1.events.length;
  const put = await s.call(
    'planPut',
    { id: ids[0], amount: '2.00', official: false, request_id: randomUUID() },
    a.token,
  );
  assert.equal(put.body.code, 200, put.text);
  const plans = await a1.next(named('plans'), { from });
  assert.deepEqual(plans.data, { ids: [ids[0]] });
  await a1.next(named('wallet'), { from });

  // B heard none of it.
  assert.deepEqual(
    b1.events.map((e) => e.event),
    ['ready'],
  );
});

test('changes close together come as one event of each kind', async (t) => {
  const s = await startServer(t, { simulation: false });
  const a = await merchant(s);
  const stream = await mustStream(s.base, a.token);
  t.after(() => stream.close());
  const from = stream.events.length;
  await inTransaction(s.db, async (trx) => {
    for (let i = 0; i < 20; i++) await moveBalance(trx, a.id, 1, new Date().toISOString(), false);
  });
  for (let i = 0; i < 5; i++) await moveBalance(s.db, a.id, 1, new Date().toISOString(), false);
  await stream.next(named('wallet'), { from });
  await quiet(stream, from + 1, 200);
  assert.deepEqual(
    stream.events.slice(from).map((e) => e.event),
    ['wallet'],
  );
});

test('heartbeats keep it warm; a logout, an account no longer active and a draining process each close it with a bye', async (t) => {
  const s = await startServer(t, { simulation: false, streamHeartbeatMs: 150 });
  const a = await merchant(s);
  const b = await merchant(s);
  const c = await merchant(s);
  const [sa, sb, sc] = [
    await mustStream(s.base, a.token),
    await mustStream(s.base, b.token),
    await mustStream(s.base, c.token),
  ];
  t.after(() => [sa, sb, sc].forEach((x) => x.close()));
  assert.equal(sa.events[0].data.heartbeat_ms, 150);
  while (sa.heartbeats < 2) await new Promise((r) => setTimeout(r, 50));

  assert.equal((await s.call('authLogout', {}, a.token)).body.code, 200);
  await sa.closed();
  assert.equal(sa.events.at(-1)!.event, 'bye');
  assert.equal(sb.ended(), false);

  await s.post('/api/__test__/set-state', { username: b.username, state: 'disabled' });
  await sb.closed();
  assert.equal(sb.events.at(-1)!.event, 'bye');

  assert.equal(sc.ended(), false);
  s.app.drain();
  await sc.closed();
  assert.equal(sc.events.at(-1)!.event, 'bye');
  const refused = await openStream(s.base, c.token);
  assert.ok('envelope' in refused, 'no new stream while draining');
  assert.equal(refused.envelope.code, 500);
  assert.equal(s.app.streams.count(), 0);
});

test(`a merchant holds at most ${STREAMS_PER_MERCHANT} streams on a process; more are refused and keep polling`, async (t) => {
  const s = await startServer(t, { simulation: false });
  const a = await merchant(s);
  const open: OpenStream[] = [];
  t.after(() => open.forEach((x) => x.close()));
  for (let i = 0; i < STREAMS_PER_MERCHANT; i++) open.push(await mustStream(s.base, a.token));
  const extra = await openStream(s.base, a.token);
  assert.ok('envelope' in extra);
  assert.equal(extra.envelope.data.reason, 'rate_limited');
  open[0].close();
  while (s.app.streams.count() >= STREAMS_PER_MERCHANT) await new Promise((r) => setTimeout(r, 20));
  open.push(await mustStream(s.base, a.token));
});

test("the ticker's news goes to every stream, once per interval, and the next read of the ticker is computed afresh", async (t) => {
  const s = await startServer(t, { simulation: false, tickerNoticeMs: 300 });
  const [a, b] = [await merchant(s), await merchant(s)];
  const [sa, sb] = [await mustStream(s.base, a.token), await mustStream(s.base, b.token)];
  t.after(() => [sa, sb].forEach((x) => x.close()));
  const before = (await s.call('broadcast', {})).body.data;
  // A merchant joins: news the cached payload does not hold yet.
  await merchant(s);
  const [fromA, fromB] = [sa.events.length, sb.events.length];
  const told = await sa.next(named('ticker'), { from: fromA });
  await sb.next(named('ticker'), { from: fromB });
  const after = (await s.call('broadcast', {})).body.data;
  const seen = new Set(before.updates.map((u: { id: number }) => u.id));
  assert.ok(
    after.updates.some((u: { id: number }) => !seen.has(u.id)),
    'the re-read shows the newcomer',
  );
  await sa.next(named('ticker'), { from: sa.events.indexOf(told) + 1 });
});

test('a stream opened while the heartbeat asks which sessions live is not taken for an ended one', async (t) => {
  const s = await startServer(t, { simulation: false, streamHeartbeatMs: 30 });
  const merchants = await Promise.all([0, 1, 2, 3, 4].map(() => merchant(s)));
  const open: OpenStream[] = [];
  t.after(() => open.forEach((x) => x.close()));
  // Streams keep arriving across many heartbeats.
  const until = Date.now() + 600;
  while (Date.now() < until)
    for (const m of merchants) if (open.length < 35) open.push(await mustStream(s.base, m.token));
  // Showing that nothing happens: several more heartbeats (30 ms apart) pass, and none says bye to any of them.
  await new Promise((r) => setTimeout(r, 200));
  assert.deepEqual(
    open.filter((x) => x.ended()).map((x) => x.events.map((e) => e.event)),
    [],
    'no stream was said bye to',
  );
});
