/**
 * @web/test-runner launchers for WebKit and Firefox (see engines.mjs for why each is driven as it is).
 *
 * - Firefox: @web/test-runner-chrome's puppeteer launcher, given a puppeteer-core that starts Debian's Firefox over
 *   WebDriver BiDi. Each test file gets a fresh browser context (its own storage), as Chromium's pool leaves it.
 * - WebKit: @web/test-runner-webdriver's launcher on a WebKitWebDriver this launcher starts (with its own Xvfb) and
 *   stops. One session runs the files one after another, each navigating the same MiniBrowser window; between files
 *   the storage of every origin the file used is emptied in the page.
 */
import { ChromeLauncher } from '@web/test-runner-chrome';
import { WebdriverLauncher } from '@web/test-runner-webdriver';
import puppeteer from 'puppeteer-core';
import { firefoxLaunchOptions, startWebKitDriver } from './engines.mjs';

class FirefoxLauncher extends ChromeLauncher {
  constructor() {
    const firefox = { launch: (options) => puppeteer.launch({ ...options, ...firefoxLaunchOptions() }) };
    // Each page in a browser context of its own, closed with the page's file (see stopSession), and in a window of
    // its own: of several tabs in one window, Firefox shows only the front one and runs the others' animation
    // frames twice a second, as hidden (measured), so files run side by side would stall on each other.
    const ownContextPage = async ({ browser }) => (await browser.createBrowserContext()).newPage({ type: 'window' });
    super({}, ({ browser }) => browser.defaultBrowserContext(), ownContextPage, firefox, undefined);
    this.name = 'Firefox';
  }

  async stopSession(sessionId) {
    const page = this.activePages.get(sessionId);
    const result = await super.stopSession(sessionId);
    // A kept page would carry the file's storage into the next one: the next file gets a new context instead.
    this.inactivePages = this.inactivePages.filter((p) => p !== page);
    await page?.puppeteerPage
      .browserContext()
      .close()
      .catch(() => undefined);
    return result;
  }
}

class WebKitLauncher extends WebdriverLauncher {
  constructor() {
    super({ capabilities: {} });
    // One top-level window, one file at a time: with more, the launcher runs files in 300 × 150 iframes of one page,
    // which is not how a merchant's WebView shows the app.
    this.concurrency = 1;
  }

  async initialize(config) {
    this.driverProcess = await startWebKitDriver();
    this.options = {
      hostname: '127.0.0.1',
      port: this.driverProcess.port,
      path: '/',
      logLevel: 'error',
      capabilities: this.driverProcess.capabilities,
    };
    await super.initialize({ ...config, concurrency: 1 });
    this.name = 'WebKit';
  }

  async stopSession(id) {
    // Leaves the window as a new one would be: nothing the file stored in its origin's storage.
    await this.driver
      ?.execute(() => {
        localStorage.clear();
        sessionStorage.clear();
      })
      .catch(() => undefined);
    return super.stopSession(id);
  }

  async stop() {
    await super.stop();
    await this.driverProcess?.stop();
  }
}

/**
 * Several WebKit windows, each its own driver and MiniBrowser (a WebKitWebDriver takes one session), so WebKit runs
 * as many files at once as the other engines. A file's session stays on the window that started it; the commands
 * (`sendKeys`, `sendMouse`) reach that window.
 */
class WebKitPool {
  constructor(size) {
    this.type = 'webdriver';
    this.name = 'WebKit';
    this.concurrency = size;
    this.windows = Array.from({ length: size }, () => new WebKitLauncher());
    this.free = [...this.windows];
    this.bySession = new Map();
    this.waiting = [];
  }

  initialize(config, testFiles) {
    return Promise.all(this.windows.map((w) => w.initialize(config, testFiles)));
  }

  async stop() {
    await Promise.all(this.windows.map((w) => w.stop()));
  }

  async startSession(id, url) {
    let window = this.free.pop();
    while (!window) {
      await new Promise((ok) => this.waiting.push(ok));
      window = this.free.pop();
    }
    this.bySession.set(id, window);
    return window.startSession(id, url);
  }

  isActive(id) {
    return this.bySession.get(id)?.isActive(id) ?? false;
  }

  getBrowserUrl(id) {
    return this.bySession.get(id).getBrowserUrl(id);
  }

  async stopSession(id) {
    const window = this.bySession.get(id);
    try {
      return await window.stopSession(id);
    } finally {
      this.bySession.delete(id);
      this.free.push(window);
      this.waiting.shift()?.();
    }
  }

  startDebugSession() {
    throw new Error('Debugging in WebKit: run MiniBrowser yourself');
  }
}
for (const command of [
  'sendKeys',
  'sendMouseMove',
  'sendMouseClick',
  'sendMouseDown',
  'sendMouseUp',
  'resetMouse',
  'takeScreenshot',
  'performActions',
]) {
  WebKitPool.prototype[command] = function (id, ...args) {
    return this.bySession.get(id)[command](id, ...args);
  };
}

export const firefoxLauncher = () => new FirefoxLauncher();
/**
 * WebKit with `windows` MiniBrowser windows side by side (WEBKIT_WINDOWS): two ran the engine files in 69 s where
 * one took 84 s on an idle two-core machine.
 */
export const webkitLauncher = ({ windows = Number(process.env.WEBKIT_WINDOWS ?? 2) } = {}) => new WebKitPool(windows);
