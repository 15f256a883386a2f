/**
 * Binding where withdrawals go needs the transaction password: a stolen session alone cannot redirect the next
 * withdrawal. Replays the attack over HTTP: a binding without the password, with a wrong one (a guess counted
 * with the withdrawals' and checks', locking at the limit, parallel wrong ones checked at most the limit), before
 * any password is set; and account numbers that do not fit their kind (`12`), refused on the server whatever a
 * client checked.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { PAY_PASSWORD_MAX_FAILURES, type BankCard } from '../../src/api/shapes/wallet';
import type { Db } from '../storage/engine';
import { bindSampleCard, payPasswordWire, SAMPLE_CARDS } from '../seed/seed-wallet';
import { testPayPasswordHash } from './fixture-cost';
import { bareMerchant, tokenFor } from './ad-center-support';
import { startServer, testClock } from './helpers';

const RIGHT = payPasswordWire('246810');
const WRONG = payPasswordWire('111111');
const ROOMY_GATE = { queued: 1000, perClientInFlight: 1000, perClientPerMinute: 100_000 };

/** The thief's account: a valid bank account, not the merchant's. */
const THIEF = {
  kind: 'bank',
  bank_name: 'Other Bank',
  user_name: 'Someone Else',
  mobile: '+1 555 010 0042',
  account: '99990000111122',
};

interface Shop {
  id: number;
  token: string;
}
async function shop(db: Db, o: { password?: boolean } = {}): Promise<Shop> {
  const u = await bareMerchant(db);
  await db
    .updateTable('users')
    .set({ startup_funds_returned: 1, pay_password_hash: o.password === false ? null : testPayPasswordHash('246810') })
    .where('id', '=', u.id)
    .execute();
  await bindSampleCard(db, u.id, SAMPLE_CARDS.bank, new Date().toISOString());
  return { id: u.id, token: await tokenFor(db, u.id) };
}

const bound = async (db: Db, id: number) =>
  (await db
    .selectFrom('bank_cards')
    .select(['kind', 'bank_name', 'user_name', 'mobile', 'account', 'bank_address', 'branch'])
    .where('user_id', '=', id)
    .executeTakeFirst()) as BankCard | undefined;
const failures = async (db: Db, id: number) =>
  (await db.selectFrom('users').select('pay_password_failures').where('id', '=', id).executeTakeFirstOrThrow())
    .pay_password_failures;

async function server(t: test.TestContext) {
  return startServer(t, { clock: testClock(), simulation: false, cpuGate: ROOMY_GATE });
}

test('rebinding without the transaction password, or with a wrong one, is refused and changes nothing; the right one binds', async (t) => {
  const s = await server(t);
  const m = await shop(s.db);
  const before = await bound(s.db, m.id);

  assert.deepEqual((await s.call('bankCardEdit', THIEF, m.token)).body.data, { field: 'password', rule: 'required' });
  assert.deepEqual((await s.call('bankCardEdit', { ...THIEF, password: '246810' }, m.token)).body.data, {
    field: 'password',
    rule: 'pattern',
  });
  assert.deepEqual((await s.call('bankCardEdit', { ...THIEF, password: WRONG }, m.token)).body.data, {
    reason: 'pay_password_wrong',
    field: 'password',
    tries_left: 4,
  });
  assert.equal(await failures(s.db, m.id), 1, "a wrong password is a guess like a withdrawal's");
  assert.deepEqual(await bound(s.db, m.id), before);

  const ok = await s.call('bankCardEdit', { ...THIEF, password: RIGHT }, m.token);
  assert.equal(ok.body.code, 200, ok.text);
  assert.equal((await bound(s.db, m.id))!.account, THIEF.account);
  assert.equal(await failures(s.db, m.id), 0, 'the right one clears the count');
});

