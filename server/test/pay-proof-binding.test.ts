/**
 * A transaction-password proof is good for the write it was given for only while the password and the session it
 * was checked under still hold. The check is slow and waits its turn at the CPU gate; a change of the transaction
 * password, a logout or a login-password change that commits meanwhile must stop the write, or a thief whose proof
 * is already queued keeps going after the merchant has reacted.
 *
 * Each test holds one request's hash inside the CPU gate (the proof in flight), does the change over HTTP, then
 * lets the hash go, and looks at what was written: no money moved, no ledger row, no binding, no password.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import type { CpuClient } from '../lib/cpu-gate';
import { until } from './gate-support';
import { startServer, type Res, type TestServer } from './helpers';
import { payPasswordWire } from '../seed/seed-wallet';

const RIGHT = payPasswordWire('246810');
const NEW = payPasswordWire('975310');
const OTHER = payPasswordWire('135790');
// Several hashes at once for one merchant (the held one and the change's), however many cores.
const GATE = { running: 4, queued: 1000, perClientInFlight: 1000, perClientPerMinute: 100_000 };
const CARD = {
  kind: 'bank',
  bank_name: 'Other Bank',
  user_name: 'Someone Else',
  mobile: '+1 555 010 0042',
  account: '99990000111122',
};

/** Holds the next `arm()`ed hash of the signed-in lane inside the gate until `release()`. */
function holder() {
  let armed = 0;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const h = {
    held: 0,
    arm: () => void armed++,
    release: () => release(),
    install(app: { cpuGate: { run: <T>(client: CpuClient | string, work: () => Promise<T>) => Promise<T> } }) {
      const run = app.cpuGate.run.bind(app.cpuGate);
      app.cpuGate.run = (client, work) =>
        run(client, () => {
          if (armed === 0 || typeof client === 'string' || client.lane !== 'signedIn') return work();
          armed--;
          h.held++;
          return gate.then(work);
        });
    },
  };
  return h;
}

async function server(t: test.TestContext) {
  const hold = holder();
  // The real clock: a login-password change ends sessions as of the real time (services/users.ts revokeTokens).
  const s = await startServer(t, { simulation: false, cpuGate: GATE, beforeListen: (app) => hold.install(app) });
  return { s, hold };
}

let serial = 0;
const rid = () => `pb-${process.pid}-${++serial}`;

const money = async (s: TestServer, id: number) => ({
  balance: (await s.db.selectFrom('wallets').select('balance_cents').where('user_id', '=', id).executeTakeFirst())
    ?.balance_cents,
  rows: (
    await s.db
      .selectFrom('transaction_flow')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow()
  ).n,
});
const bound = async (s: TestServer, id: number) =>
  (await s.db.selectFrom('bank_cards').select('account').where('user_id', '=', id).executeTakeFirst())?.account;
const payHash = async (s: TestServer, id: number) =>
  (await s.db.selectFrom('users').select('pay_password_hash').where('id', '=', id).executeTakeFirst())
    ?.pay_password_hash;

/** A merchant with the transaction password RIGHT, a card bound long ago and money. */
async function merchant(s: TestServer) {
  const r = await s.post('/api/__test__/merchant', { pay_password: '246810', card: 'bank' });
  assert.equal(r.body.code, 200, r.text);
  const { id } = await s.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', r.body.data.username)
    .executeTakeFirstOrThrow();
  return { id, token: r.body.data.token as string, username: r.body.data.username as string };
}

/**
 * Sends `send` with its hash held in the gate; once it is held, answers a function that releases it and waits for
 * the answer (not the answer's promise itself: an async function would wait for it).
 */
async function inFlight(hold: ReturnType<typeof holder>, send: () => Promise<Res>): Promise<() => Promise<Res>> {
  const before = hold.held;
  hold.arm();
  const answer = send();
  await until(
    () => hold.held === before + 1,
    () => `the proof held (${hold.held})`,
  );
  return () => {
    hold.release();
    return answer;
  };
}

