/**
 * Image upload and serving: the type is decided from the bytes (a PNG named .txt is a PNG, a text
 * named .png is not an image, SVG is refused), the 5 MB limit (a 6 MB file refused, nothing kept), broken bodies
 * answered with the envelope, the token required, the file stored outside the web root under a random name with
 * mode 0600 and its owner, served back with a fixed type and restrictive headers, unknown names a plain 404, the
 * per-merchant hourly cap, and the multipart parser reaching no other route.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test, { type TestContext } from 'node:test';
import { deflateSync } from 'node:zlib';
import { IMAGE_MAX_BYTES } from '../../src/api/shapes/messages';
import { buildApp } from '../app';
import { PROJECT_ROOT } from '../paths';
import { PARTIAL, reserveUpload, UPLOADS_PER_HOUR } from '../services/uploads';
import { freshMerchant, startServer, testClock, type StartOptions, type TestServer } from './helpers';
import { emptyStore, seededStore } from './seeded-db';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A valid 2×2 RGB PNG (signature, IHDR, one zlib IDAT, IEND). */
function tinyPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const rows = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]); // filter byte + 2 pixels, twice
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Sends one file as the browser's FormData would (the declared type and name are the client's word only). */
function upload(s: TestServer, token: string | undefined, bytes: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append('note', 'from a test');
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  return s.request('/api/files/upload', { method: 'POST', headers: token ? { 'X-CT': token } : {}, body: form });
}

/** The upload folder's files and the uploads table's rows: what a refused upload must leave unchanged. */
const stored = async (s: TestServer) => ({
  files: readdirSync(s.app.uploadDir).sort(),
  rows: (
    await s.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
});

async function started(t: TestContext, opts: StartOptions = {}) {
  const s = await startServer(t, opts);
  return { s, m: await freshMerchant(s) };
}

test('a real PNG: stored outside the web root under a random name, mode 0600, owner recorded; served back with its type and restrictive headers', async (t) => {
  const { s, m } = await started(t);
  const png = tinyPng();
  const r = await upload(s, m.token, png, 'photo.png', 'image/png');
  assert.equal(r.status, 200);
  assert.equal(r.body.code, 200, r.text);
  const { id, url, mime, size } = r.body.data;
  assert.match(url, /^\/uploads\/[0-9a-f]{32}\.png$/);
  assert.deepEqual([mime, size], ['image/png', png.length]);
  const name = url.slice('/uploads/'.length);
  const path = join(s.app.uploadDir, name);
  assert.equal(statSync(path).mode & 0o777, 0o600);
  assert.ok(!s.app.uploadDir.startsWith(PROJECT_ROOT), 'the test folder is outside the project');
  assert.deepEqual(
    await s.db
      .selectFrom('uploads')
      .select(['user_id', 'path', 'mime', 'size'])
      .where('id', '=', id)
      .executeTakeFirst(),
    { user_id: m.id, path: name, mime: 'image/png', size: png.length },
  );

  const res = await fetch(s.base + url);
  assert.equal(res.status, 200);
  assert.deepEqual(Buffer.from(await res.arrayBuffer()), png);
  assert.equal(res.headers.get('content-type'), 'image/png');
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(res.headers.get('content-security-policy'), "default-src 'none'; sandbox");
  assert.equal(res.headers.get('cross-origin-resource-policy'), 'cross-origin');
  assert.equal(res.headers.get('cache-control'), 'private, max-age=31536000, immutable');
  assert.equal(res.headers.get('content-disposition'), 'inline');
  assert.equal(res.headers.get('content-length'), String(png.length));
  // No token is needed to show it (an <img> sends none); the name is the secret.
  const head = await fetch(s.base + url, { method: 'HEAD' });
  assert.deepEqual([head.status, head.headers.get('content-type')], [200, 'image/png']);
});

test('the type comes from the bytes: a PNG named .txt and declared text/plain is a PNG; JPEG, GIF and WebP by their signatures', async (t) => {
  const { s, m } = await started(t);
  const renamed = await upload(s, m.token, tinyPng(), 'notes.txt', 'text/plain');
  assert.equal(renamed.body.code, 200, renamed.text);
  assert.equal(renamed.body.data.mime, 'image/png');
  assert.match(renamed.body.data.url, /\.png$/);
  assert.equal((await fetch(s.base + renamed.body.data.url)).headers.get('content-type'), 'image/png');

  const fill = Buffer.alloc(64, 7);
  const samples: [Buffer, string, string][] = [
    [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), fill]), 'image/jpeg', 'jpg'],
    [Buffer.concat([Buffer.from('GIF89a'), fill]), 'image/gif', 'gif'],
    [Buffer.concat([Buffer.from('GIF87a'), fill]), 'image/gif', 'gif'],
    [
      Buffer.concat([Buffer.from('RIFF'), Buffer.from([60, 0, 0, 0]), Buffer.from('WEBPVP8 '), fill]),
      'image/webp',
      'webp',
    ],
  ];
  for (const [bytes, mime, ext] of samples) {
    const r = await upload(s, m.token, bytes, 'x.bin', 'application/octet-stream');
    assert.equal(r.body.code, 200, r.text);
    assert.equal(r.body.data.mime, mime);
    assert.ok(r.body.data.url.endsWith(`.${ext}`));
  }
});

