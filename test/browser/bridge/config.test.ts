/**
 * The host page's settings (bridge/config.ts): the JSON config script; the query string may set only the harmless
 * ones (language, first route, fallback timeout), never whom to trust or where tokens go.
 */
import { expect } from 'chai';
import { readConfig } from '../../../bridge/config';

function docWith(script?: string): Document {
  const doc = document.implementation.createHTMLDocument('host');
  if (script !== undefined) {
    const el = doc.createElement('script');
    el.type = 'application/json';
    el.id = 'merchant-ads-config';
    el.textContent = script;
    doc.head.appendChild(el);
  }
  return doc;
}
const loc = (search: string) => new URL(`https://ads.example.com/bridge/index.html${search}`) as unknown as Location;

const FULL = JSON.stringify({
  apiBase: 'https://api.example.com/api',
  allowedOrigins: ['https://shell.example.com'],
  language: 'de',
  token: 'from-script',
  persistToken: true,
  handlerName: 'scriptHandler',
  fallbackTimeout: 900,
  localesBase: 'https://cdn.example.com/locales/',
  storagePrefix: 'shop-ads:',
  initialRoute: '/wallet',
});

describe('bridge host page config (readConfig)', () => {
  let warn: typeof console.warn;
  let warnings: unknown[][];
  beforeEach(() => {
    warn = console.warn;
    warnings = [];
    console.warn = (...a: unknown[]) => void warnings.push(a);
  });
  afterEach(() => {
    console.warn = warn;
  });

  it('defaults without a config script or query', () => {
    expect(readConfig(loc(''), docWith())).to.deep.equal({
      apiBase: '/api',
      allowedOrigins: [],
      language: undefined,
      token: undefined,
      persistToken: false,
      handlerName: undefined,
      fallbackTimeout: undefined,
      localesBase: undefined,
      storagePrefix: undefined,
      initialRoute: undefined,
    });
  });

  it('reads every setting from the config script', () => {
    expect(readConfig(loc(''), docWith(FULL))).to.deep.equal(JSON.parse(FULL));
  });

  it('the query string sets only the language, the first route and the fallback timeout', () => {
    const q = '?lang=fr&fallbackTimeout=250&route=/ad-center';
    expect(readConfig(loc(q), docWith(FULL))).to.deep.equal({
      ...JSON.parse(FULL),
      language: 'fr',
      fallbackTimeout: 250,
      initialRoute: '/ad-center',
    });
  });

  it('a crafted link cannot set apiBase, the allowed origins, the token or the handler (token theft, self-allowlisting, session fixation)', () => {
    const q = '?apiBase=http://127.0.0.1:9/api&origins=https://evil.example&token=attacker-token&handler=evilHandler';
    expect(readConfig(loc(q), docWith(FULL))).to.deep.equal(JSON.parse(FULL));
    expect(readConfig(loc(q), docWith())).to.deep.include({
      apiBase: '/api',
      allowedOrigins: [],
      token: undefined,
      handlerName: undefined,
    });
    expect(warnings.map((w) => String(w[0]))).to.deep.equal([
      '[merchant-ads bridge] ignored from the URL: apiBase, origins, token, handler (only the config script sets them)',
      '[merchant-ads bridge] ignored from the URL: apiBase, origins, token, handler (only the config script sets them)',
    ]);
  });

  it('"self" in the allowlist is the page\'s own origin; other entries stay exact, "null" included', () => {
    const c = readConfig(loc(''), docWith('{"allowedOrigins":["self","https://b.example:8443","null"]}'));
    expect(c.allowedOrigins).to.deep.equal(['https://ads.example.com', 'https://b.example:8443', 'null']);
  });

  it('persistToken is on only for a literal true in the config script', () => {
    for (const v of ['"true"', '1', '"yes"', 'null'])
      expect(readConfig(loc(''), docWith(`{"persistToken":${v}}`)).persistToken, v).to.equal(false);
    expect(readConfig(loc('?persistToken=true'), docWith()).persistToken).to.equal(false);
  });

  it('a non-array allowlist in the script gives none', () => {
    expect(readConfig(loc(''), docWith('{"allowedOrigins":"https://shell.example.com"}')).allowedOrigins).to.deep.equal(
      [],
    );
  });

  it('a non-numeric fallbackTimeout in the query is ignored', () => {
    for (const v of ['abc', '-5', '1e3', '', '12.5']) {
      expect(readConfig(loc(`?fallbackTimeout=${encodeURIComponent(v)}`), docWith(FULL)).fallbackTimeout, v).to.equal(
        900,
      );
    }
    expect(readConfig(loc('?fallbackTimeout=0'), docWith(FULL)).fallbackTimeout).to.equal(0);
  });

  it('bad JSON in the config script falls back to the defaults (and the query) with a warning', () => {
    const c = readConfig(loc('?lang=de'), docWith('{ "apiBase": "/x", allowedOrigins: [ }'));
    expect(c.apiBase).to.equal('/api');
    expect(c.allowedOrigins).to.deep.equal([]);
    expect(c.language).to.equal('de');
    expect(warnings.length).to.equal(1);
    expect(String(warnings[0][0])).to.include('not valid JSON');
  });

  it('a blank config script is no config', () => {
    expect(readConfig(loc(''), docWith('   \n ')).apiBase).to.equal('/api');
    expect(warnings.length).to.equal(0);
  });

  it('a config script that is valid JSON but not an object (null, a number) falls back to the defaults', () => {
    for (const text of ['null', '42', '"text"', '[]']) {
      let c;
      try {
        c = readConfig(loc(''), docWith(text));
      } catch (e) {
        throw new Error(`readConfig threw on a config script of ${text}: ${(e as Error).message}`, { cause: e });
      }
      expect(c.apiBase, text).to.equal('/api');
      expect(c.allowedOrigins, text).to.deep.equal([]);
    }
  });
});
