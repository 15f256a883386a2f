/**
 * Sessions end when they should: a password change ends every session, even a login that was checking the old
 * password while the change committed (and a second change checking it then changes nothing); a logout ends the
 * one session it is called with, and only that one.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Code } from '../../src/api/envelope';
import { issueToken } from '../services/users';
import { freshMerchant, startServer, type TestServer } from './helpers';

const NEW_PASSWORD = { old_password: 'demo1234', new_password: 'newpass1', confirm_password: 'newpass1' };

/**
 * Holds the next password hash the server starts (before it enters the CPU gate, so it occupies no slot and the
 * password change behind it is not refused for load) until the test lets it go. The login has read the user's
 * stored hash by then, and checks the password against that one: the race window of a real server, where the
 * check runs off the event loop, made as long as the test needs.
 */
function holdNextHash(s: TestServer) {
  const gate = s.app.cpuGate;
  const run = gate.run.bind(gate);
  let reached!: () => void;
  let release!: () => void;
  const isHeld = new Promise<void>((ok) => (reached = ok));
  const released = new Promise<void>((ok) => (release = ok));
  let armed = true;
  gate.run = async (client, work) => {
    if (armed) {
      armed = false;
      reached();
      await released;
    }
    return run(client, work);
  };
  return { isHeld, release };
}

test('a login checking the old password while the password change commits gets no session', async (t) => {
  const s = await startServer(t);
  const changer = await s.login();
  const hold = holdNextHash(s);
  const racingLogin = s.call('authLogin', { username: 'demo', password: 'demo1234' });
  await hold.isHeld;
  const change = await s.call('updatePassword', NEW_PASSWORD, changer);
  assert.equal(change.body.code, Code.OK, change.text);
  hold.release();
  const login = await racingLogin;
  // Refused as the wrong password it now is: no token, so nothing outlives the change.
  assert.equal(login.body.code, 405, login.text);
  assert.equal(login.body.data.reason, 'wrong_credentials');
  const live = await s.db
    .selectFrom('tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('expires_at', '>', Date.now())
    .executeTakeFirstOrThrow();
  assert.equal(live.n, 0, 'every session of the user ended with the change');
  // The new password opens a session as before.
  assert.equal((await s.call('userInfo', {}, await s.login('demo', 'newpass1'))).body.code, Code.OK);
});

test('a password change checking the old password while another change commits changes nothing', async (t) => {
  const s = await startServer(t);
  const owner = await s.login();
  const other = await s.login();
  const hold = holdNextHash(s);
  const racingChange = s.call(
    'updatePassword',
    { ...NEW_PASSWORD, new_password: 'theirs12', confirm_password: 'theirs12' },
    other,
  );
  await hold.isHeld;
  assert.equal((await s.call('updatePassword', NEW_PASSWORD, owner)).body.code, Code.OK);
  hold.release();
  const change = await racingChange;
  // Its old password was the account's when its session was checked, but no longer is: refused, as a wrong one.
  assert.equal(change.body.code, 405, change.text);
  assert.equal(change.body.data.reason, 'wrong_old_password');
  assert.equal((await s.call('authLogin', { username: 'demo', password: 'theirs12' })).body.code, 405);
  assert.equal((await s.call('userInfo', {}, await s.login('demo', 'newpass1'))).body.code, Code.OK);
});

test('a login checking an unchanged password still gets its session', async (t) => {
  const s = await startServer(t);
  const hold = holdNextHash(s);
  const racingLogin = s.call('authLogin', { username: 'demo', password: 'demo1234' });
  await hold.isHeld;
  // Something else about the account changes meanwhile: not the password, so the session is opened.
  assert.equal(
    (await s.call('userInfoEdit', { nickname: 'Renamed' }, await sessionWithoutHashing(s))).body.code,
    Code.OK,
  );
  hold.release();
  const login = await racingLogin;
  assert.equal(login.body.code, Code.OK, login.text);
  assert.equal((await s.call('userInfo', {}, login.body.data.token)).body.data.nickname, 'Renamed');
});

/** A demo session opened without a password check, so none competes with the held one. */
async function sessionWithoutHashing(s: TestServer): Promise<string> {
  const { id } = await s.db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow();
  return (await issueToken(s.db, id, 3600, Date.now())).token;
}

test('logout ends the session it is called with: that token then answers 503, the others still work', async (t) => {
  const s = await startServer(t);
  const m = await freshMerchant(s);
  const demoA = await s.login();
  const demoB = await s.login();

  const out = await s.call('authLogout', {}, demoA);
  assert.equal(out.body.code, Code.OK, out.text);
  assert.equal((await s.call('userInfo', {}, demoA)).body.code, Code.TOKEN_EXPIRED, 'a logged-out token is expired');
  // Twice, or with a token already ended: nothing more happens, the answer is the expired one.
  assert.equal((await s.call('authLogout', {}, demoA)).body.code, Code.TOKEN_EXPIRED);
  // The same user's other session, and another merchant's, live on.
  assert.equal((await s.call('userInfo', {}, demoB)).body.code, Code.OK);
  assert.equal((await s.call('userInfo', {}, m.token)).body.code, Code.OK);
  // Without a token it is the unknown session's 401, as for every call.
  assert.equal((await s.call('authLogout', {})).body.code, Code.NO_AUTH);
});

test('an account that is not activated, disabled or deleted still ends its session: logout answers success, and the token is then expired', async (t) => {
  const s = await startServer(t);
  for (const state of ['not_activated', 'disabled', 'deleted'] as const) {
    await s.post('/api/__test__/set-state', { username: 'demo', state: 'active' });
    const token = await s.login();
    assert.equal((await s.post('/api/__test__/set-state', { username: 'demo', state })).body.code, Code.OK);
    const out = await s.call('authLogout', {}, token);
    assert.equal(out.body.code, Code.OK, `${state}: ${out.text}`);
    await s.post('/api/__test__/set-state', { username: 'demo', state: 'active' });
    assert.equal((await s.call('userInfo', {}, token)).body.code, Code.TOKEN_EXPIRED, `${state}: the session ended`);
  }
});