test('a withdrawal whose proof is in flight when the transaction password changes does not happen', async (t) => {
  const { s, hold } = await server(t);
  const m = await merchant(s);
  const before = await money(s, m.id);
  const pending = await inFlight(hold, () =>
    s.call('withdraw', { amount: '100.00', password: RIGHT, request_id: rid() }, m.token),
  );

  // The merchant (from another device) changes the password while the thief's withdrawal waits.
  const changed = await s.call(
    'updatePayPassword',
    { old_password: RIGHT, password: NEW, confirm_password: NEW },
    m.token,
  );
  assert.equal(changed.body.code, 200, changed.text);
  const answer = await pending();
  assert.equal(answer.body.data.reason, 'pay_password_wrong', answer.text);
  assert.equal(answer.body.data.field, 'password');
  assert.deepEqual(await money(s, m.id), before, 'no money moved, no ledger row');
  // Not a wrong guess: the password was right when it was checked.
  const { pay_password_failures } = await s.db
    .selectFrom('users')
    .select('pay_password_failures')
    .where('id', '=', m.id)
    .executeTakeFirstOrThrow();
  assert.equal(pay_password_failures, 0);
});

test('a withdrawal whose proof is in flight when its session is logged out does not happen (503)', async (t) => {
  const { s, hold } = await server(t);
  const m = await merchant(s);
  const before = await money(s, m.id);
  const pending = await inFlight(hold, () =>
    s.call('withdraw', { amount: '100.00', password: RIGHT, request_id: rid() }, m.token),
  );

  assert.equal((await s.call('authLogout', {}, m.token)).body.code, 200);
  const answer = await pending();
  assert.equal(answer.body.code, 503, answer.text);
  assert.deepEqual(await money(s, m.id), before, 'no money moved, no ledger row');
});

test('a withdrawal whose proof is in flight when the login password changes (every session ends) does not happen', async (t) => {
  const { s, hold } = await server(t);
  const m = await merchant(s);
  const other = await s.login(m.username, 'demo1234');
  const before = await money(s, m.id);
  const pending = await inFlight(hold, () =>
    s.call('withdraw', { amount: '100.00', password: RIGHT, request_id: rid() }, m.token),
  );

  const changed = await s.call(
    'updatePassword',
    { old_password: 'demo1234', new_password: 'changed-99', confirm_password: 'changed-99' },
    other,
  );
  assert.equal(changed.body.code, 200, changed.text);
  assert.equal((await pending()).body.code, 503);
  assert.deepEqual(await money(s, m.id), before);
});

test('a card binding whose proof is in flight when the transaction password changes, or the session ends, binds nothing', async (t) => {
  const { s, hold } = await server(t);
  const m = await merchant(s);
  const card = await bound(s, m.id);
  let pending = await inFlight(hold, () => s.call('bankCardEdit', { ...CARD, password: RIGHT }, m.token));
  assert.equal(
    (await s.call('updatePayPassword', { old_password: RIGHT, password: NEW, confirm_password: NEW }, m.token)).body
      .code,
    200,
  );
  assert.equal((await pending()).body.data.reason, 'pay_password_wrong');
  assert.equal(await bound(s, m.id), card);

  const { s: s2, hold: hold2 } = await server(t);
  const n = await merchant(s2);
  pending = await inFlight(hold2, () => s2.call('bankCardEdit', { ...CARD, password: RIGHT }, n.token));
  assert.equal((await s2.call('authLogout', {}, n.token)).body.code, 200);
  assert.equal((await pending()).body.code, 503);
  assert.notEqual(await bound(s2, n.id), CARD.account);
});

test('a change of the transaction password whose old-password proof is in flight when another change commits, or the session ends, changes nothing', async (t) => {
  const { s, hold } = await server(t);
  const m = await merchant(s);
  const pending = await inFlight(hold, () =>
    s.call('updatePayPassword', { old_password: RIGHT, password: OTHER, confirm_password: OTHER }, m.token),
  );
  assert.equal(
    (await s.call('updatePayPassword', { old_password: RIGHT, password: NEW, confirm_password: NEW }, m.token)).body
      .code,
    200,
  );
  const afterFirst = await payHash(s, m.id);
  const answer = await pending();
  assert.equal(answer.body.data.reason, 'wrong_old_password', answer.text);
  assert.equal(await payHash(s, m.id), afterFirst, "the merchant's change stands");
  assert.equal((await s.call('checkPassword', { password: NEW }, m.token)).body.code, 200);

  const { s: s2, hold: hold2 } = await server(t);
  const n = await merchant(s2);
  const stored = await payHash(s2, n.id);
  const late = await inFlight(hold2, () =>
    s2.call('updatePayPassword', { old_password: RIGHT, password: OTHER, confirm_password: OTHER }, n.token),
  );
  assert.equal((await s2.call('authLogout', {}, n.token)).body.code, 200);
  assert.equal((await late()).body.code, 503);
  assert.equal(await payHash(s2, n.id), stored);
});
