/**
 * Chromium through playwright, with one page per concurrent slot kept for the whole run instead of a new browser
 * context and page for every test file. Opening a context, its page and a renderer, then loading and compiling the
 * test framework and the SDK's chunks into a cold cache, cost more than a second per file, more than most files
 * take to run their tests; a kept page loads the next file from a warm cache into a running renderer.
 *
 * Between two files the page is emptied as a new one would be: it leaves for about:blank (which stops the last
 * file's timers and requests), every origin the file reached loses its storage (local and session storage,
 * IndexedDB, cookies, caches), the tab's window.name is emptied, the mouse lets go and moves to the corner, and the viewport is set again when the
 * next file starts. The HTTP cache is kept on purpose: the files it holds are the same for every test file, and a
 * test that needs a request to reach the server asks for a file no other test asks for (see `/__assets/` in
 * web-test-runner.config.mjs). A page that crashed, that did not come back to about:blank, or whose file ran past
 * the watchdog is closed, never reused.
 *
 * Each file is also watched (see watched-page.mjs): a file still running after WATCH_MS gets its call stack printed.
 */
import { appendFileSync } from 'node:fs';
import { PlaywrightLauncher } from '@web/test-runner-playwright';
import { watchSession } from './watched-page.mjs';

/** WTR_TIMINGS=<file>: one line per test file, its name and how long its page was busy (start to stop), in ms. */
const TIMINGS = process.env.WTR_TIMINGS;

/** How long clearing a page may take before it is given up and closed instead (a stuck page never answers). */
const RESET_MS = 10_000;

const within = (ms, promise, what) =>
  Promise.race([
    promise,
    new Promise((_, fail) => setTimeout(() => fail(new Error(`${what}: no answer within ${ms} ms`)), ms).unref()),
  ]);

class PagePoolLauncher extends PlaywrightLauncher {
  constructor(launchOptions) {
    super(
      'chromium',
      launchOptions,
      ({ browser }) => browser.newContext(),
      ({ context }) => context.newPage(),
      false,
      undefined,
    );
    /** Pages whose last file finished cleanly, ready for the next one. */
    this.idle = [];
  }

  async startSession(sessionId, url) {
    const browser = await this.getOrStartBrowser();
    let page = this.idle.pop();
    if (!page) {
      page = await this.createNewPage(browser);
      page.cdp = await page.playwrightContext.newCDPSession(page.playwrightPage);
      page.origins = new Set();
      page.runs = 0;
      page.playwrightPage.on('request', (r) => {
        const url = new URL(r.url());
        if (url.protocol.startsWith('http')) page.origins.add(url.origin);
        if (url.pathname.endsWith('.test.js')) page.file = url.pathname.slice(1);
      });
    }
    page.watch = await watchSession(page.playwrightPage, page.cdp);
    page.started = Date.now();
    page.file = null;
    this.activePages.set(sessionId, page);
    this.testCoveragePerSession.delete(sessionId);
    await page.runSession(url, false);
  }

  async stopSession(sessionId) {
    const page = this.activePages.get(sessionId);
    if (!page) throw new Error(`No page for session ${sessionId}`);
    const pw = page.playwrightPage;
    if (pw.isClosed()) throw new Error(`Session ${sessionId} is already stopped`);
    const healthy = page.watch.stop();
    if (TIMINGS)
      appendFileSync(
        TIMINGS,
        `${JSON.stringify({ file: page.file, ms: Date.now() - page.started, reused: page.runs++ > 0 })}\n`,
      );
    this.activePages.delete(sessionId);
    try {
      if (!healthy) throw new Error('the page ran past the watchdog');
      await within(RESET_MS, this.reset(page), 'clearing the page');
      this.idle.push(page);
    } catch {
      // A page stuck below its scripts may not answer a close either: it is not waited for past RESET_MS.
      await within(RESET_MS, page.playwrightContext.close(), 'closing the page').catch(() => undefined);
    }
    return { testCoverage: undefined };
  }

  /** Leaves the page as a new one: nothing running, nothing stored, no button held. */
  async reset(page) {
    const pw = page.playwrightPage;
    await pw.goto('about:blank');
    // The tab's name outlives its documents; its history does too (tests only ever compare history.length before
    // and after what they do).
    await pw.evaluate(() => {
      window.name = '';
    });
    const origins = [...page.origins];
    page.origins.clear();
    // 'all' takes session storage too (checked: a tab's session storage is gone after it).
    await Promise.all(
      origins.map((origin) => page.cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })),
    );
    await pw.context().clearCookies();
    await pw.mouse.up().catch(() => undefined);
    await pw.mouse.move(0, 0);
  }
}

export function pagePoolLauncher({ launchOptions }) {
  return new PagePoolLauncher(launchOptions);
}
