/**
 * The test API (/api/__test__/*) can delete any account, so it answers loopback clients only, judged by the
 * socket's address (never a header). These tests connect for real from this machine's own non-loopback
 * interface address when it has one: the server listens on the wildcard address and sees that address as the
 * peer, exactly as it would see a client on the network.
 */
import assert from 'node:assert/strict';
import { networkInterfaces } from 'node:os';
import { test } from 'node:test';
import { isLoopbackAddress, isLoopbackHost } from '../http/loopback';
import { startServer } from './helpers';

/** A non-loopback address of this machine (IPv4 first), as a URL host; null when there is none. */
function externalAddress(): string | null {
  const all = Object.values(networkInterfaces()).flat().filter((a) => a && !a.internal);
  const v4 = all.find((a) => a!.family === 'IPv4');
  if (v4) return v4.address;
  const v6 = all.find((a) => a!.family === 'IPv6' && !a!.address.startsWith('fe80'));
  return v6 ? `[${v6.address}]` : null;
}

const NOT_FOUND = { code: 405, msg: 'Not found', data: { reason: 'not_found' } };

test('the test API refuses a client on a non-loopback address: the same 404 as an unknown path, and nothing changes', async (t) => {
  const host = externalAddress();
  if (!host) return t.skip('this machine has no non-loopback interface address (covered by the inject test below)');
  const s = await startServer(t, { host: '::' });
  const port = new URL(s.base).port;
  const fromOutside = (path: string, headers: Record<string, string> = {}) =>
    fetch(`http://${host}:${port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ username: 'demo', state: 'deleted' }) });

  const unknown = await fromOutside('/api/__test__/no-such-route');
  const spoofed: Record<string, string>[] = [{}, { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1' }];
  for (const headers of spoofed) {
    const r = await fromOutside('/api/__test__/set-state', headers);
    assert.equal(r.status, 404, JSON.stringify(headers));
    assert.deepEqual(await r.json(), NOT_FOUND);
    assert.equal(r.headers.get('content-type'), unknown.headers.get('content-type'));
  }
  assert.equal(unknown.status, 404);
  assert.equal((s.db.prepare("SELECT state FROM users WHERE username = 'demo'").get() as { state: string }).state, 'active');

  // The same server still answers its loopback clients (the examples page on 127.0.0.1).
  const local = await s.post('/api/__test__/set-state', { username: 'demo', state: 'disabled' });
  assert.deepEqual(local.body, { code: 200, msg: 'success', data: { username: 'demo', state: 'disabled' } });
  // ... and the rest of the API stays open to everyone.
  assert.equal(((await (await fetch(`http://${host}:${port}/api/health`)).json()) as { code: number }).code, 200);
});

test('the test API refuses non-loopback peers in inject too (machines without a second interface)', async (t) => {
  const s = await startServer(t);
  const r = await s.app.inject({ method: 'POST', url: '/api/__test__/set-state', remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1' }, payload: { username: 'demo', state: 'deleted' } });
  assert.equal(r.statusCode, 404);
  assert.deepEqual(r.json(), NOT_FOUND);
  const ok = await s.app.inject({ method: 'POST', url: '/api/__test__/expire-tokens', remoteAddress: '::ffff:127.0.0.9', payload: { username: 'demo' } });
  assert.equal(ok.json().code, 200);
});

test('loopback means 127.0.0.0/8, ::1 and IPv4-mapped 127.x, nothing else', () => {
  for (const a of ['127.0.0.1', '127.200.1.2', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1']) assert.ok(isLoopbackAddress(a), a);
  for (const a of ['192.0.2.2', '::ffff:192.0.2.2', 'fd00::2', '::', '0.0.0.0', '128.0.0.1', '', undefined, 'localhost', '127.0.0.1.evil']) assert.ok(!isLoopbackAddress(a), String(a));
  for (const h of ['127.0.0.1', '::1', 'localhost', '[::1]']) assert.ok(isLoopbackHost(h), h);
  for (const h of ['0.0.0.0', '::', '192.0.2.2', 'example.com']) assert.ok(!isLoopbackHost(h), h);
});
