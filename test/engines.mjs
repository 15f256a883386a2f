/**
 * The two engines beside Chromium that merchants' phones and partners' visitors run: WebKit (every iPhone's
 * WKWebView and Safari) and Firefox. Both come from Debian's packages, the only browsers a closed machine can install:
 *
 *   - WebKit: WebKitGTK's `WebKitWebDriver` driving `MiniBrowser` (package `webkit2gtk-driver`). It speaks classic
 *     WebDriver only (no BiDi, no DevTools protocol), needs an X display (Xvfb, package `xvfb`), and takes one
 *     session at a time per driver process.
 *   - Firefox: `firefox-esr`, driven over WebDriver BiDi by puppeteer-core (which @web/test-runner already brings).
 *     Playwright cannot drive it: its Firefox is a patched build, and its BiDi channel asks this Firefox for commands
 *     it does not have (`emulation.setMediaFeaturesOverride`).
 *
 * `findEngines` looks and installs nothing; `ensureEngines` (the first step of `npm test`, beside Chromium's) installs
 * what is missing as root through apt-get, and says which binaries it took. `FIREFOX_PATH`, `WEBKIT_DRIVER_PATH` and
 * `MINIBROWSER_PATH` name other binaries; `ENGINES=chromium` leaves the other two out of a run (a machine without
 * them; CI never sets it).
 */
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { freePort } from './hosts/host.mjs';

/** The engines a run covers: all three unless ENGINES names fewer (comma-separated). */
export function enginesWanted(env = process.env) {
  const all = ['chromium', 'webkit', 'firefox'];
  if (!env.ENGINES) return all;
  const named = env.ENGINES.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = named.filter((n) => !all.includes(n));
  if (unknown.length) throw new Error(`ENGINES names ${unknown.join(', ')}: the engines are ${all.join(', ')}`);
  return named;
}

const executable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const onPath = (name) =>
  (process.env.PATH ?? '')
    .split(delimiter)
    .map((d) => join(d, name))
    .find(executable);

/** Where Debian's WebKitGTK puts MiniBrowser, by API version and architecture. */
function miniBrowserCandidates() {
  const arch = spawnSync('dpkg-architecture', ['-qDEB_HOST_MULTIARCH'], { encoding: 'utf8' }).stdout?.trim();
  const dirs = [...new Set([arch, 'x86_64-linux-gnu', 'aarch64-linux-gnu'].filter(Boolean))];
  return dirs.flatMap((d) =>
    ['webkit2gtk-4.1', 'webkit2gtk-4.0', 'webkitgtk-6.0'].map((v) => `/usr/lib/${d}/${v}/MiniBrowser`),
  );
}

/** The binaries each engine needs, or the first missing one's name. */
export function findEngines(env = process.env) {
  const firefox = env.FIREFOX_PATH ?? onPath('firefox-esr') ?? onPath('firefox');
  const driver = env.WEBKIT_DRIVER_PATH ?? onPath('WebKitWebDriver');
  const miniBrowser = env.MINIBROWSER_PATH ?? miniBrowserCandidates().find(executable);
  const xvfb = onPath('Xvfb');
  return {
    firefox: firefox && executable(firefox) ? { path: firefox, version: version(firefox) } : null,
    webkit:
      driver && miniBrowser && xvfb && executable(driver) && executable(miniBrowser)
        ? { driver, miniBrowser, xvfb, version: packageVersion('webkit2gtk-driver') ?? 'unknown version' }
        : null,
  };
}

/** A Debian package's version (WebKitWebDriver has no --version, MiniBrowser's needs a display). */
function packageVersion(name) {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Version}', name], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim() ? `WebKitGTK ${r.stdout.trim()}` : null;
}

function version(path) {
  const r = spawnSync(path, ['--version'], {
    encoding: 'utf8',
    timeout: 10_000,
    env: { ...process.env, HOME: process.env.HOME ?? tmpdir() },
  });
  return (r.stdout || r.stderr || '').trim().split('\n')[0] || 'unknown version';
}

/** Debian's packages for each engine. */
export const PACKAGES = { firefox: ['firefox-esr'], webkit: ['webkit2gtk-driver', 'xvfb'] };

/**
 * Finds the engines the run wants, installing the missing ones through apt-get as root; throws, naming the fix,
 * where that cannot work. Prints one line per engine: which binary it took.
 */
