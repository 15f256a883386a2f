/**
 * The wire format (bridge/protocol.ts): encode/parse round trips, what is ignored silently, what is dropped and
 * reported (and with which reason), and payload validation in both directions.
 */
import { expect } from 'chai';
import {
  CAPABILITIES,
  MAX_MESSAGE_BYTES,
  NAMESPACE,
  PROTOCOL_VERSION,
  encode,
  parse,
  shellToWeb,
  webToShell,
  type WebToShell,
} from '../../../bridge/protocol';

const raw = (m: Record<string, unknown>) => JSON.stringify({ ns: NAMESPACE, v: 1, id: 'shell-1', kind: 'event', ...m });

/** Every sample encodes and parses back to the same type and payload through `table`. */
function expectRoundTrips(samples: Record<string, unknown>, table: Record<string, any>): void {
  for (const [type, payload] of Object.entries(samples)) {
    const r = parse(encode(type, payload), table);
    if (!r.ok) throw new Error(`${type}: ${JSON.stringify(r)}`);
    expect(r.message.type).to.equal(type);
    expect(r.message.payload).to.deep.equal(payload);
  }
}

/** Parses and expects a drop with `reason`; returns the detail. */
function dropped(input: unknown, reason: string, table: Record<string, any> = shellToWeb): string {
  const r = parse(input, table);
  expect(r.ok, `expected ${String(input).slice(0, 80)} to be dropped`).to.equal(false);
  if (r.ok) throw new Error('unreachable');
  expect(r.ignore, 'should be reported, not ignored').to.equal(false);
  if (r.ignore) throw new Error('unreachable');
  expect(r.reason).to.equal(reason);
  expect(r.detail).to.be.a('string');
  return r.detail;
}

function ignored(input: unknown, table: Record<string, any> = shellToWeb): void {
  const r = parse(input, table);
  expect(r, `expected ${String(input).slice(0, 80)} to be ignored silently`).to.deep.equal({ ok: false, ignore: true });
}

