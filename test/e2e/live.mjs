// What the end-to-end files and the partner hosts share: the reference server and one Chromium for the file's
// tests, started before them (after checking the built files they need) and stopped after; and the README's
// Embedding snippet, which two of them run word for word.
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
  before(async () => {
    for (const f of needs) assert.ok(existsSync(join(ROOT, f)), `${f} is missing: run \`npm run build\` first`);
    live.server = await startReferenceServer();
    live.browser = await chromium.launch(chromiumLaunchOptions());
  }, { timeout: 120_000 });
  after(async () => {
    await live.browser?.close();
    await live.server?.stop();
  });
  return live;
}

/** The README's Embedding snippet: the first html block under "## Embedding". */
export function readmeEmbeddingSnippet() {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const block = /```html\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('\n## Embedding\n')));
  assert.ok(block, 'the README has an html snippet under "## Embedding"');
  return block[1];
}
