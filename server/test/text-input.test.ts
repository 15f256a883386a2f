/**
 * Stored text is normalised once, in the shared schema (src/api/schema/text.ts): control characters, bidi overrides
 * and lone surrogates are refused with `chars`, text is stored in NFC, and image URLs are https or this server's
 * own uploads (`url`). The attacks go through the real server and the stored row is checked.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { str } from '../../src/api/schema/text';
import { imageUrl } from '../../src/api/schema/url';
import { lowerOf } from '../storage/expressions';
import { startServer, validRegistration } from './helpers';

const storedUser = (s: Awaited<ReturnType<typeof startServer>>, username: string) =>
  s.db
    .selectFrom('users')
    .select(['nickname', 'avatar'])
    .where(lowerOf('users.username'), '=', username.toLowerCase())
    .executeTakeFirst();

test('text with NUL, escapes, C1, DEL, bidi overrides/isolates or lone surrogates → 400 chars, nothing stored', async (t) => {
  const s = await startServer(t);
  const token = await s.login();
  const before = await storedUser(s, 'demo');
  const attacks = [
    'Shop\u0000',
    'Shop\u001b[31mred',
    'a\u0085b',
    'a\u007fb',
    'evil\u202Egpj.exe',
    'a\u2066b\u2069',
    'a\u202Ab',
    'line\nbreak',
    'tab\there',
    'a\u2028b',
    'half\ud800',
  ];
  for (const nickname of attacks) {
    const r = await s.call('userInfoEdit', { nickname }, token);
    assert.deepEqual(
      r.body,
      { code: 400, msg: 'nickname: chars', data: { field: 'nickname', rule: 'chars' } },
      JSON.stringify(nickname),
    );
  }
  assert.deepEqual(await storedUser(s, 'demo'), before);
  // Registration goes through the same schema.
  const reg = await s.call('authRegister', validRegistration({ nickname: 'New\u202EShop' }));
  assert.deepEqual(reg.body.data, { field: 'nickname', rule: 'chars' });
  assert.equal(await storedUser(s, 'newshop'), undefined);
});

test('text is stored in NFC; RTL marks, emoji and other scripts are fine', async (t) => {
  const s = await startServer(t);
  const token = await s.login();
  const decomposed = 'Cafe\u0301 \u1100\u1161'; // e + combining acute, Hangul jamo
  const r = await s.call('userInfoEdit', { nickname: decomposed }, token);
  assert.equal(r.body.code, 200, JSON.stringify(r.body));
  assert.equal((await storedUser(s, 'demo'))!.nickname, 'Caf\u00e9 \uac00');
  for (const nickname of ['\u05e9\u05dc\u05d5\u05dd\u200f 123', 'Shop 🛍️', '店铺', 'ร้านค้า']) {
    assert.equal((await s.call('userInfoEdit', { nickname }, token)).body.code, 200, nickname);
    assert.equal((await storedUser(s, 'demo'))!.nickname, nickname.normalize('NFC'));
  }
});

test('avatar: javascript:, data:, http: and other schemes → 400 url; https and own uploads are stored', async (t) => {
  const s = await startServer(t);
  const token = await s.login();
  const bad = [
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'http://img.example/a.png',
    'https:img.example/a.png',
    '//evil.example/a.png',
    'https://user:pw@img.example/a.png',
    '/uploads/../secret',
    '/uploads/.env',
    '/api/user/info',
    'vbscript:x',
    'a.png',
    'https://img.example/a b.png',
  ];
  for (const avatar of bad) {
    const r = await s.call('userInfoEdit', { avatar }, token);
    assert.deepEqual(r.body, { code: 400, msg: 'avatar: url', data: { field: 'avatar', rule: 'url' } }, avatar);
  }
  assert.equal((await storedUser(s, 'demo'))!.avatar, '');
  for (const [avatar, stored] of [
    ['https://img.example/caf\u00e9.png', 'https://img.example/caf%C3%A9.png'],
    ['/uploads/2024/ab12cd.png', '/uploads/2024/ab12cd.png'],
    ['HTTPS://IMG.example/x.png', 'https://img.example/x.png'],
  ]) {
    const r = await s.call('userInfoEdit', { avatar }, token);
    assert.equal(r.body.code, 200, `${avatar}: ${JSON.stringify(r.body)}`);
    assert.equal((await storedUser(s, 'demo'))!.avatar, stored);
  }
});

test('the schema fields themselves: the client forms get the same rules', () => {
  assert.deepEqual(str({ max: 10 }).parse('a\u0000'), { ok: false, rule: 'chars' });
  assert.deepEqual(str({ max: 10, multiline: true }).parse('a\r\nb\tc'), { ok: true, value: 'a\nb\tc' });
  assert.deepEqual(str({ max: 10, multiline: true }).parse('a\u202Eb'), { ok: false, rule: 'chars' });
  assert.deepEqual(imageUrl({ max: 500 }).parse('javascript:alert(1)'), { ok: false, rule: 'url' });
});
