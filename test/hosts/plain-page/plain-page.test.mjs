/**
 * A plain page (no build tool) that loads the script tag from a second origin, a CDN, under the strictest policy
 * the README recommends, with each of the README's Embedding snippets word for word (`<merchant-ads>`, whose own
 * file the script then loads from the CDN; mount() by hand): the page's nonce on its scripts, none given to the
 * app, Trusted Types required for scripts. The CDN serves the packed tarball's dist/
 * (test/hosts/pack.mjs); the partner's site serves the page and passes /api on to the reference server. Checked as a merchant sees it: the English login without localesBase, German through
 * the widget's own language sheet (a file fetched from the CDN), `ready` heard by the host, and a clean console.
 * And the CDN without CORS: the widget says it could not load, and the host hears `error` (language_files).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { deep, openEnginePage, OTHER_ENGINES } from '../../e2e/engine-page.mjs';
import { liveServerAndBrowser, partnerPage } from '../../e2e/live.mjs';
import { englishThenGerman, phonePage } from '../host.mjs';
import { packedPackage } from '../pack.mjs';
import { contentType, fileUnder, passToApi, serveOnLoopback } from '../site.mjs';

const NONCE = 'cGxhaW4tcGFnZS1ob3N0LW5vbmNl';

/** A static server for the package's dist/ on 127.0.0.1:<port>; `cors` adds Access-Control-Allow-Origin: *. */
function cdn(dist, { cors }) {
  return serveOnLoopback(async (req, res) => {
    const path = fileUnder(dist, new URL(req.url, 'http://x').pathname);
    try {
      const body = await readFile(path);
      res.writeHead(200, {
        'content-type': contentType(path),
        ...(cors ? { 'access-control-allow-origin': '*' } : {}),
      });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
}

/**
 * The partner's site on 127.0.0.1:<port>: its page at /partner.html with its policy, and /api passed on to the
 * reference server, so the widget's `apiBase: '/api'` is the page's own origin, as the README's snippet assumes;
 * `firstScript` goes first in its head.
 * (A real server, not a page the test answers itself: Chromium counts a fulfilled page as public, and lets a public
 * page reach no loopback address, the CDN's included.)
 */
function site(apiOrigin, cdnOrigin, snippet, firstScript = '') {
  return serveOnLoopback((req, res) => {
    if (req.url === '/partner.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': policy(cdnOrigin) });
      return res.end(
        partnerPage({ scriptUrl: `${cdnOrigin}/merchant-ads.js`, nonce: NONCE, snippet }).replace(
          '<head>',
          `<head>${firstScript}`,
        ),
      );
    }
    if (!req.url.startsWith('/api/')) return res.writeHead(404).end();
    return passToApi(req, res, apiOrigin);
  });
}

/** The policy of the README's CDN recipe, with the CDN's origin, and its Trusted Types. */
const policy = (cdnOrigin) =>
  `default-src 'self'; script-src 'self' 'nonce-${NONCE}' ${cdnOrigin}; connect-src 'self' ${cdnOrigin}; style-src 'self' 'nonce-${NONCE}'; img-src 'self' data: https:; frame-src 'self' https:; object-src 'none'; base-uri 'none'; require-trusted-types-for 'script'; trusted-types merchant-ads`;

/**
 * Runs before the page's scripts: records every CSP report, and wraps MerchantAds.mount (as the script defines it)
 * so the host's events are kept on window.__events, as a host's own listener would see them.
 */
function probe() {
  const events = [];
  const reports = [];
  Object.defineProperty(window, '__events', { value: events });
  Object.defineProperty(window, '__reports', { value: reports });
  document.addEventListener(
    'securitypolicyviolation',
    (e) => reports.push(`${e.effectiveDirective} ${e.blockedURI}`),
    true,
  );
  // The element's snippet: its events reach the document as DOM events.
  for (const type of ['ready', 'language', 'error']) {
    document.addEventListener(`merchant-ads:${type}`, (e) => events.push({ type, payload: e.detail }));
  }
  let sdk;
  Object.defineProperty(window, 'MerchantAds', {
    configurable: true,
    get: () => sdk,
    set(value) {
      const mount = value.mount;
      sdk = {
        ...value,
        mount: (el, o) =>
          mount(el, {
            ...o,
            onEvent: (type, payload) => {
              events.push({ type, payload });
              return o.onEvent?.(type, payload);
            },
          }),
      };
    },
  });
}

const live = liveServerAndBrowser();
const dist = join(packedPackage(), 'dist');

async function open(t, { cors, snippet }) {
  const cdnServer = await cdn(dist, { cors });
  t.after(() => cdnServer.close());
  const { page, errors: consoleErrors, warnings } = await phonePage(t, live.browser);
  await page.addInitScript(probe);
  const partner = await site(live.server.origin, cdnServer.origin, snippet);
  t.after(() => partner.close());
  await page.goto(`${partner.origin}/partner.html`);
  return {
    page,
    widget: page.locator('#merchant-ads'),
    consoleErrors,
    warnings,
    events: () => page.evaluate(() => window.__events.map((e) => e.type)),
  };
}

for (const snippet of ['element', 'mount'])
  test(
    `the ${snippet} snippet, the script from a CDN under the README's policy: English login, German from the widget's own sheet, ready, a clean console`,
    { timeout: 60_000 },
    async (t) => {
      const { page, widget, consoleErrors, warnings, events } = await open(t, { cors: true, snippet });
      await englishThenGerman(page, widget);
      await page.waitForFunction(() => window.__events.some((e) => e.type === 'ready'));
      assert.ok((await events()).includes('language'));
      assert.deepEqual(await page.evaluate(() => window.__reports), [], 'no CSP report');
      assert.deepEqual([...consoleErrors, ...warnings], [], 'a clean console');
    },
  );

test(
  'the CDN without CORS: the widget says it could not load, and the host hears error language_files, not ready',
  { timeout: 60_000 },
  async (t) => {
    const { page, widget } = await open(t, { cors: false, snippet: 'element' });
    await widget.getByRole('alert').getByText('Could not load').waitFor();
    await page.waitForFunction(() => window.__events.some((e) => e.type === 'error'));
    const told = await page.evaluate(() => window.__events.filter((e) => e.type === 'error' || e.type === 'ready'));
    assert.deepEqual(
      told.map((e) => [e.type, e.payload.code]),
      [['error', 'language_files']],
    );
  },
);

/**
 * The same page in WebKit and Firefox: the script from the CDN under the README's policy, English, German from the
 * widget's own sheet, ready heard. The probe runs as the page's first script (under its nonce), where the
 * Chromium tests add it as an init script.
 */
for (const engine of OTHER_ENGINES)
  test(
    `${engine}: the element snippet, the script from a CDN under the README's policy: English login, German from the widget's own sheet, ready, no CSP report`,
    { timeout: 90_000 },
    async (t) => {
      const cdnServer = await cdn(dist, { cors: true });
      t.after(() => cdnServer.close());
      const partner = await site(
        live.server.origin,
        cdnServer.origin,
        'element',
        `<script nonce="${NONCE}">(${probe})()</script>`,
      );
      t.after(() => partner.close());
      const page = await openEnginePage(t, engine);
      await page.goto(`${partner.origin}/partner.html`);
      await page.waitFor(deep, ['#merchant-ads', 'button', 'Log in'], 'the English login');
      await page.click(deep, ['#merchant-ads', 'button', 'Language'], 'the language button');
      await page.click(deep, ['#merchant-ads', '[role="option"]', 'Deutsch'], 'Deutsch in the sheet');
      await page.waitFor(
        deep,
        ['#merchant-ads', '[role="option"][aria-selected="true"]', 'Deutsch'],
        'Deutsch brought to the band',
      );
      await page.click(deep, ['#merchant-ads', '[role="dialog"] button', 'OK'], 'OK');
      await page.waitFor(deep, ['#merchant-ads', 'button', 'Anmelden'], 'the German login');
      const seen = await page.evaluate(() => {
        const button = [...document.querySelector('#merchant-ads').shadowRoot.querySelectorAll('button')].find(
          (b) => b.textContent.trim() === 'Anmelden',
        );
        return {
          background: getComputedStyle(button).backgroundColor,
          events: window.__events.map((e) => e.type),
          reports: window.__reports,
        };
      });
      assert.equal(seen.background, 'rgb(22, 104, 220)', 'styled: the primary colour');
      await page.waitFor(() => window.__events.some((e) => e.type === 'ready'), undefined, 'ready, heard by the host');
      assert.ok(seen.events.includes('language'));
      assert.deepEqual(seen.reports, [], 'no CSP report');
      assert.deepEqual(page.errors(), []);
    },
  );
