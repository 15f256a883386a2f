/**
 * The host page's settings (bridge/config.ts): the JSON config script, overridden by the query string.
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
  handlerName: 'scriptHandler',
  fallbackTimeout: 900,
  localesBase: 'https://cdn.example.com/locales/',
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
      apiBase: '/api', allowedOrigins: [], language: undefined, token: undefined, handlerName: undefined,
      fallbackTimeout: undefined, localesBase: undefined, initialRoute: undefined,
    });
  });

  it('reads every setting from the config script', () => {
    expect(readConfig(loc(''), docWith(FULL))).to.deep.equal(JSON.parse(FULL));
  });

  it('the query string overrides the config script', () => {
    const q = '?apiBase=/other-api&origins=https://a.example&lang=fr&token=from-query&handler=qHandler&fallbackTimeout=250&route=/ad-center';
    expect(readConfig(loc(q), docWith(FULL))).to.deep.equal({
      apiBase: '/other-api',
      allowedOrigins: ['https://a.example'],
      language: 'fr',
      token: 'from-query',
      handlerName: 'qHandler',
      fallbackTimeout: 250,
      // Only the script can set where the locales come from.
      localesBase: 'https://cdn.example.com/locales/',
      initialRoute: '/ad-center',
    });
  });

  it('parses the origins list: comma separated, trimmed, empty items dropped, "null" kept', () => {
    const q = `?origins=${encodeURIComponent(' https://a.example , https://b.example:8443,,null, ')}`;
    expect(readConfig(loc(q), docWith()).allowedOrigins).to.deep.equal(['https://a.example', 'https://b.example:8443', 'null']);
  });

  it('an empty origins parameter overrides the script with an empty list (iframe adapter off)', () => {
    expect(readConfig(loc('?origins='), docWith(FULL)).allowedOrigins).to.deep.equal([]);
    expect(readConfig(loc('?origins=,%20,'), docWith(FULL)).allowedOrigins).to.deep.equal([]);
  });

  it('no origins parameter keeps the script list; a non-array script value gives none', () => {
    expect(readConfig(loc('?lang=de'), docWith(FULL)).allowedOrigins).to.deep.equal(['https://shell.example.com']);
    expect(readConfig(loc(''), docWith('{"allowedOrigins":"https://shell.example.com"}')).allowedOrigins).to.deep.equal([]);
  });

  it('a non-numeric fallbackTimeout in the query is ignored', () => {
    for (const v of ['abc', '-5', '1e3', '', '12.5']) {
      expect(readConfig(loc(`?fallbackTimeout=${encodeURIComponent(v)}`), docWith(FULL)).fallbackTimeout, v).to.equal(900);
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
        throw new Error(`readConfig threw on a config script of ${text}: ${(e as Error).message}`);
      }
      expect(c.apiBase, text).to.equal('/api');
      expect(c.allowedOrigins, text).to.deep.equal([]);
    }
  });
});
