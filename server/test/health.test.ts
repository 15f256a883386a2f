/**
 * Health checks and the graceful stop. /healthz says the process answers, /readyz that its database does and that
 * it is not stopping (the database going away: postgres-faults.test.ts). On SIGTERM the process refuses new
 * connections at once, still answers the request it is in the middle of, and exits 0 after it.
 */
import assert from 'node:assert/strict';
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import test from 'node:test';
import { startServer } from './helpers';
import { postgresTestStore, testingOnPostgres } from './postgres-test';
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
    req = request({
      host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-tz': 'UTC' },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ res, text }));
    });
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
