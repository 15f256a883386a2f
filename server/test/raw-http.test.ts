/**
 * Requests Node's HTTP parser or the CORS plugin reject before any route runs still get the envelope under /api:
 * written over raw sockets (node:net), because fetch cannot send a malformed request.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { test } from 'node:test';
import { assertNoStack, startServer } from './helpers';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `request` as bytes and reads the whole answer until the server closes or one full response arrived. */
function rawRequest(base: string, request: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let data = '';
    const finish = () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    };
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      data += d;
      const length = /\r\ncontent-length: *(\d+)/i.exec(data)?.[1];
      const start = data.indexOf('\r\n\r\n');
      if (length !== undefined && start >= 0 && Buffer.byteLength(data.slice(start + 4)) >= Number(length)) {
        socket.destroy();
        finish();
      }
    });
    socket.on('end', finish);
    socket.on('close', finish);
    socket.on('error', (err) => (data ? finish() : reject(err)));
    socket.write(request);
  });
}

const expectEnvelope = (r: RawAnswer, status: number, code: number, what: string) => {
  assert.equal(r.status, status, `${what}: ${r.status} ${r.body}`);
  assert.match(r.headers['content-type'] ?? '', /^application\/json/, what);
  assertNoStack(r.body);
  const body = JSON.parse(r.body);
  assert.deepEqual(Object.keys(body).sort(), ['code', 'data', 'msg'], what);
  assert.equal(body.code, code, what);
  return body;
};

test('parser-level rejections under /api → envelopes: 20 KB URL, huge header, garbage request line', async (t) => {
  const s = await startServer(t);
  const longUrl = await rawRequest(
    s.base,
    `GET /api/basic_config?x=${'a'.repeat(20 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`,
  );
  assert.deepEqual(expectEnvelope(longUrl, 200, 400, '20 KB URL'), {
    code: 400,
    msg: 'request: maxLength',
    data: { field: 'request', rule: 'maxLength' },
  });

  const bigHeader = await rawRequest(
    s.base,
    `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Pad: ${'b'.repeat(20 * 1024)}\r\n\r\n`,
  );
  assert.deepEqual(expectEnvelope(bigHeader, 200, 400, 'header overflow').data, {
    field: 'request',
    rule: 'maxLength',
  });

  for (const garbage of [
    '\x01\x02garbage \xff\r\n\r\n',
    'GET /api/health HTTP/9.9 extra\r\n\r\n',
    'GET /api/health HTTP/1.1\r\nHost x\r\n\r\n',
  ]) {
    const r = await rawRequest(s.base, garbage);
    assert.deepEqual(expectEnvelope(r, 200, 400, JSON.stringify(garbage)), {
      code: 400,
      msg: 'request: type',
      data: { field: 'request', rule: 'type' },
    });
  }
  // The server is unharmed.
  assert.equal((await s.request('/api/health')).body.code, 200);
});

test('OPTIONS under /api without Origin (not a CORS preflight) → the unknown-method envelope, not text/plain', async (t) => {
  const s = await startServer(t);
  for (const extra of ['', 'Origin: https://shop.example\r\n', 'Access-Control-Request-Method: POST\r\n']) {
    const r = await rawRequest(
      s.base,
      `OPTIONS /api/auth/login HTTP/1.1\r\nHost: x\r\n${extra}Connection: close\r\n\r\n`,
    );
    assert.deepEqual(expectEnvelope(r, 404, 405, `OPTIONS ${extra}`), {
      code: 405,
      msg: 'Not found',
      data: { reason: 'not_found' },
    });
  }
  // A real preflight is still the CORS answer: 204, no body.
  const preflight = await rawRequest(
    s.base,
    'OPTIONS /api/auth/login HTTP/1.1\r\nHost: x\r\nOrigin: https://shop.example\r\nAccess-Control-Request-Method: POST\r\nConnection: close\r\n\r\n',
  );
  assert.equal(preflight.status, 204);
  assert.equal(preflight.body, '');
  assert.equal(preflight.headers['access-control-allow-origin'], '*');
});

test('requests Node would answer with an empty 400 / 417 (no Host header, an unknown Expect) reach the API', async (t) => {
  const s = await startServer(t);
  const noHost = await rawRequest(s.base, 'GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n');
  assert.deepEqual(expectEnvelope(noHost, 200, 200, 'no Host'), { code: 200, msg: 'ok', data: {} });
  const expect = await rawRequest(
    s.base,
    'GET /api/health HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\nConnection: close\r\n\r\n',
  );
  assert.deepEqual(expectEnvelope(expect, 200, 200, 'Expect: teapot'), { code: 200, msg: 'ok', data: {} });
});