test('not an image: text named .png declared image/png, an SVG, HTML, a PDF, a WAV (RIFF but not WebP), an empty file; nothing kept', async (t) => {
  const { s, m } = await started(t);
  const before = await stored(s);
  const cases: [Buffer, string, string][] = [
    [Buffer.from('just some text, honestly\n'), 'photo.png', 'image/png'],
    [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'logo.svg',
      'image/svg+xml',
    ],
    [Buffer.from('<!doctype html><script>alert(1)</script>'), 'page.png', 'image/png'],
    [Buffer.from('%PDF-1.7\n%âãÏÓ\n'), 'scan.jpg', 'image/jpeg'],
    [
      Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(16)]),
      'sound.webp',
      'image/webp',
    ],
    [Buffer.alloc(0), 'empty.png', 'image/png'],
  ];
  for (const [bytes, name, type] of cases) {
    const r = await upload(s, m.token, bytes, name, type);
    assert.equal(r.status, 200);
    assert.deepEqual([r.body.code, r.body.data.reason], [405, 'not_image'], name);
  }
  assert.deepEqual(await stored(s), before);
});

test('size: a 6 MB file is image_too_large and nothing is kept; exactly 5 MB is accepted', async (t) => {
  const { s, m } = await started(t);
  const before = await stored(s);
  const big = Buffer.alloc(6 * 1024 * 1024, 1);
  tinyPng().copy(big);
  const r = await upload(s, m.token, big, 'huge.png', 'image/png');
  assert.equal(r.status, 200);
  assert.deepEqual([r.body.code, r.body.data.reason], [405, 'image_too_large']);
  assert.deepEqual(await stored(s), before);

  const limit = Buffer.alloc(IMAGE_MAX_BYTES, 1);
  tinyPng().copy(limit);
  const ok = await upload(s, m.token, limit, 'limit.png', 'image/png');
  assert.equal(ok.body.code, 200, ok.text);
  assert.equal(ok.body.data.size, IMAGE_MAX_BYTES);
});

