/**
 * One page in WebKit or Firefox for the end-to-end files, behind the few verbs those files' other-engine tests use,
 * so one test reads the same in both (test/engines.mjs says how each engine is driven and why):
 *
 *   goto(url); evaluate(fn, arg); waitFor(fn, arg, what) (fn(arg) run in the page until it returns something
 *   truthy, which it resolves to); click(find, arg) (a real pointer click at the centre of the element find(arg)
 *   returns in the page, once it is there and seen); type(text) (real key presses into what has focus);
 *   errors() (uncaught errors and console errors so far, where the engine reports them); screenshot(path) (a PNG
 *   of the page as a person sees it, `size` big); `size` (the CSS pixels the page really got: see openEnginePage).
 *
 * Chromium's tests keep Playwright's richer locators; Playwright cannot drive either of these two browsers.
 * Functions given to the page are sent as their source, so each must stand alone: `deep` below is one such helper.
 */
import { writeFileSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { remote } from 'webdriverio';
import { enginesWanted, firefoxLaunchOptions, startWebKitDriver } from '../engines.mjs';

/** WebKit and Firefox, unless ENGINES leaves them out (see test/engines.mjs). */
export const OTHER_ENGINES = enginesWanted().filter((e) => e !== 'chromium');

const POLL_MS = 50;

/**
 * Runs in the page: the first element matching `selector` under `root` (a CSS selector for the start, searched in
 * the document and in the same-origin frame `frame` when given) through every open shadow root, whose text or
 * accessible label is `text` (or starts with it, when `text` ends with '…'), and that a person sees. Null if none.
 */
export function deep([root, selector, text, frame]) {
  const doc = frame ? document.querySelector(frame)?.contentDocument : document;
  const start = doc?.querySelector(root);
  if (!start) return null;
  const scopes = [start];
  const all = [];
  while (scopes.length) {
    const scope = scopes.shift();
    if (scope.shadowRoot) scopes.push(scope.shadowRoot);
    for (const el of scope.querySelectorAll('*')) {
      if (el.shadowRoot) scopes.push(el.shadowRoot);
      if (el.matches(selector)) all.push(el);
    }
    if (scope !== start && scope.matches?.(selector)) all.push(scope);
  }
  const label = (el) => {
    const by = el.getAttribute('aria-labelledby');
    if (by)
      return by
        .split(/\s+/)
        .map((id) => el.getRootNode().getElementById?.(id)?.textContent ?? '')
        .join(' ')
        .trim();
    return (el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent ?? el.textContent ?? '')
      .replace(/\s+/g, ' ')
      .trim();
  };
  const wanted = (el) =>
    text === undefined || (text.endsWith('…') ? label(el).startsWith(text.slice(0, -1)) : label(el) === text);
  const seen = (el) =>
    el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && el.getClientRects().length > 0;
  return all.find((el) => wanted(el) && seen(el)) ?? null;
}

/**
 * Runs in the page: the centre of an element in the top page's coordinates (adding its frame's offset), scrolled into
 * view when it is not wholly in view already (as a person scrolls: only as far as needed to see it); null while it
 * still moves or while something else is on top of that point. Like Playwright before a click, it waits for the
 * element to keep the same box over two animation frames: two reads a few milliseconds apart can agree while a sheet
 * is sliding in, when a busy browser has drawn no frame between them.
 */
async function centreOf(el) {
  const view = el.ownerDocument.defaultView;
  const before = el.getBoundingClientRect();
  if (before.top < 0 || before.left < 0 || before.bottom > view.innerHeight || before.right > view.innerWidth)
    el.scrollIntoView({ block: 'center', inline: 'center' });
  const box = () => {
    const r = el.getBoundingClientRect();
    return [r.left, r.top, r.width, r.height].join();
  };
  const first = box();
  for (let i = 0; i < 2; i++) await new Promise((ok) => view.requestAnimationFrame(ok));
  if (!el.isConnected || box() !== first) return null;
  const r = el.getBoundingClientRect();
  const frame = view.frameElement;
  const offset = frame ? frame.getBoundingClientRect() : { left: 0, top: 0 };
  const local = { x: Math.round(r.left + r.width / 2), y: Math.round(r.top + r.height / 2) };
  // What a click there would reach, through open shadow roots: the element itself (or something inside it), not
  // a sheet or a backdrop over it, nor nothing at all for a point outside the window.
  let hit = el.ownerDocument.elementFromPoint(local.x, local.y);
  while (hit?.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(local.x, local.y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  const reaches = (node) => {
    for (let n = node; n; n = n.parentNode ?? n.host) if (n === el) return true;
    return false;
  };
  return hit && reaches(hit) ? { x: Math.round(offset.left) + local.x, y: Math.round(offset.top) + local.y } : null;
}

class EnginePage {
  constructor(engine, driver) {
    this.engine = engine;
    this.driver = driver;
  }

  async waitFor(fn, arg, what, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    // An element found is `true` here: drivers pass elements back as handles, or as nothing at all.
    const call =
      typeof fn === 'string'
        ? fn
        : `(() => { const v = (${fn})(${JSON.stringify(arg)}); return v && typeof v === 'object' && 'nodeType' in v ? true : v; })()`;
    for (;;) {
      const value = await this.evaluate(call).catch((e) => {
        // A navigation in between destroys the context the call ran in: asked again on the next round.
        if (/context|navigat|detached|stale|unload/i.test(String(e?.message))) return null;
        throw e;
      });
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`${this.engine}: timed out waiting for ${what}`);
      await new Promise((ok) => setTimeout(ok, POLL_MS));
    }
  }

  /** A real click at the centre of the element `find(arg)` returns, once a person sees it. */
  async click(find, arg, what = JSON.stringify(arg)) {
    const at = await this.waitFor(
      `(async () => { const el = (${find})(${JSON.stringify(arg)}); return el && (${centreOf})(el); })()`,
      undefined,
      what,
    );
    await this.pointerClick(at.x, at.y);
  }
}

class FirefoxPage extends EnginePage {
  /** `owner` is what close() ends: the browser it launched, or the context it opened in a browser it shares. */
  constructor(owner, page) {
    super('firefox', owner);
    this.page = page;
    this.reported = [];
    page.on('pageerror', (e) => this.reported.push(String(e?.message ?? e)));
    page.on('console', (m) => m.type() === 'error' && this.reported.push(m.text()));
  }

  goto(url) {
    return this.page.goto(url);
  }

  evaluate(fn, arg) {
    return typeof fn === 'string' ? this.page.evaluate(fn) : this.page.evaluate(fn, arg);
  }

  pointerClick(x, y) {
    return this.page.mouse.click(x, y);
  }

  type(text) {
    return this.page.keyboard.type(text);
  }

  errors() {
    return [...this.reported];
  }

  async screenshot(path) {
    await this.page.screenshot({ path });
  }

  async close() {
    await this.driver.close();
  }
}

class WebKitPage extends EnginePage {
  constructor(driverProcess, browser) {
    super('webkit', browser);
    this.driverProcess = driverProcess;
  }

  goto(url) {
    this.framed = null;
    return this.driver.url(url);
  }

  evaluate(fn, arg) {
    // Classic WebDriver runs a function body: the function is called from it, its result returned.
    const source = typeof fn === 'string' ? fn : `(${fn})(${JSON.stringify(arg)})`;
    return this.driver.execute(`return ${source};`);
  }

  async pointerClick(x, y) {
    await this.driver
      .action('pointer', { parameters: { pointerType: 'mouse' } })
      .move({ x, y, origin: 'viewport' })
      .down()
      .up()
      .perform();
  }

  type(text) {
    return this.driver.keys([...text]);
  }

  /** Classic WebDriver hears nothing of a page's errors: a test that needs them records them in the page. */
  errors() {
    return [];
  }

  /**
   * From now on the page is the frame `selector` finds in it: evaluate, waitFor and click run there, screenshot
   * photographs just that frame. For a page narrower than MiniBrowser's window can be (see openEnginePage): the
   * caller loads a page holding a frame of the size it wants, and steps into it. Only the next goto steps out.
   */
  async frame(selector) {
    this.framed = selector;
    await this.driver.switchFrame(await this.driver.findElement('css selector', selector));
  }

  async screenshot(path) {
    let png;
    if (this.framed) {
      await this.driver.switchToParentFrame();
      const frame = await this.driver.findElement('css selector', this.framed);
      png = await this.driver.takeElementScreenshot(Object.values(frame)[0]);
      await this.driver.switchFrame(frame);
    } else {
      png = await this.driver.takeScreenshot();
    }
    writeFileSync(path, Buffer.from(png, 'base64'));
  }

  async close() {
    await this.driver.deleteSession().catch(() => undefined);
    await this.driverProcess.stop();
  }
}

/** A Firefox for several pages at once (openEnginePage's `firefox`), each in a context of its own; close() ends it. */
export function launchFirefox() {
  return puppeteer.launch(firefoxLaunchOptions());
}

/**
 * A page in `engine` ('webkit' or 'firefox') of `width` × `height` CSS pixels, with storage of its own, closed after
 * the test `t` (or by its close(), when `t` is null).
 *
 * Firefox gives exactly that size (and `scale` device pixels per CSS pixel); with `firefox` (from launchFirefox) the
 * page opens in a fresh context of that browser instead of a browser of its own. WebKit's window cannot be narrower
 * than MiniBrowser's toolbar (about 450 px): the page is then wider than asked, and `size` says how big it really
 * is (a caller that needs the exact width frames its page: see frame()). WebKit ignores `scale`.
 */
export async function openEnginePage(t, engine, { width = 390, height = 800, scale = 1, firefox } = {}) {
  let page;
  if (engine === 'firefox') {
    const owner = firefox ? await firefox.createBrowserContext() : await launchFirefox();
    const tab = await owner.newPage();
    await tab.setViewport({ width, height, deviceScaleFactor: scale });
    page = new FirefoxPage(owner, tab);
  } else if (engine === 'webkit') {
    const driverProcess = await startWebKitDriver();
    const browser = await remote({
      hostname: '127.0.0.1',
      port: driverProcess.port,
      path: '/',
      logLevel: 'error',
      capabilities: driverProcess.capabilities,
    }).catch(async (e) => {
      await driverProcess.stop();
      throw e;
    });
    page = new WebKitPage(driverProcess, browser);
    // The window holds the page and MiniBrowser's own bar: the page gets the size asked for.
    const inner = await page.evaluate(() => [
      window.outerWidth - window.innerWidth,
      window.outerHeight - window.innerHeight,
    ]);
    await browser.setWindowSize(width + inner[0], height + inner[1]);
  } else {
    throw new Error(`no such engine here: ${engine}`);
  }
  const [innerWidth, innerHeight] = await page.evaluate(() => [window.innerWidth, window.innerHeight]);
  page.size = { width: innerWidth, height: innerHeight };
  t?.after(() => page.close());
  return page;
}

/**
 * A script for the head of a page a test writes (with the page's nonce): keeps every CSP report and uncaught error
 * on `window.__reports` and `window.__errors`, which WebKit's driver cannot hear otherwise.
 */
export function pageProbe(nonce) {
  return `<script nonce="${nonce}">
  window.__reports = []; window.__errors = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__reports.push(e.effectiveDirective + ' ' + e.blockedURI), true);
  window.addEventListener('error', (e) => window.__errors.push(String(e.message)));
  window.addEventListener('unhandledrejection', (e) => window.__errors.push(String(e.reason)));
</script>`;
}