describe('bridge protocol', () => {
  describe('round trip', () => {
    it('encode → parse gives back type, payload, envelope and a fresh id', () => {
      const a = encode('token', { token: 'abc.DEF-123_~' });
      const b = encode('token', { token: 'abc.DEF-123_~' });
      expect(a).to.be.a('string');
      const env = JSON.parse(a);
      expect(env).to.include({ ns: NAMESPACE, v: PROTOCOL_VERSION, kind: 'event', type: 'token' });
      expect(env.id).to.be.a('string').and.not.equal(JSON.parse(b).id);
      const r = parse(a, shellToWeb);
      if (!r.ok) throw new Error(`not ok: ${JSON.stringify(r)}`);
      expect(r.message).to.deep.include({ ns: NAMESPACE, v: 1, kind: 'event', type: 'token', id: env.id });
      expect(r.message.payload).to.deep.equal({ token: 'abc.DEF-123_~' });
      expect(r.message.re).to.equal(undefined);
    });

    it('a response keeps its kind and the id it answers', () => {
      const r = parse(encode('logout', {}, 'response', 'web-7'), shellToWeb);
      if (!r.ok) throw new Error('not ok');
      expect(r.message.kind).to.equal('response');
      expect(r.message.re).to.equal('web-7');
    });

    it('every shell → web type round-trips', () => {
      const samples: Record<keyof typeof shellToWeb, unknown> = {
        init: { platform: 'ios', language: 'de', token: 'tok-1', protocol: 1 },
        token: { token: 'tok-2' },
        language: { language: 'zh-Hant' },
        logout: {},
        back: {},
      };
      expectRoundTrips(samples, shellToWeb);
    });

    it('every web → shell type round-trips', () => {
      const samples: WebToShell = {
        ready: { protocols: [1], sdk: '0.1.0', capabilities: CAPABILITIES },
        close: { reason: 'back' },
        openUrl: { url: 'https://help.example.com/chat?x=1', purpose: 'customerService' },
        routeChanged: { path: '/wallet', canGoBack: true },
        titleChanged: { title: 'Wallet' },
        logout: { reason: 'user' },
        tokenRequest: { reason: 'expired' },
        error: { reason: 'malformed', detail: 'not JSON' },
      };
      expectRoundTrips(samples, webToShell);
    });

    it('unknown payload fields are dropped by validation, not passed on', () => {
      const text = raw({ type: 'token', payload: { token: 'abc', html: '<img src=x onerror=alert(1)>' } }).replace(
        '"payload":{',
        '"payload":{"__proto__":{"polluted":true},',
      );
      expect(text).to.include('__proto__');
      const r = parse(text, shellToWeb);
      if (!r.ok) throw new Error('not ok');
      expect(r.message.payload).to.deep.equal({ token: 'abc' });
      expect(Object.keys(r.message.payload)).to.deep.equal(['token']);
      expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    });

    it('capabilities are exactly the shell → web types', () => {
      expect([...CAPABILITIES].sort()).to.deep.equal(['back', 'init', 'language', 'logout', 'token']);
    });
  });

  describe('ignored silently', () => {
    it('anything that is not a string', () => {
      for (const x of [
        undefined,
        null,
        42,
        true,
        { ns: NAMESPACE, v: 1, id: 'a', kind: 'event', type: 'token', payload: { token: 'abc' } },
        [raw({ type: 'back' })],
        new ArrayBuffer(8),
      ]) {
        ignored(x);
      }
    });

    it('foreign JSON and foreign text', () => {
      for (const x of [
        '{"type":"webpackOk"}',
        '[1,2,3]',
        'null',
        '"merchant"',
        '42',
        'hello',
        '',
        '{"ns":"other-lib","v":1,"type":"token","payload":{"token":"x"}}',
        raw({ ns: 'Merchant-Ads', type: 'back' }),
      ]) {
        ignored(x);
      }
    });

    it("unknown types, including prototype names, and the other direction's types", () => {
      for (const type of [
        'selfDestruct',
        '__proto__',
        'constructor',
        'toString',
        'hasOwnProperty',
        'ready',
        'routeChanged',
        'error',
        '',
        'TOKEN',
      ]) {
        ignored(raw({ type, payload: {} }));
      }
      ignored(raw({ type: 7, payload: {} }));
      // And the web side's own types are unknown to the shell's table the other way round.
      ignored(raw({ type: 'init', payload: { platform: 'x' } }), webToShell);
    });
  });

  describe('dropped and reported', () => {
    it('malformed JSON that mentions the namespace → malformed', () => {
      dropped('{"ns":"merchant-ads","v":1,"type":"token","payload":{"token":"abc"}', 'malformed');
      dropped("{ns:'merchant-ads'}", 'malformed');
    });

    it('a bad kind or id → malformed', () => {
      expect(dropped(raw({ type: 'back', kind: 'command', payload: {} }), 'malformed')).to.equal('kind');
      expect(dropped(raw({ type: 'back', kind: undefined, payload: {} }), 'malformed')).to.equal('kind');
      expect(dropped(raw({ type: 'back', id: 'x'.repeat(65), payload: {} }), 'malformed')).to.equal('id');
      expect(dropped(raw({ type: 'back', id: 12, payload: {} }), 'malformed')).to.equal('id');
    });

    it('an unknown major version → unsupported_version (even for an unknown type)', () => {
      for (const v of [2, 0, 99, '1', null, -1]) {
        const detail = dropped(raw({ v, type: 'token', payload: { token: 'abc' } }), 'unsupported_version');
        expect(detail).to.include('supported 1');
      }
      dropped(
        JSON.stringify({ ns: NAMESPACE, id: 'a', kind: 'event', type: 'back', payload: {} }),
        'unsupported_version',
      );
      dropped(raw({ v: 2, type: 'somethingNew', payload: {} }), 'unsupported_version');
    });

    it('the version is an integer: 1.9, 1.0000001 and 0.5 are no version 1 (the attack: a shell sent v: 1.9)', () => {
      for (const v of [1.9, 1.0000001, 1.5, 0.5, Infinity, NaN]) {
        expect(
          dropped(raw({ v, type: 'token', payload: { token: 'abc' } }), 'unsupported_version'),
          String(v),
        ).to.include('supported 1');
      }
      expect(parse(raw({ v: 1.0, type: 'back', payload: {} }), shellToWeb).ok).to.equal(true);
    });

    it('invalid payloads → invalid_payload, naming the field', () => {
      expect(dropped(raw({ type: 'token', payload: { token: 'has spaces in it' } }), 'invalid_payload')).to.equal(
        'token.token: pattern',
      );
      expect(dropped(raw({ type: 'token', payload: { token: 'x'.repeat(2049) } }), 'invalid_payload')).to.equal(
        'token.token: maxLength',
      );
      expect(dropped(raw({ type: 'token', payload: { token: 42 } }), 'invalid_payload')).to.equal('token.token: type');
      expect(dropped(raw({ type: 'token', payload: { token: 'tok\u00e9n' } }), 'invalid_payload')).to.equal(
        'token.token: pattern',
      );
      expect(dropped(raw({ type: 'token', payload: {} }), 'invalid_payload')).to.equal('token.token: required');
      expect(dropped(raw({ type: 'token' }), 'invalid_payload')).to.equal('token.token: required');
      expect(dropped(raw({ type: 'language', payload: { language: 'xx!!' } }), 'invalid_payload')).to.equal(
        'language.language: pattern',
      );
      expect(
        dropped(raw({ type: 'language', payload: { language: '<img src=x onerror=alert(1)>' } }), 'invalid_payload'),
      ).to.match(/^language\.language: /);
      expect(dropped(raw({ type: 'language', payload: {} }), 'invalid_payload')).to.equal(
        'language.language: required',
      );
      expect(dropped(raw({ type: 'init', payload: { language: 'de' } }), 'invalid_payload')).to.equal(
        'init.platform: required',
      );
      expect(dropped(raw({ type: 'init', payload: { platform: 'ios', token: 'a b' } }), 'invalid_payload')).to.equal(
        'init.token: pattern',
      );
      expect(
        dropped(raw({ type: 'init', payload: { platform: 'ios', language: 'xx!!' } }), 'invalid_payload'),
      ).to.equal('init.language: pattern');
      expect(dropped(raw({ type: 'init', payload: { platform: 'ios', protocol: 0 } }), 'invalid_payload')).to.match(
        /^init\.protocol: /,
      );
      expect(dropped(raw({ type: 'init', payload: { platform: 'x'.repeat(33) } }), 'invalid_payload')).to.equal(
        'init.platform: maxLength',
      );
    });

    it('over 64 KB → too_large, before it is even parsed; at the limit is fine', () => {
      const base = raw({ type: 'token', payload: { token: 'abc' }, pad: '' });
      const atLimit = base.replace('"pad":""', `"pad":"${'x'.repeat(MAX_MESSAGE_BYTES - base.length)}"`);
      expect(atLimit.length).to.equal(MAX_MESSAGE_BYTES);
      expect(parse(atLimit, shellToWeb).ok).to.equal(true);
      const over = atLimit.replace('"pad":"', '"pad":"x');
      expect(over.length).to.equal(MAX_MESSAGE_BYTES + 1);
      expect(dropped(over, 'too_large')).to.include(String(MAX_MESSAGE_BYTES + 1));
      // Size is checked first, before parsing; a huge string that is not ours is ignored, not reported.
      const notOurs = parse('x'.repeat(MAX_MESSAGE_BYTES + 10), shellToWeb);
      expect(notOurs).to.deep.equal({ ok: false, ignore: true });
      // Bytes, not characters: 30 000 three-byte characters are 90 000 bytes.
      expect(dropped(base.replace('"pad":""', `"pad":"${'€'.repeat(30000)}"`), 'too_large')).to.match(/^9\d{4} bytes$/);
      expect(MAX_MESSAGE_BYTES).to.equal(65536);
    });
  });

  describe('web → shell schemas', () => {
    it('openUrl is https only, with a known purpose', () => {
      const ok = (p: unknown) => webToShell.openUrl.validate(p).ok;
      expect(ok({ url: 'https://example.com/a', purpose: 'external' })).to.equal(true);
      expect(ok({ url: 'http://example.com/a', purpose: 'external' })).to.equal(false);
      expect(ok({ url: 'javascript:alert(1)', purpose: 'external' })).to.equal(false);
      expect(ok({ url: 'https://example.com/a b', purpose: 'external' })).to.equal(false);
      expect(ok({ url: 'https://example.com/a', purpose: 'phishing' })).to.equal(false);
    });

    it('error reasons are a closed set', () => {
      expect(webToShell.error.validate({ reason: 'too_large' }).ok).to.equal(true);
      expect(webToShell.error.validate({ reason: 'because' }).ok).to.equal(false);
    });
  });
});
