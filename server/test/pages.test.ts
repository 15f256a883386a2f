/**
 * The HTML pages' content and framing policy (security issue item 9: no CSP, no Referrer-Policy, no framing rule
 * on any page), and the bridge page's config written from the server's settings, never from its URL (items 1, 3).
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { PROJECT_ROOT } from '../paths';
import { startServer } from './helpers';

/** A static root with the real pages: examples/ and the bridge page as the build copies it. */
function pagesRoot(t: TestContext): string {
  const root = mkdtempSync(join(tmpdir(), 'pages-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  cpSync(join(PROJECT_ROOT, 'examples'), join(root, 'examples'), { recursive: true });
  mkdirSync(join(root, 'dist', 'bridge'), { recursive: true });
  cpSync(join(PROJECT_ROOT, 'bridge', 'index.html'), join(root, 'dist', 'bridge', 'index.html'));
  return root;
}

/** The protocol page as the build writes it beside the bridge page: one inlined <style>, no script. */
const PROTOCOL_HTML =
  '<!doctype html><html><head><style>body { margin: 0 }</style></head><body><h1>Protocol</h1></body></html>';

/** The CSP as a map of directive → value. */
function csp(header: string | null): Map<string, string> {
  assert.ok(header, 'a Content-Security-Policy header');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]),
  );
}

const configOf = (html: string) => JSON.parse(/<script[^>]*id="merchant-ads-config">([^<]*)<\/script>/.exec(html)![1]);

test('every examples page has a strict CSP with a fresh nonce on its scripts and styles, no framing, no referrer', async (t) => {
  const s = await startServer(t, { staticRoot: pagesRoot(t) });
  for (const path of ['/', '/index.html', '/native-shell.html']) {
    const r = await s.request(path);
    assert.equal(r.status, 200, path);
    assert.match(r.headers.get('content-type') ?? '', /^text\/html/);
    const policy = csp(r.headers.get('content-security-policy'));
    const nonce = /'nonce-([^']+)'/.exec(policy.get('script-src') ?? '')?.[1];
    assert.ok(nonce && nonce.length >= 16, `${path}: a nonce`);
    assert.equal(policy.get('script-src'), `'self' 'nonce-${nonce}'`, `${path}: no 'unsafe-inline', no other host`);
    assert.equal(policy.get('style-src'), `'self' 'nonce-${nonce}'`);
    assert.equal(policy.get('frame-ancestors'), "'none'", `${path}: nobody frames the examples`);
    assert.equal(policy.get('object-src'), "'none'");
    assert.equal(policy.get('base-uri'), "'none'");
    assert.equal(r.headers.get('referrer-policy'), 'no-referrer');
    // Every script and style carries the nonce; no inline script is left to need it.
    for (const tag of r.text.match(/<(script|style)\b[^>]*>/g) ?? [])
      assert.match(tag, new RegExp(`nonce="${nonce.replace(/[+/]/g, '\\$&')}"`), tag);
    for (const m of r.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      if (!/type="application\/json"/.test(m[1]))
        assert.equal(m[2].trim(), '', `${path}: an inline script: ${m[0].slice(0, 80)}`);
    }
    assert.notEqual(
      nonce,
      /'nonce-([^']+)'/.exec((await s.request(path)).headers.get('content-security-policy') ?? '')?.[1],
      'a new nonce every time',
    );
  }
  // The demo chat is framed by the app itself, from this origin only.
  assert.equal(
    csp((await s.request('/chat.html')).headers.get('content-security-policy')).get('frame-ancestors'),
    "'self'",
  );
});

test("the examples' stylesheet is written into each page under its nonce: the first paint waits for no second request", async (t) => {
  const s = await startServer(t, { staticRoot: pagesRoot(t) });
  const css = readFileSync(join(PROJECT_ROOT, 'examples', 'examples.css'), 'utf8');
  for (const path of ['/', '/react.html', '/native-shell.html']) {
    const r = await s.request(path);
    const nonce = /'nonce-([^']+)'/.exec(r.headers.get('content-security-policy') ?? '')?.[1];
    assert.doesNotMatch(r.text, /<link rel="stylesheet"/, `${path}: no stylesheet to fetch`);
    const styles = [...r.text.matchAll(/<style nonce="([^"]+)">([\s\S]*?)<\/style>/g)];
    assert.ok(
      styles.some((m) => m[1] === nonce && m[2].trim() === css.trim()),
      `${path}: examples.css inline, under the page's nonce`,
    );
  }
  // The file itself is still served (a page saved from an older build may link it).
  assert.equal((await s.request('/examples.css')).status, 200);
});

test('the bridge page: its allowlist and frame-ancestors come from the server settings; the query string changes neither', async (t) => {
  const root = pagesRoot(t);
  const s = await startServer(t, { staticRoot: root, bridgeOrigins: ['https://shell.example.com', 'self'] });
  const r = await s.request(
    '/bridge/index.html?apiBase=http://127.0.0.1:9/api&origins=https://evil.example&token=attacker',
  );
  assert.equal(r.status, 200);
  assert.deepEqual(configOf(r.text), { apiBase: '/api', allowedOrigins: ['https://shell.example.com', 'self'] });
  assert.doesNotMatch(r.text, /evil\.example|attacker|127\.0\.0\.1:9/);
  assert.equal(
    csp(r.headers.get('content-security-policy')).get('frame-ancestors'),
    "https://shell.example.com 'self'",
  );
  assert.equal(r.headers.get('referrer-policy'), 'no-referrer');
  assert.deepEqual(configOf((await s.request('/bridge/')).text).allowedOrigins, ['https://shell.example.com', 'self']);

  const none = await startServer(t, { staticRoot: root, bridgeOrigins: [] });
  const closed = await none.request('/bridge/index.html');
  assert.deepEqual(configOf(closed.text).allowedOrigins, []);
  assert.equal(csp(closed.headers.get('content-security-policy')).get('frame-ancestors'), "'none'");
});