export async function ensureEngines({ wanted = enginesWanted(), log = (l) => process.stdout.write(`${l}\n`) } = {}) {
  const others = wanted.filter((e) => e !== 'chromium');
  let found = findEngines();
  const missing = others.filter((e) => !found[e]);
  if (missing.length) {
    const packages = missing.flatMap((e) => PACKAGES[e]);
    const root = process.getuid?.() === 0;
    if (!root || !onPath('apt-get')) {
      throw new Error(
        `No ${missing.join(' or ')} here. Install Debian's ${packages.join(', ')} (apt-get install ${packages.join(' ')}), name the binaries (FIREFOX_PATH, WEBKIT_DRIVER_PATH, MINIBROWSER_PATH), or run with ENGINES=chromium.`,
      );
    }
    log(`[engines] installing ${packages.join(', ')} with apt-get (about a minute)`);
    const apt = (args) =>
      spawnSync('apt-get', args, {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
        timeout: 10 * 60_000,
      });
    if (apt(['install', '-y', '--no-install-recommends', ...packages]).status !== 0) {
      apt(['update']);
      if (apt(['install', '-y', '--no-install-recommends', ...packages]).status !== 0)
        throw new Error(`apt-get could not install ${packages.join(', ')}`);
    }
    found = findEngines();
    const still = others.filter((e) => !found[e]);
    if (still.length)
      throw new Error(`apt-get installed ${packages.join(', ')}, yet no ${still.join(' or ')} is found`);
  }
  if (others.includes('webkit'))
    log(
      `[webkit] ${found.webkit.driver} driving ${found.webkit.miniBrowser} (${found.webkit.version}) under ${found.webkit.xvfb}`,
    );
  if (others.includes('firefox'))
    log(`[firefox] ${found.firefox.path} (${found.firefox.version}), over WebDriver BiDi`);
  return found;
}

/** An X display of its own (Xvfb picks a free number and says it), stopped with the returned `stop`. */
export async function startXvfb(xvfb = findEngines().webkit?.xvfb ?? 'Xvfb') {
  const child = spawn(xvfb, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (d) => {
    errors += d;
  });
  const display = await new Promise((resolve, reject) => {
    let out = '';
    child.stdio[3].on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve(`:${out.trim()}`);
    });
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it had a display: ${errors.trim()}`)));
  });
  return { display, stop: () => stopChild(child) };
}

function stopChild(child) {
  if (child.exitCode !== null || child.signalCode) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  });
}

/**
 * One WebKitWebDriver on a free port with its own X display. `capabilities` opens MiniBrowser in automation mode;
 * `stop` ends the driver and the display.
 */
export async function startWebKitDriver() {
  const webkit = findEngines().webkit;
  if (!webkit)
    throw new Error(
      'WebKit is not installed: run `node test/ensure-chromium.mjs` (it installs webkit2gtk-driver and xvfb)',
    );
  const x = await startXvfb(webkit.xvfb);
  const port = await freePort();
  const child = spawn(webkit.driver, [`--port=${port}`, '--host=local'], {
    env: { ...process.env, DISPLAY: x.display },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (d) => {
    errors += d;
  });
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited (${child.exitCode}): ${errors.trim()}`);
    const ready = await fetch(`http://127.0.0.1:${port}/status`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline)
      throw new Error(`WebKitWebDriver did not answer on port ${port} within 15 s: ${errors.trim()}`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
  return {
    port,
    display: x.display,
    capabilities: {
      browserName: 'MiniBrowser',
      // webdriverio asks for a BiDi socket unless told not to, and this driver refuses any session that asks.
      'wdio:enforceWebDriverClassic': true,
      'webkitgtk:browserOptions': { binary: webkit.miniBrowser, args: ['--automation'] },
    },
    async stop() {
      await stopChild(child);
      await x.stop();
    },
  };
}

/** Firefox's launch options for puppeteer-core: headless, a profile of its own, no calls home. */
export function firefoxLaunchOptions() {
  const firefox = findEngines().firefox;
  if (!firefox)
    throw new Error('Firefox is not installed: run `node test/ensure-chromium.mjs` (it installs firefox-esr)');
  return {
    browser: 'firefox',
    executablePath: firefox.path,
    headless: true,
    // Firefox refuses to start as root in a session whose HOME another user owns.
    env: { ...process.env, HOME: process.env.HOME ?? tmpdir(), MOZ_CRASHREPORTER_DISABLE: '1' },
    extraPrefsFirefox: {
      'app.update.enabled': false,
      'browser.shell.checkDefaultBrowser': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'network.captive-portal-service.enabled': false,
      'network.connectivity-service.enabled': false,
      'browser.safebrowsing.provider.mozilla.updateURL': '',
      'extensions.update.enabled': false,
    },
  };
}
