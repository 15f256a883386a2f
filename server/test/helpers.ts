/** Test helpers: a real server on an in-memory database, on 127.0.0.1:<random port>, spoken to with fetch. */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import type { TestContext } from 'node:test';
import { buildApp, type AppOptions } from '../app';
import type { Db } from '../storage/engine';
import { seededStore } from './seeded-db';
import { FIXTURE_PASSWORD_COST } from './fixture-cost';
import type { CallKey, ReqOf, ResOf } from '../../src/api/calls';
import { endpointOf } from '../http/route';
import type { Envelope, ErrorData } from '../../src/api/envelope';

export interface Res<B = any> {
  status: number;
  headers: Headers;
  text: string;
  body: B;
}
/** A contract call's answer: success data or error data (one type, so tests can read either). */
export type CallRes<K extends CallKey> = Res<Envelope<ResOf<K> & ErrorData>>;

/** Nothing we send back may look like a stack trace or leak file paths. */
export function assertNoStack(text: string): void {
  assert.doesNotMatch(
    text,
    /\n\s+at |\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\.js:\d+|Error:/,
    `looks like a stack trace: ${text.slice(0, 300)}`,
  );
}

export interface TestServer {
  base: string;
  /** The test's own database, for setting up and reading back what the API cannot (typed queries, no SQL text). */
  db: Db;
  app: ReturnType<typeof buildApp>;
  /** Raw request (path under the origin, e.g. /api/auth/login). */
  request: (path: string, init?: RequestInit) => Promise<Res>;
  post: (path: string, body: unknown, headers?: Record<string, string>) => Promise<Res>;
  /** A contract call, built from calls[key] like the SDK does. */
  call: <K extends CallKey>(
    key: K,
    input: Partial<ReqOf<K>> | Record<string, unknown>,
    token?: string,
  ) => Promise<CallRes<K>>;
  login: (username?: string, password?: string) => Promise<string>;
}

export interface StartOptions extends Partial<AppOptions> {
  beforeListen?: (app: ReturnType<typeof buildApp>) => void;
  /** Where to listen; default 127.0.0.1. A wildcard ('0.0.0.0', '::') lets a test connect from a non-loopback address. */
  host?: string;
}

export async function startServer(t: TestContext, opts: StartOptions = {}): Promise<TestServer> {
  const store = await seededStore();
  const db = store.db;
  // Races fire hundreds of requests at once from 127.0.0.1, fetch opening a connection for each: above the
  // per-address cap a real client gets (connections.test.ts checks the cap with its own).
  const app = buildApp({
    db,
    testApi: true,
    passwordCost: FIXTURE_PASSWORD_COST,
    ...opts,
    connections: { perAddress: 10_000, ...opts.connections },
  });
  opts.beforeListen?.(app);
  await app.listen({ port: 0, host: opts.host ?? '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  t.after(async () => {
    await app.close();
    await store.close();
  });

  async function request(path: string, init: RequestInit = {}): Promise<Res> {
    const r = await fetch(base + path, init);
    const text = await r.text();
    assertNoStack(text);
    let body: any = null;
    try {
      body = JSON.parse(text);
    } catch {
      /* static files, plain-text 404 */
    }
    return { status: r.status, headers: r.headers, text, body };
  }
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  async function call<K extends CallKey>(key: K, input: Record<string, unknown>, token?: string): Promise<CallRes<K>> {
    const def = endpointOf(key);
    const headers: Record<string, string> = { 'X-TZ': 'Asia/Shanghai; GMT+08:00' };
    if (token) headers['X-CT'] = token;
    if (def.method === 'GET') {
      const qs = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)])).toString();
      return request(`/api${def.path}${qs ? `?${qs}` : ''}`, { headers });
    }
    return post(`/api${def.path}`, input, headers);
  }

  async function login(username = 'demo', password = 'demo1234'): Promise<string> {
    const r = await call('authLogin', { username, password });
    assert.equal(r.body.code, 200, JSON.stringify(r.body));
    return r.body.data.token;
  }

  return { base, db, app, request, post, call: call, login };
}

export const validRegistration = (over: Record<string, unknown> = {}) => ({
  username: 'newshop',
  nickname: 'New Shop',
  password: 'secret123',
  confirm_password: 'secret123',
  email: 'new@example.com',
  phone: '+44 20 7946 0958',
  license_key: 'DEMO-LICENSE',
  terms: true,
  ...over,
});

/** A clock for buildApp({ clock }) that stands still until the test moves it: time passes without waiting. */
export interface TestClock {
  (): number;
  advance: (ms: number) => void;
}
export function testClock(start = Date.now()): TestClock {
  let now = start;
  return Object.assign(() => now, { advance: (ms: number) => void (now += ms) });
}

export interface Merchant {
  id: number;
  username: string;
  token: string;
  proxy_id: string;
}

/** A fresh merchant with the demo's kind of ad-centre data, through the test API (needs `testApi`, the default). */
export async function freshMerchant(s: TestServer): Promise<Merchant> {
  const r = await s.post('/api/__test__/merchant', {});
  assert.equal(r.body.code, 200, r.text);
  const { id } = await s.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', r.body.data.username)
    .executeTakeFirstOrThrow();
  return { id, ...r.body.data };
}