test('broken requests: a cut multipart body, no file part, no boundary, JSON, too many parts: the envelope with a params error, never a 500; nothing kept', async (t) => {
  const { s, m } = await started(t);
  const before = await stored(s);
  const boundary = '----merchant-ads-test';
  const raw = (body: Buffer | string, type = `multipart/form-data; boundary=${boundary}`) =>
    s.request('/api/files/upload', {
      method: 'POST',
      headers: { 'X-CT': m.token, 'content-type': type },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;

  // The file's bytes start, then the body ends: no closing boundary.
  const cut = await raw(Buffer.concat([Buffer.from(head), tinyPng().subarray(0, 20)]));
  assert.equal(cut.status, 200);
  assert.deepEqual([cut.body.code, cut.body.data.field], [400, 'body']);
  // Only a field, no file.
  const noFile = await raw(
    `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
  );
  assert.deepEqual([noFile.body.code, noFile.body.data.field, noFile.body.data.rule], [400, 'file', 'required']);
  // An empty multipart body: no file either.
  const empty = await raw('');
  assert.deepEqual([empty.body.code, empty.body.data.field], [400, 'file']);
  // Multipart without a boundary.
  const noBoundary = await raw(Buffer.concat([Buffer.from(head), tinyPng()]), 'multipart/form-data');
  assert.deepEqual([noBoundary.body.code, noBoundary.body.data.field], [400, 'body']);
  // Garbage that is not multipart at all, under a multipart type.
  const garbage = await raw('this is not a form');
  assert.equal(garbage.body.code, 400);
  // JSON to the upload: not a form.
  const json = await s.post('/api/files/upload', { file: 'x' }, { 'X-CT': m.token });
  assert.deepEqual([json.body.code, json.body.data.field, json.body.data.rule], [400, 'body', 'type']);
  // Many fields before the file: the parts limit.
  const many = new FormData();
  for (let i = 0; i < 10; i++) many.append(`f${i}`, 'x');
  many.append('file', new Blob([new Uint8Array(tinyPng())], { type: 'image/png' }), 'a.png');
  const tooMany = await s.request('/api/files/upload', { method: 'POST', headers: { 'X-CT': m.token }, body: many });
  assert.deepEqual([tooMany.body.code, tooMany.body.data.field], [400, 'body']);
  // Two files: the first is taken.
  const two = new FormData();
  two.append('a', new Blob([new Uint8Array(tinyPng())], { type: 'image/png' }), 'a.png');
  two.append('b', new Blob([new Uint8Array(tinyPng())], { type: 'image/png' }), 'b.png');
  const twoRes = await s.request('/api/files/upload', { method: 'POST', headers: { 'X-CT': m.token }, body: two });
  assert.equal(twoRes.body.code, 200, twoRes.text);
  const after = await stored(s);
  assert.equal(after.rows, before.rows + 1);
  assert.equal(after.files.length, before.files.length + 1);
  assert.ok(
    after.files.every((f) => /^[0-9a-f]{32}\.png$/.test(f)),
    'no .part file is left behind',
  );
});

test('auth: without a token or with an unknown one, the 401 envelope and nothing kept; multipart reaches no other route', async (t) => {
  const { s, m } = await started(t);
  const before = await stored(s);
  const anon = await upload(s, undefined, tinyPng(), 'a.png', 'image/png');
  assert.deepEqual([anon.status, anon.body.code], [200, 401]);
  const wrong = await upload(s, 'not-a-token', tinyPng(), 'a.png', 'image/png');
  assert.equal(wrong.body.code, 401);
  assert.deepEqual(await stored(s), before);
  // A form sent to another route: not a body it takes.
  const form = new FormData();
  form.append('nickname', 'x');
  const r = await s.request('/api/user/info/edit', { method: 'POST', headers: { 'X-CT': m.token }, body: form });
  assert.deepEqual([r.body.code, r.body.data.field, r.body.data.rule], [400, 'body', 'type']);
});

test('serving: only stored names with a row; anything else is a plain 404', async (t) => {
  const { s, m } = await started(t);
  const ok = await upload(s, m.token, tinyPng(), 'a.png', 'image/png');
  const name = ok.body.data.url.slice('/uploads/'.length) as string;
  // A file in the folder without a row (left by a crash, put there by hand): not served.
  writeFileSync(join(s.app.uploadDir, 'ab'.repeat(16) + '.png'), tinyPng());
  writeFileSync(join(s.app.uploadDir, 'notes.txt'), 'secret');
  for (const path of [
    `/uploads/${'ab'.repeat(16)}.png`,
    '/uploads/notes.txt',
    `/uploads/${'cd'.repeat(16)}.png`,
    `/uploads/${name.replace('.png', '.gif')}`,
    `/uploads/${name.toUpperCase()}`,
    '/uploads/..%2fpackage.json',
    '/uploads/%2e%2e/package.json',
    '/uploads/',
    `/uploads/x/${name}`,
  ]) {
    const r = await fetch(s.base + path);
    // Each body read to its end: an unread one holds its connection, and closing the server then waited for the
    // keep-alive timeout (one CI run spent 70 s here).
    await r.arrayBuffer();
    assert.equal(r.status, 404, path);
    assert.notEqual(r.headers.get('content-type'), 'image/png', path);
  }
  const served = await fetch(s.base + `/uploads/${name}`);
  await served.arrayBuffer();
  assert.equal(served.status, 200);
});

test(`a merchant may upload ${UPLOADS_PER_HOUR} images an hour; then rate_limited with retry_after, until the hour has passed`, async (t) => {
  const clock = testClock();
  const { s, m } = await started(t, { clock });
  const png = tinyPng();
  for (let i = 0; i < UPLOADS_PER_HOUR; i++) {
    const r = await upload(s, m.token, png, 'a.png', 'image/png');
    assert.equal(r.body.code, 200, r.text);
  }
  const before = await stored(s);
  const limited = await upload(s, m.token, png, 'a.png', 'image/png');
  assert.deepEqual([limited.body.code, limited.body.data.reason], [405, 'rate_limited']);
  assert.ok(
    limited.body.data.retry_after > 3500 && limited.body.data.retry_after <= 3600,
    String(limited.body.data.retry_after),
  );
  assert.deepEqual(await stored(s), before);
  // Another merchant is not limited by it.
  const other = await freshMerchant(s);
  assert.equal((await upload(s, other.token, png, 'a.png', 'image/png')).body.code, 200);
  clock.advance(3_600_001);
  assert.equal((await upload(s, m.token, png, 'a.png', 'image/png')).body.code, 200);
});

test(`parallel uploads cannot pass the hourly limit: each reserves its slot before its body is read`, async (t) => {
  const { s, m } = await started(t);
  const png = tinyPng();
  const answers = await Promise.all(
    Array.from({ length: 3 * UPLOADS_PER_HOUR }, () => upload(s, m.token, png, 'a.png', 'image/png')),
  );
  const codes = answers.map((r) => (r.body.code === 200 ? 'stored' : r.body.data.reason));
  assert.equal(codes.filter((c) => c === 'stored').length, UPLOADS_PER_HOUR, codes.join(' '));
  assert.equal(codes.filter((c) => c === 'rate_limited').length, 2 * UPLOADS_PER_HOUR, codes.join(' '));
  const after = await stored(s);
  assert.equal(after.rows, UPLOADS_PER_HOUR);
  assert.equal(after.files.length, UPLOADS_PER_HOUR, 'no partial file is left behind');
});

test('a refused upload gives its slot back, and a reserved one is never served or named before it is whole', async (t) => {
  const { s, m } = await started(t);
  const png = tinyPng();
  for (let i = 0; i < 3; i++) {
    const r = await upload(s, m.token, Buffer.from('plain text, not an image'), 'a.png', 'image/png');
    assert.equal(r.body.data.reason, 'not_image');
  }
  for (let i = 0; i < UPLOADS_PER_HOUR; i++)
    assert.equal((await upload(s, m.token, png, 'a.png', 'image/png')).body.code, 200);
  assert.equal((await upload(s, m.token, png, 'a.png', 'image/png')).body.data.reason, 'rate_limited');
});

test('a slot a crash left reserved counts for its hour, then a restart removes its row and partial file', async (t) => {
  const clock = testClock();
  const dir = mkdtempSync(join(tmpdir(), 'ma-upload-sweep-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const store = await seededStore();
  t.after(() => store.close());
  const db = store.db;
  const userId = (await db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow())
    .id;
  // As a crash mid-upload leaves it: the reserved row and the partial file.
  const slot = await reserveUpload(db, userId, new Date(clock()));
  writeFileSync(join(dir, `${slot.stem}${PARTIAL}`), 'half a file');
  const rows = async () =>
    (
      await db
        .selectFrom('uploads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  const early = buildApp({ db, uploadDir: dir, clock, simulation: false });
  await early.ready();
  assert.equal(await rows(), 1, 'within its hour it still counts');
  await early.close();

  clock.advance(3_600_001);
  const later = buildApp({ db, uploadDir: dir, clock, simulation: false });
  await later.ready();
  assert.equal(await rows(), 0);
  assert.deepEqual(readdirSync(dir), []);
  await later.close();
});

test('the upload folder: a temporary one by default, removed on close; one inside a served folder is refused', async (t) => {
  const store = await emptyStore();
  t.after(() => store.close());
  const db = store.db;
  const app = buildApp({ db });
  const dir = app.uploadDir;
  assert.ok(existsSync(dir));
  await app.close();
  assert.ok(!existsSync(dir));

  const own = mkdtempSync(join(tmpdir(), 'ma-upload-test-'));
  const kept = buildApp({ db, uploadDir: join(own, 'nested') });
  assert.equal(kept.uploadDir, join(own, 'nested'));
  assert.equal(statSync(kept.uploadDir).mode & 0o777, 0o700);
  await kept.close();
  assert.ok(existsSync(join(own, 'nested')), "a folder that was given is the deployer's: kept");
  rmSync(own, { recursive: true, force: true });

  const root = mkdtempSync(join(tmpdir(), 'ma-root-'));
  for (const inside of ['examples/uploads', 'dist', 'locales/x']) {
    assert.throws(() => buildApp({ db, staticRoot: root, uploadDir: join(root, inside) }), /served as static files/);
  }
  rmSync(root, { recursive: true, force: true });
});