test('wrong passwords on binding count with checks and withdrawals: the limit locks it (the right one too), and 20 wrong ones at once get at most the limit checked', async (t) => {
  const s = await server(t);
  const m = await shop(s.db);
  const before = await bound(s.db, m.id);
  assert.equal((await s.call('checkPassword', { password: WRONG }, m.token)).body.data.reason, 'pay_password_wrong');
  for (let i = 1; i < PAY_PASSWORD_MAX_FAILURES; i++) {
    assert.equal(
      (await s.call('bankCardEdit', { ...THIEF, password: WRONG }, m.token)).body.data.reason,
      'pay_password_wrong',
    );
  }
  const locked = await s.call('bankCardEdit', { ...THIEF, password: RIGHT }, m.token);
  assert.equal(locked.body.data.reason, 'pay_password_locked');
  assert.ok(locked.body.data.retry_after! > 0);
  assert.equal(
    (await s.call('withdraw', { amount: '1.00', password: RIGHT, request_id: `bc-${process.pid}-1` }, m.token)).body
      .data.reason,
    'pay_password_locked',
  );
  assert.deepEqual(await bound(s.db, m.id), before);

  const n = await shop(s.db);
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      s.call('bankCardEdit', { ...THIEF, account: `${10_000_000 + i}`, password: WRONG }, n.token),
    ),
  );
  const reasons = answers.map((r) => r.body.data.reason);
  assert.equal(reasons.filter((r) => r === 'pay_password_wrong').length, PAY_PASSWORD_MAX_FAILURES);
  assert.equal(reasons.filter((r) => r === 'pay_password_locked').length, 20 - PAY_PASSWORD_MAX_FAILURES);
  assert.equal(await failures(s.db, n.id), PAY_PASSWORD_MAX_FAILURES);
  assert.equal((await bound(s.db, n.id))!.account, SAMPLE_CARDS.bank.account);
});

test('with no transaction password set, binding is refused (pay_password_unset) and nothing is bound', async (t) => {
  const s = await server(t);
  const m = await shop(s.db, { password: false });
  await s.db.deleteFrom('bank_cards').where('user_id', '=', m.id).execute();
  assert.deepEqual((await s.call('bankCardEdit', { ...THIEF, password: RIGHT }, m.token)).body.data, {
    reason: 'pay_password_unset',
  });
  assert.equal(await bound(s.db, m.id), undefined);
});

test('account numbers fit their kind: a bank account is 8 to 34 digits (spaces dropped), a wallet address 26 to 64 letters and digits; a misfit costs no guess', async (t) => {
  const s = await server(t);
  const m = await shop(s.db);
  const bank = (account: string, password = RIGHT) => s.call('bankCardEdit', { ...THIEF, account, password }, m.token);
  const wallet = (account: string) =>
    s.call('bankCardEdit', { ...THIEF, kind: 'wallet', bank_name: 'USDT (TRC20)', account, password: RIGHT }, m.token);
  const bankRule = { field: 'account', rule: 'bankAccount' };
  const walletRule = { field: 'account', rule: 'walletAddress' };

  for (const account of ['12', '1234567', 'DE02120300000000202051', '1234-5678-90', '1'.repeat(35)]) {
    assert.deepEqual((await bank(account, WRONG)).body.data, bankRule, account);
  }
  assert.equal(await failures(s.db, m.id), 0, 'refused before the password is checked');
  for (const account of ['12', 'TQ7x9mVh2kR4', 'TQ7x9mVh2kR4pLc8sN3dWf6yBz5aEu1Jx!', 'a'.repeat(25), 'a'.repeat(65)]) {
    assert.deepEqual(
      (await wallet(account)).body.data,
      account.length > 64 ? { field: 'account', rule: 'maxLength' } : walletRule,
      account,
    );
  }
  assert.equal((await bound(s.db, m.id))!.account, SAMPLE_CARDS.bank.account, 'nothing bound');

  const spaced = await bank(' 6222 0000 1111 ');
  assert.equal(spaced.body.code, 200, spaced.text);
  assert.equal(spaced.body.data.account, '622200001111', 'stored as digits');
  assert.equal(
    (await bank('6222 0000 1111')).body.data.reason,
    'not_modified',
    'the same digits spaced otherwise are not a change',
  );
  assert.equal((await bank('1'.repeat(34))).body.code, 200);
  const address = 'TQ7x9mVh2kR4pLc8sN3dWf6yBz';
  assert.equal((await wallet(address)).body.data.account, address);
});
