/**
 * Health checks and the graceful stop. /healthz says the process answers, /readyz that its database does and that
 * it is not stopping (the database going away: postgres-faults.test.ts). On SIGTERM the process refuses new
 * connections at once, still answers the request it is in the middle of, and exits 0 after it.
 */
import assert from 'node:assert/strict';
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import { startServer } from './helpers';
import { postgresTestStore, testingOnPostgres } from './postgres-test';
import { openStore } from '../storage/open';
import type { Store } from '../storage/engine';
import { spawnMain } from './spawn-main';

test('/healthz and /readyz answer without a session; once draining, readyz says so and every answer closes its connection', async (t) => {
  const s = await startServer(t);
  const get = (url: string) => s.app.inject({ method: 'GET', url });
  const healthz = await get('/healthz');
  assert.equal(healthz.statusCode, 200);
  assert.deepEqual(healthz.json(), { status: 'ok' });
  assert.equal(healthz.headers['cache-control'], 'no-store');
  const ready = await get('/readyz');
  assert.equal(ready.statusCode, 200);
  assert.deepEqual(ready.json(), { status: 'ready' });
  assert.notEqual(ready.headers.connection, 'close');

  s.app.drain();
  const draining = await get('/readyz');
  assert.equal(draining.statusCode, 503);
  assert.deepEqual(draining.json(), { status: 'draining' });
  assert.equal(draining.headers.connection, 'close');
  assert.equal((await get('/healthz')).statusCode, 200, 'still up while it drains');
  assert.equal((await get('/api/config/basic')).headers.connection, 'close');
});

/** Whether a new connection to `base` is accepted. */
function accepts(base: string): Promise<boolean> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

test('SIGTERM: new connections are refused, the request in flight is answered, then the process exits 0', async (t) => {
  // On the engine of the pass: on PostgreSQL the pool is closed after the last request, not under it.
  let database: Record<string, string> = {};
  if (testingOnPostgres()) {
    const store = await postgresTestStore();
    t.after(() => store.close());
    database = { DATABASE_URL: store.url, DATABASE: '' };
  }
  const run = spawnMain(t, { LOG_LEVEL: 'info', ...database });
  const started = await run.started;
  assert.ok('banner' in started, run.stderr());
  const base = started.banner.match(/http:\/\/[^\s/]+/)![0];
  const url = new URL('/api/auth/login', base);

  // A login whose body is still arriving when the signal comes.
  const body = JSON.stringify({ username: 'demo', password: 'demo1234' });
  let req!: ClientRequest;
  const answered = new Promise<{ res: IncomingMessage; text: string }>((resolve, reject) => {
    req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-tz': 'UTC' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ res, text }));
      },
    );
    req.on('error', reject);
  });
  req.write(body.slice(0, 10));
  // In flight means the server has the request (its log says so at info), not just the connection: a request whose
  // headers arrive after the signal is a new one, answered 503.
  while (!run.stderr().includes('"url":"/api/auth/login"')) await new Promise((r) => setTimeout(r, 10));
  const exited = new Promise<number | null>((resolve) => run.child.once('exit', (code) => resolve(code)));
  run.child.kill('SIGTERM');
  for (;;) {
    if (!(await accepts(base))) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.equal(run.child.exitCode, null, 'still running while a request is in flight');
  req.end(body.slice(10));
  const { res, text } = await answered;
  assert.equal(res.statusCode, 200, text);
  assert.equal(JSON.parse(text).code, 200, text);
  assert.equal(res.headers.connection, 'close');
  assert.equal(await exited, 0, run.stderr());
  assert.match(run.stderr(), /SIGTERM: draining[\s\S]*SIGTERM: stopped/);
});

test('SIGTERM: a call whose client hung up still finishes, its writes with it, before the database closes', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'hung-up-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  let database: Record<string, string> = { DATABASE: join(dir, 'shop.db') };
  let store: Store | undefined;
  if (testingOnPostgres()) {
    const own = await postgresTestStore();
    t.after(() => own.close());
    store = own;
    database = { DATABASE_URL: own.url, DATABASE: '' };
  }
  const run = spawnMain(t, { LOG_LEVEL: 'info', ...database });
  const started = await run.started;
  assert.ok('banner' in started, run.stderr());
  store ??= await openStore({ path: join(dir, 'shop.db') });
  t.after(() => (testingOnPostgres() ? undefined : store.close()));
  const sessions = async () =>
    (
      await store.db
        .selectFrom('tokens')
        .innerJoin('users', 'users.id', 'tokens.user_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('users.username', '=', 'demo')
        .executeTakeFirstOrThrow()
    ).n;
  const before = Number(await sessions());

  // A login: a slow password hash, then its writes. The client sends it whole and hangs up at once.
  const url = new URL('/api/auth/login', started.banner.match(/http:\/\/[^\s/]+/)![0]);
  const body = JSON.stringify({ username: 'demo', password: 'demo1234' });
  const socket = connect({ host: url.hostname, port: Number(url.port) });
  socket.on('error', () => undefined);
  socket.write(
    `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nX-TZ: UTC\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  while (!run.stderr().includes('"url":"/api/auth/login"')) await new Promise((r) => setTimeout(r, 5));
  socket.destroy();
  const exited = new Promise<number | null>((resolve) => run.child.once('exit', (code) => resolve(code)));
  run.child.kill('SIGTERM');
  assert.equal(await exited, 0, run.stderr());
  assert.doesNotMatch(run.stderr(), /"level":50|destroyed/, 'no call ran into a closed database');
  assert.equal(Number(await sessions()), before + 1, 'the login was carried out: its session is stored');
});
