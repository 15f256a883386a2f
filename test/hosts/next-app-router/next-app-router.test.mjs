/**
 * A Next 16 App Router site, as a partner builds one: a Server Component page imports the component directly
 * (`merchant-ads-sdk/react` is a client module), `next build` type-checks the pages against the package's shipped
 * types (strict) and prerenders them, and `next start` serves them; /api is passed on to the reference server by the
 * site's own rewrites. Checked as a merchant sees it: the served HTML holds the empty host div, the browser hydrates
 * it without a mismatch, the English login without localesBase, German through the widget's own language sheet, a
 * clean console; on a second page, where the partner's own client component passes onEvent, `ready` is heard; and
 * the first page once more under `next dev`, whose React reports the hydration mismatches a production build keeps quiet.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { liveServerAndBrowser } from '../../e2e/live.mjs';
import { englishThenGerman, freePort, installHost, phonePage, run, startHostServer } from '../host.mjs';

const DIR = fileURLToPath(new URL('.', import.meta.url));
const NEXT = join(DIR, 'node_modules', '.bin', 'next');
/** What React says when the server's HTML and the browser's first render differ (its production builds give the error number). */
const HYDRATION = /hydrat|did not match|didn't match|react\.dev\/errors\/(418|423|425)\b/i;

const live = liveServerAndBrowser();
const site = { origin: null, server: null, env: null };
after(() => site.server?.stop());

/** The site as the first test left it: built and started. */
function started() {
  assert.ok(site.origin, 'the site was not built or did not start: see the first test');
  return site.origin;
}

// A test rather than a before hook: node 20 runs a file's before hooks side by side, and the build needs the
// reference server's origin (the rewrites of /api are written into the build), so it comes after the hooks.
test(
  'npm ci, the tarball, next build (the pages type-checked against the shipped types), next start',
  { timeout: 300_000 },
  async (t) => {
    const took = {};
    const timed = async (name, work) => {
      const start = Date.now();
      const result = await work();
      took[name] = Date.now() - start;
      return result;
    };
    await timed('install', () => installHost(DIR));
    const env = { NEXT_TELEMETRY_DISABLED: '1', MERCHANT_ADS_API: live.server.origin };
    site.env = env;
    const output = await timed('next build', () => run(DIR, NEXT, ['build'], env));
    assert.match(output, /Finished TypeScript/, 'the pages were type-checked');
    assert.match(output, /^\S+ [○ƒ] \/\s*$/m, 'the Server Component page / is built');
    assert.match(output, /^\S+ [○ƒ] \/events\s*$/m, 'the page /events is built');
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    site.server = await timed('next start', () =>
      startHostServer(DIR, NEXT, ['start', '-H', '127.0.0.1', '-p', String(port)], `${origin}/`, { env }),
    );
    site.origin = origin;
    t.diagnostic(
      Object.entries(took)
        .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`)
        .join(', '),
    );
  },
);

test('the HTML next start serves for / holds the empty host div', async () => {
  const html = await (await fetch(`${started()}/`)).text();
  const host = /<div id="merchant-ads"[^>]*>.*?<\/div>/s.exec(html)?.[0];
  assert.equal(host, '<div id="merchant-ads" style="height:100vh"></div>');
});

/**
 * Opens a page of the site in a new context with its console watched: errors, uncaught errors, and every warning;
 * and whether the server's host div was thrown away (what React does when hydration fails: it renders afresh).
 */
async function open(t, origin, path) {
  const { page, errors, warnings } = await phonePage(t, live.browser);
  await page.addInitScript(() => {
    const replaced = [];
    Object.defineProperty(window, '__replaced', { value: replaced });
    new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.removedNodes)
          if (n.nodeType === 1 && (n.id === 'merchant-ads' || n.querySelector('#merchant-ads')))
            replaced.push(n.nodeName);
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(origin + path);
  return { page, widget: page.locator('#merchant-ads'), errors, warnings };
}

test(
  "/ in Chromium: hydrated without a mismatch, English login, German from the widget's own sheet, a clean console",
  { timeout: 60_000 },
  async (t) => {
    const { page, widget, errors, warnings } = await open(t, started(), '/');
    await englishThenGerman(page, widget);
    assert.deepEqual(
      await page.evaluate(() => window.__replaced),
      [],
      "the server's host div is the one the app runs in",
    );
    assert.deepEqual(
      [...errors, ...warnings].filter((m) => HYDRATION.test(m)),
      [],
      'no hydration warning',
    );
    assert.deepEqual(errors, [], 'no console error');
    assert.deepEqual(warnings, [], 'no console warning');
  },
);

test(
  "/events in Chromium: the partner's client component passes onEvent and hears ready",
  { timeout: 60_000 },
  async (t) => {
    const { page, widget, errors, warnings } = await open(t, started(), '/events');
    await widget.getByRole('button', { name: 'Log in' }).waitFor();
    await page.waitForFunction(() => window.__events?.some((e) => e.type === 'ready'));
    assert.deepEqual([...errors, ...warnings], [], 'a clean console');
  },
);

// React's production build, which next start serves, reports a mismatch of text or elements but none of attributes;
// its development build reports every one. So / once more under next dev: the page as the server renders it for a
// first request, hydrated by the development build.
test(
  "/ under next dev (React's development build reports every hydration mismatch): none, a clean console",
  { timeout: 120_000 },
  async (t) => {
    started();
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const start = Date.now();
    const dev = await startHostServer(DIR, NEXT, ['dev', '-H', '127.0.0.1', '-p', String(port)], `${origin}/`, {
      env: site.env,
      timeoutMs: 90_000,
    });
    t.after(() => dev.stop());
    t.diagnostic(`next dev answered / after ${((Date.now() - start) / 1000).toFixed(1)} s`);
    const { page, widget, errors, warnings } = await open(t, origin, '/');
    await widget.getByRole('button', { name: 'Log in' }).waitFor();
    assert.deepEqual(
      [...errors, ...warnings].filter((m) => HYDRATION.test(m)),
      [],
      'no hydration warning',
    );
    assert.deepEqual([...errors, ...warnings], [], 'a clean console');
  },
);
