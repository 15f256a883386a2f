/**
 * Request bodies cost what a call can need and no more: each call reads at most the bytes its fields can fill,
 * refused by Content-Length before a byte is read and while a chunked body streams in; a body nested deeper than
 * any request shape is refused without being built; a body sent to an unknown path or to a GET-only call is never
 * read. A client looping a megabyte of nested brackets used to hold the event loop for hundreds of milliseconds a
 * request, stalling every other client.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import * as calls from '../../src/api/calls';
import type { CallKey } from '../../src/api/call';
import { endpointOf } from '../http/route';
import { FEEDBACK_CONTENT_MAX, FEEDBACK_TOPIC_MAX } from '../../src/api/shapes/messages';
import { startServer } from './helpers';
import { PROJECT_ROOT } from '../paths';

const NESTED_MB = '['.repeat(500_000) + ']'.repeat(500_000);

/** Counts JSON.parse calls whose text starts with many brackets (the server parses in this process). */
function watchNestedParses(t: TestContext): { count: () => number } {
  const parse = JSON.parse;
  let count = 0;
  JSON.parse = function (text: string, reviver?: Parameters<typeof JSON.parse>[1]) {
    if (typeof text === 'string' && /^\s*[[{]\s*[[{]\s*[[{]\s*[[{]/.test(text.slice(0, 64))) count++;
    return parse(text, reviver);
  } as typeof JSON.parse;
  t.after(() => {
    JSON.parse = parse;
  });
  return { count: () => count };
}

const envelope = (rule: string) => ({ code: 400, msg: `body: ${rule}`, data: { field: 'body', rule } });
const json = { 'content-type': 'application/json' };

test('a megabyte of nested brackets to a JSON call, a GET-only call or an unknown path is never parsed', async (t) => {
  const s = await startServer(t);
  const parses = watchNestedParses(t);
  const login = await s.request('/api/auth/login', { method: 'POST', headers: json, body: NESTED_MB });
  assert.deepEqual(login.body, envelope('maxLength'));
  for (const path of ['/api/user/property', '/api/no/such/call']) {
    const r = await s.request(path, { method: 'POST', headers: json, body: NESTED_MB });
    assert.equal(r.status, 404, path);
    assert.deepEqual(r.body, { code: 405, msg: 'Not found', data: { reason: 'not_found' } }, path);
  }
  assert.equal(parses.count(), 0, 'the nested body was handed to JSON.parse');
  assert.equal((await s.request('/api/health')).body.code, 200);
});

test('nesting deeper than any request shape, within the size limit, is refused before JSON.parse builds it', async (t) => {
  const s = await startServer(t);
  const parses = watchNestedParses(t);
  const deep = '['.repeat(1000) + ']'.repeat(1000);
  assert.deepEqual(
    (await s.request('/api/auth/login', { method: 'POST', headers: json, body: deep })).body,
    envelope('depth'),
  );
  const deepObject = '{"a":'.repeat(300) + '1' + '}'.repeat(300);
  assert.deepEqual(
    (await s.request('/api/auth/login', { method: 'POST', headers: json, body: deepObject })).body,
    envelope('depth'),
  );
  assert.equal(parses.count(), 0);
  // Brackets inside strings are text, not nesting (escaped quotes included): a password may hold them.
  const password = '[[[[[[[[[[{{{{{{{{{{\\"[[[[[[[[[[';
  const r = await s.request('/api/auth/login', {
    method: 'POST',
    headers: json,
    body: `{"username":"demo","password":"${password}"}`,
  });
  assert.deepEqual([r.body.code, r.body.data.reason], [405, 'wrong_credentials']);
});

/** Sends a chunked POST a kilobyte at a time, never ending it; resolves with the answer once the server sends one. */
function chunkedUntilAnswered(base: string, path: string, maxBytes: number): Promise<{ text: string; sent: number }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      clearInterval(timer);
      socket.destroy();
      resolve({ text, sent });
    };
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      text += d;
      if (/\r\n\r\n[\s\S]*\}$/.test(text)) done();
    });
    socket.on('close', done);
    socket.on('error', (err) => (text ? done() : reject(err)));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    const chunk = `{"pad":"${'x'.repeat(1000)}`.slice(0, 1024);
    timer = setInterval(() => {
      if (sent >= maxBytes) {
        clearInterval(timer);
        return;
      }
      socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      sent += chunk.length;
    }, 5);
  });
}

test("a body over its call's limit is refused by Content-Length and, chunked, while it streams in", async (t) => {
  const s = await startServer(t);
  // Login's fields fill well under 16 KB; a 64 KB body is refused without reading it.
  const big = JSON.stringify({ username: 'demo', password: 'demo1234', pad: 'x'.repeat(64 * 1024) });
  assert.deepEqual(
    (await s.request('/api/auth/login', { method: 'POST', headers: json, body: big })).body,
    envelope('maxLength'),
  );
  // A chunked body never ends: the answer comes once the limit is passed, long before a megabyte is sent.
  const r = await chunkedUntilAnswered(s.base, '/api/auth/login', 1024 * 1024);
  assert.match(r.text, /^HTTP\/1\.1 200/);
  assert.deepEqual(
    JSON.parse(
      r.text
        .slice(r.text.indexOf('\r\n\r\n') + 4)
        .replace(/^[0-9a-f]+\r\n/, '')
        .replace(/\r\n0\r\n\r\n$/, ''),
    ),
    envelope('maxLength'),
  );
  assert.ok(r.sent < 64 * 1024, `answered after ${r.sent} bytes`);
  // A body of a type no call takes is refused before it is read, and the connection closes rather than read on.
  const typed = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(new URL(s.base).port), '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after 5 s: ${text}`));
    }, 5000);
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (text += d));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(text);
    });
    socket.on('error', () => {});
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 10000000\r\n\r\nabc',
    );
  });
  assert.match(typed, /"msg":"body: type"/);
  assert.equal((await s.request('/api/health')).body.code, 200);
});