test('a config value cannot close the config script (an origin with </script> in it stays JSON text)', async (t) => {
  const s = await startServer(t, {
    staticRoot: pagesRoot(t),
    bridgeOrigins: ['https://a.example</script><script>alert(1)</script>'],
  });
  const r = await s.request('/bridge/index.html');
  assert.equal((r.text.match(/<script\b/g) ?? []).length, 3, 'the config script, the script tag and bridge.js only');
  assert.deepEqual(configOf(r.text).allowedOrigins, ['https://a.example</script><script>alert(1)</script>']);
});

test("the bridge page runs the script tag from one folder up, then bridge.js, each under the page's nonce; both are served there", async (t) => {
  const root = pagesRoot(t);
  writeFileSync(join(root, 'dist', 'merchant-ads.js'), 'var MerchantAds = {};');
  writeFileSync(join(root, 'dist', 'merchant-ads.plan-Ab_9-z.js'), '/* a file the script tag loads beside itself */');
  writeFileSync(join(root, 'dist', 'bridge', 'bridge.js'), '/* the bridge */');
  const s = await startServer(t, { staticRoot: root });
  const r = await s.request('/bridge/index.html');
  const nonce = /'nonce-([^']+)'/.exec(r.headers.get('content-security-policy') ?? '')?.[1];
  assert.ok(nonce, 'a nonce');
  const scripts = [...r.text.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]).filter((attrs) => /\bsrc=/.test(attrs));
  // Classic scripts at the end of the body, in this order: the app, then the bridge that mounts it.
  assert.deepEqual(
    scripts.map((attrs) => /\bsrc="([^"]+)"/.exec(attrs)?.[1]),
    ['../merchant-ads.js', 'bridge.js'],
  );
  for (const attrs of scripts) {
    assert.ok(attrs.includes(`nonce="${nonce}"`), `the page's nonce on <script${attrs}>`);
    assert.doesNotMatch(attrs, /\b(async|defer|type)\b/, `<script${attrs}> runs in the page's order`);
  }
  assert.ok(
    r.text.indexOf('id="merchant-ads-app"') < r.text.indexOf('src="../merchant-ads.js"'),
    "after the app's element",
  );
  // Where the page names them, from its own address: the script tag's files from dist/, the bridge from dist/bridge/.
  const at = (src: string) => new URL(src, `${s.base}/bridge/index.html`).pathname;
  assert.equal((await s.request(at('../merchant-ads.js'))).text, 'var MerchantAds = {};');
  assert.equal(
    (await s.request(at('../merchant-ads.plan-Ab_9-z.js'))).text,
    '/* a file the script tag loads beside itself */',
  );
  assert.equal((await s.request(at('bridge.js'))).text, '/* the bridge */');
});

test('only plain page names are pages: traversal and odd paths are left to the static handler, which refuses them', async (t) => {
  const s = await startServer(t, { staticRoot: pagesRoot(t) });
  for (const path of [
    '/../package.json',
    '/bridge/../../package.json',
    '/%2e%2e/package.json',
    '/bridge/%2e%2e%2fserver%2fmain.ts',
    '/nope.html',
  ]) {
    const r = await s.request(path);
    assert.ok(r.status === 404 || r.status === 403, `${path}: ${r.status}`);
    assert.doesNotMatch(r.text, /"name": "merchant-ads-sdk"|buildApp/);
  }
});

test('the bridge protocol page: a document under the same CSP, framed by nobody, even where the bridge page may be', async (t) => {
  const root = pagesRoot(t);
  writeFileSync(join(root, 'dist', 'bridge', 'protocol.html'), PROTOCOL_HTML);
  const s = await startServer(t, { staticRoot: root, bridgeOrigins: ['https://shell.example.com', 'null'] });
  const r = await s.request('/bridge/protocol.html');
  assert.equal(r.status, 200);
  assert.match(r.headers.get('content-type') ?? '', /^text\/html/);
  const policy = csp(r.headers.get('content-security-policy'));
  const nonce = /'nonce-([^']+)'/.exec(policy.get('style-src') ?? '')?.[1];
  assert.ok(nonce, 'a nonce');
  assert.match(r.text, new RegExp(`<style nonce="${nonce.replace(/[+/]/g, '\\$&')}">`), 'its <style> carries it');
  assert.equal(policy.get('script-src'), `'self' 'nonce-${nonce}'`);
  assert.equal(policy.get('frame-ancestors'), "'none'", 'only the bridge host page takes the bridge origins');
  assert.equal(r.headers.get('referrer-policy'), 'no-referrer');
  // The host page itself still does: a list with "null" leaves its framing to the postMessage checks.
  assert.equal(
    csp((await s.request('/bridge/index.html')).headers.get('content-security-policy')).has('frame-ancestors'),
    false,
  );
});

test('the old address of the protocol, its raw markdown, moves to the rendered page', async (t) => {
  const root = pagesRoot(t);
  writeFileSync(join(root, 'dist', 'bridge', 'PROTOCOL.md'), '# stale raw markdown from an older build');
  const s = await startServer(t, { staticRoot: root });
  const r = await s.request('/bridge/PROTOCOL.md', { redirect: 'manual' });
  assert.equal(r.status, 301);
  assert.equal(r.headers.get('location'), '/bridge/protocol.html');
  assert.doesNotMatch(r.text, /stale raw markdown/);
});
