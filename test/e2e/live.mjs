// What the end-to-end files and the partner hosts share: the reference server and one Chromium for the file's
// tests, started before them (after checking the built files they need) and stopped after; and a partner's page
// holding the README's Embedding snippet, which two of them run word for word.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../chromium.mjs';
import { ROOT, startReferenceServer } from '../reference-server.mjs';

/**
 * Registers the file's before/after: `needs` are files under the checkout that must exist (run `npm run build`).
 * The returned object holds `server` ({ origin, stop }) and `browser` once the tests run.
 */
export function liveServerAndBrowser(needs = []) {
  const live = { server: null, browser: null };
  before(
    async () => {
      for (const f of needs) assert.ok(existsSync(join(ROOT, f)), `${f} is missing: run \`npm run build\` first`);
      live.server = await startReferenceServer();
      live.browser = await chromium.launch(chromiumLaunchOptions());
    },
    { timeout: 120_000 },
  );
  after(async () => {
    await live.browser?.close();
    await live.server?.stop();
  });
  return live;
}

/** The html blocks under the README's "## Embedding", in order: `<merchant-ads>`, mount() by hand, then the script added after the page's load. */
const SNIPPETS = ['element', 'mount', 'after-load'];

/**
 * A partner's page with one of the README's Embedding snippets word for word, but for what a partner changes: where
 * the script is (`scriptUrl`), and the page's `nonce` on each of its <script> elements. A stylesheet of the page's
 * own, under the same nonce, gives the widget its height.
 */
export function partnerPage({ scriptUrl, nonce, snippet = 'element' }) {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const embedding = readme.slice(readme.indexOf('\n## Embedding\n'));
  const block = [...embedding.matchAll(/```html\n([\s\S]*?)```/g)][SNIPPETS.indexOf(snippet)];
  assert.ok(block, `the README has the ${snippet} snippet under "## Embedding"`);
  const marks = { element: '<merchant-ads', mount: 'MerchantAds.mount(', 'after-load': "addEventListener('load'" };
  assert.ok(block[1].includes(marks[snippet]), `the ${snippet} snippet is the one taken`);
  const body = block[1]
    .replace('https://your.cdn/merchant-ads/merchant-ads.js', scriptUrl)
    .replace(/<script\b/g, `<script nonce="${nonce}"`);
  assert.ok(
    body.includes(`src="${scriptUrl}"`) || body.includes(`src = '${scriptUrl}'`),
    'the snippet loads the script from where the page says',
  );
  const style = `<style nonce="${nonce}">body { margin: 0 } #merchant-ads { height: 100vh }</style>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A partner's page</title><link rel="icon" href="data:,">${style}</head><body>${body}</body></html>`;
}
