/**
 * The README's Embedding snippets (the `<merchant-ads>` element, mount() by hand, and the recommended one for a widget
 * among a page's content, which adds the script after the page's load), word for word, on a page with
 * a strict CSP (`script-src 'self' 'nonce-…'`, `style-src 'self' 'nonce-…'`), as a partner pastes them: the page's
 * nonce on its <script> elements, none given to the app. The widget's one <style> must take the nonce of the SDK's
 * own <script>, as the README's option table says ("the script's own"): else every rule is refused and the login
 * form shows unstyled; the element's own file loads with that nonce too. Needs `npm run build`.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../reference-server.mjs';
import { passToApi, serveOnLoopback } from '../hosts/site.mjs';
import { deep, openEnginePage, OTHER_ENGINES, pageProbe } from './engine-page.mjs';
import { liveServerAndBrowser, partnerPage } from './live.mjs';

const en = JSON.parse(readFileSync(join(ROOT, 'locales/en.json'), 'utf8'));

const live = liveServerAndBrowser(['dist/merchant-ads.js']);

for (const snippet of ['element', 'mount', 'after-load'])
  test(
    `the README's ${snippet} snippet under a strict CSP, the nonce on its scripts only: a styled login form, no CSP report`,
    { timeout: 60_000 },
    async (t) => {
      const nonce = 'c25pcHBldC1ub25jZS0xMjM0NQ';
      const html = partnerPage({ scriptUrl: '/dist/merchant-ads.js', nonce, snippet });
      assert.doesNotMatch(html, /nonce:/, 'mount() is given no nonce');
      const csp = `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'nonce-${nonce}'; img-src 'self' data: https:; connect-src 'self'; frame-src 'self' https:`;

      const context = await live.browser.newContext({ viewport: { width: 390, height: 800 } });
      t.after(() => context.close());
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await page.addInitScript(() => {
        const reports = [];
        Object.defineProperty(window, '__cspReports', { value: reports });
        document.addEventListener(
          'securitypolicyviolation',
          (e) => reports.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sample}`),
          true,
        );
      });
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => /Content Security Policy/i.test(m.text()) && errors.push(m.text()));
      // The partner's page, on the reference server's origin (its /api and /dist are the real ones).
      await page.route(`${live.server.origin}/partner.html`, (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/html',
          headers: { 'content-security-policy': csp },
          body: html,
        }),
      );
      await page.goto(`${live.server.origin}/partner.html`);

      const widget = page.locator('#merchant-ads');
      const login = widget.getByRole('button', { name: en.auth.login });
      await login.waitFor();
      // Styled: the primary button has the widget's primary colour and its 44 px height, not a browser's default look.
      const look = await login.evaluate((b) => {
        const s = getComputedStyle(b);
        return { background: s.backgroundColor, height: b.getBoundingClientRect().height };
      });
      assert.equal(look.background, 'rgb(22, 104, 220)', 'the login button is the primary colour (#1668dc)');
      assert.ok(look.height >= 44, `the login button is at least 44 px high (${look.height})`);
      assert.equal(
        await widget.evaluate((el) => el.shadowRoot.querySelector('style')?.nonce),
        nonce,
        "the widget's <style> carries the script's nonce",
      );
      assert.deepEqual(await page.evaluate(() => window.__cspReports), [], 'no CSP report');
      assert.deepEqual(errors, []);
    },
  );

/**
 * The same two snippets in WebKit and Firefox. The partner's page comes from a server of the test's own on the
 * reference server's behalf (its /api and /dist passed on), with a probe in its head that keeps CSP reports and
 * uncaught errors in the page, where both engines' drivers can read them.
 */
for (const engine of OTHER_ENGINES)
  for (const snippet of ['element', 'mount', 'after-load'])
    test(
      `${engine}: the README's ${snippet} snippet under a strict CSP: a styled login form, the script's nonce on the widget's style, no CSP report`,
      { timeout: 90_000 },
      async (t) => {
        const nonce = 'c25pcHBldC1ub25jZS0xMjM0NQ';
        const csp = `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'nonce-${nonce}'; img-src 'self' data: https:; connect-src 'self'; frame-src 'self' https:`;
        const html = partnerPage({ scriptUrl: '/dist/merchant-ads.js', nonce, snippet }).replace(
          '</head>',
          `${pageProbe(nonce)}</head>`,
        );
        const site = await serveOnLoopback((req, res) => {
          if (req.url !== '/partner.html') return passToApi(req, res, live.server.origin);
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp });
          res.end(html);
        });
        t.after(() => site.close());
        const page = await openEnginePage(t, engine);
        await page.goto(`${site.origin}/partner.html`);
        await page.waitFor(deep, ['#merchant-ads', 'button', en.auth.login], 'the login button');
        const look = await page.evaluate(
          (args) => {
            const host = document.querySelector('#merchant-ads');
            const button = [...host.shadowRoot.querySelectorAll('button')].find(
              (b) => b.textContent.trim() === args.login,
            );
            return {
              background: getComputedStyle(button).backgroundColor,
              height: button.getBoundingClientRect().height,
              styleNonce: host.shadowRoot.querySelector('style')?.nonce,
              reports: window.__reports,
              errors: window.__errors,
            };
          },
          { login: en.auth.login },
        );
        assert.equal(look.background, 'rgb(22, 104, 220)', 'the login button is the primary colour (#1668dc)');
        assert.ok(look.height >= 44, `the login button is at least 44 px high (${look.height})`);
        assert.equal(look.styleNonce, nonce, "the widget's <style> carries the script's nonce");
        assert.deepEqual(look.reports, [], 'no CSP report');
        assert.deepEqual([...look.errors, ...page.errors()], []);
      },
    );
