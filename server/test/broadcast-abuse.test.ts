import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Broadcast } from '../../src/api/shapes/ad-center';
import { broadcast } from '../services/ad-center/broadcast';
import { issueToken } from '../services/users';
import { bareMerchant, seededDb } from './ad-center-support';
import { startServer, testClock } from './helpers';

// What the open ticker (it needs no session) told about merchants, and what it cost to serve: both bounded now.

test('ticker ids are opaque: not the row id × 4 + the action, unique, and stable from one payload to the next', async (t) => {
  const db = await seededDb(t);
  const now = Date.parse('2030-01-10T12:00:00Z');
  const user = await bareMerchant(db, { nickname: 'Zebra Tools', createdAt: '2030-01-10T11:00:00.000Z' });
  const first = await broadcast(db, now);
  const joined = first.updates.find((u) => u.action === 'joined' && u.time === '2030-01-10T11:00:00.000Z')!;
  assert.ok(joined, 'the new merchant joined');
  // The old scheme: id = users.id × 4 + 0 for joined.
  assert.notEqual(joined.id, user.id * 4);
  assert.ok(Number.isSafeInteger(joined.id) && joined.id > 0);
  assert.equal(new Set(first.updates.map((u) => u.id)).size, first.updates.length, 'unique');
  // Two neighbouring accounts: nothing in their ids says they are neighbours.
  const next = await bareMerchant(db, { nickname: 'Yak Supplies', createdAt: '2030-01-10T11:01:00.000Z' });
  const second = await broadcast(db, now);
  const a = second.updates.find((u) => u.name === 'Z***s' && u.action === 'joined')!;
  const b = second.updates.find((u) => u.name === 'Y***s' && u.action === 'joined')!;
  assert.equal(a.id, joined.id, 'the same update keeps its id');
  assert.ok(Math.abs(b.id - a.id) > 1_000_000, `ids ${a.id} and ${b.id} of users ${user.id} and ${next.id}`);
});

test('ticker times are to the minute', async (t) => {
  const db = await seededDb(t);
  await bareMerchant(db, { nickname: 'Exact Seconds', createdAt: '2030-01-10T11:00:37.123Z' });
  const b = await broadcast(db, Date.parse('2030-01-10T12:00:00Z'));
  assert.ok(b.updates.some((u) => u.time === '2030-01-10T11:00:00.000Z' && u.name === 'E***s'));
  for (const u of b.updates) assert.match(u.time, /:00\.000Z$/, u.time);
});

test('a nickname the merchant never chose is not shown: registration and partner defaults say "a merchant" (null)', async (t) => {
  const db = await seededDb(t);
  const chosen = await bareMerchant(db, { nickname: 'Quokka Store', createdAt: '2030-01-10T11:00:00.000Z' });
  const defaulted = await bareMerchant(db, { createdAt: '2030-01-10T11:10:00.000Z' });
  // Registration without a nickname (and partner entry) store the login name or the partner uid as the nickname.
  await db
    .updateTable('users')
    .set((eb) => ({ nickname: eb.ref('username') }))
    .where('id', '=', defaulted.id)
    .execute();
  const empty = await bareMerchant(db, { createdAt: '2030-01-10T11:20:00.000Z' });
  await db.updateTable('users').set({ nickname: '' }).where('id', '=', empty.id).execute();
  const b = await broadcast(db, Date.parse('2030-01-10T12:00:00Z'));
  const at = (time: string) => b.updates.find((u) => u.action === 'joined' && u.time === time)!;
  assert.equal(at('2030-01-10T11:00:00.000Z').name, 'Q***e');
  assert.equal(at('2030-01-10T11:10:00.000Z').name, null);
  assert.equal(at('2030-01-10T11:20:00.000Z').name, null);
  const text = JSON.stringify(b);
  for (const u of [chosen, defaulted, empty]) {
    const login = Array.from(u.username);
    assert.ok(
      !text.includes(`${login[0]}***${login[login.length - 1]}"`) || u === chosen,
      `no masked login name of ${u.username}`,
    );
  }
});

test('/broadcast-data is computed at most once per 30 s and served from memory in between, whatever the callers', async (t) => {
  const clock = testClock(Date.parse('2030-01-10T12:00:00Z'));
  const s = await startServer(t, { clock });
  const get = async () => (await s.call('broadcast', {})).body.data as Broadcast;
  const first = await get();
  // A merchant joins; 50 callers at once within the interval all get the payload computed before.
  const user = await bareMerchant(s.db, { nickname: 'Late Comer', createdAt: '2030-01-10T11:59:00.000Z' });
  await issueToken(s.db, user.id, 3600 * 24 * 365 * 10, Date.now()); // online at the test clock's 2030
  clock.advance(29_000);
  const many = await Promise.all(Array.from({ length: 50 }, get));
  for (const b of many) assert.deepEqual(b, first);
  // Past the interval the next caller computes it again, once.
  clock.advance(1_000);
  const fresh = await get();
  assert.equal(fresh.online_users, first.online_users + 1);
  assert.ok(fresh.updates.some((u) => u.name === 'L***r'));
});