test('every JSON call takes its largest legitimate body: each text field at its maximum, three UTF-8 bytes a character', async (t) => {
  const s = await startServer(t);
  const wide = '界';
  for (const key of Object.keys(calls) as CallKey[]) {
    const def = endpointOf(key);
    if (def.method !== 'POST' || def.form) continue;
    const body: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(def.schema.fields as Record<string, { meta?: { max?: number } }>)) {
      body[name] = field.meta?.max ? wide.repeat(field.meta.max) : '1';
    }
    const r = await s.request(`/api${def.path}`, { method: 'POST', headers: json, body: JSON.stringify(body) });
    assert.notEqual(r.body?.data?.field, 'body', `${key}: ${r.text.slice(0, 200)}`);
  }
  // A whole feedback as the SDK sends it: the longest topic and content, quotes, backslashes and line breaks.
  const token = await s.login();
  const content = `"\\\n${'界'.repeat(FEEDBACK_CONTENT_MAX - 3)}`;
  const r = await s.call(
    'feedback',
    { topic: '界'.repeat(FEEDBACK_TOPIC_MAX), content, image_ids: [], request_id: 'body-limit-1' },
    token,
  );
  assert.equal(r.body.code, 200, r.text.slice(0, 200));
  assert.equal(r.body.data.content, content);
});

test('the client has words for the request-level rules it shows (validation.<rule>; maxLength needs a number, so it shows the system error)', () => {
  const en = JSON.parse(readFileSync(join(PROJECT_ROOT, 'locales', 'en.json'), 'utf8')) as {
    validation: Record<string, string>;
  };
  for (const rule of ['type', 'depth', 'timeout'])
    assert.equal(typeof en.validation[rule], 'string', `validation.${rule}`);
});
