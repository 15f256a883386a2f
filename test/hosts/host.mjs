// What the hosts of the matrix share: installing a host app as a partner does (its own lock, then the packed
// tarball), running its own server until it answers, and the check a merchant would make in each of them.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pack } from './pack.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const quiet = ['--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'];

/**
 * `npm ci` in the host's folder (its own package.json and lock), then the packed tarball installed the way a
 * partner adds a package, without writing it into the host's files (its integrity changes with every build).
 * Returns the folder's node_modules/merchant-ads-sdk.
 */
export function installHost(dir) {
  const { tarball } = pack();
  execFileSync(npm, ['ci', ...quiet], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync(npm, ['install', '--no-save', ...quiet, tarball], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  const installed = join(dir, 'node_modules', 'merchant-ads-sdk');
  assert.ok(existsSync(join(installed, 'package.json')), 'the tarball is installed');
  return installed;
}

/** Runs one of the host's own commands (`npx next build`, `npx vite build`, ...) to the end, its output shown on failure. */
export function run(dir, command, args, env = {}) {
  try {
    return execFileSync(command, args, {
      cwd: dir,
      env: { ...process.env, ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (e) {
    throw new Error(`${command} ${args.join(' ')} failed in ${dir}:\n${e.stdout}\n${e.stderr}`);
  }
}

/** A port free on 127.0.0.1 now, for a host server that wants one on its command line. */
export async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  await new Promise((ok) => server.close(ok));
  return port;
}

/**
 * Starts a host's own server (`next start`, `vite preview`, ...) and resolves once `url` answers: each tool prints
 * its address when it listens, so each time its output grows and names `url`'s host and port, `url` is asked
 * (and asked again on the next output if it did not answer yet). `stop()` ends the process group (npx and the
 * tool it starts). Its output is shown if it exits or never answers.
 */
export async function startHostServer(dir, command, args, url, { env = {}, timeoutMs = 60_000 } = {}) {
  const child = spawn(command, args, {
    cwd: dir,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    await once(child, 'exit');
  };
  const { host } = new URL(url);
  try {
    await new Promise((ok, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`${url} did not answer within ${timeoutMs} ms:\n${output}`)),
        timeoutMs,
      );
      let asking = false;
      const grew = async (chunk) => {
        output += chunk;
        // Colours off the address first: under CI=true, Vite prints its port in bold, inside the URL.
        if (asking || !output.replace(/\x1b\[[0-9;]*m/g, '').includes(host)) return;
        asking = true;
        const answered = await fetch(url).then(
          (r) => r.ok,
          () => false,
        );
        asking = false;
        if (answered) {
          clearTimeout(timer);
          ok();
        }
      };
      child.stdout.on('data', grew);
      child.stderr.on('data', grew);
      child.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`${command} ${args.join(' ')} exited (${code}):\n${output}`));
      });
    });
  } catch (e) {
    await stop();
    throw e;
  }
  return { stop, output: () => output };
}

/** Every console error and uncaught page error from now on, as text. */
export function consoleErrors(page) {
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * What a merchant sees in any host: the English login (no localesBase given: the language files come from beside
 * the script), then German chosen in the widget's own language sheet (a wheel with OK: a tap on a language brings
 * it to the band, OK applies it), the login in German and styled. `widget` is the locator of the host element.
 */
export async function englishThenGerman(page, widget) {
  await widget.getByRole('button', { name: 'Log in' }).waitFor();
  await widget.getByRole('button', { name: 'Language' }).click();
  const sheet = widget.getByRole('dialog');
  await sheet.getByRole('option', { name: 'Deutsch' }).click();
  await widget.evaluate(
    (host) =>
      new Promise((ok) => {
        const chosen = () =>
          host.shadowRoot.querySelector('[role="option"][aria-selected="true"]')?.textContent === 'Deutsch';
        if (chosen()) return ok();
        const watch = new MutationObserver(() => chosen() && (watch.disconnect(), ok()));
        watch.observe(host.shadowRoot, { subtree: true, attributes: true, childList: true });
      }),
  );
  await sheet.getByRole('button', { name: 'OK' }).click();
  const login = widget.getByRole('button', { name: 'Anmelden' });
  await login.waitFor();
  assert.equal(
    await login.evaluate((b) => getComputedStyle(b).backgroundColor),
    'rgb(22, 104, 220)',
    'styled: the primary colour',
  );
}

/**
 * A phone-sized page (390 × 800) in a browser context of its own, closed after the test `t`, its console watched
 * from the start: `errors` (console errors and uncaught ones) and `warnings` (console warnings: React's and Vue's
 * complaints are warnings, not errors).
 */
export async function phonePage(t, browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
  t.after(() => context.close());
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors = consoleErrors(page);
  const warnings = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  return { page, errors, warnings };
}

/**
 * An init script (`page.addInitScript(recordGlobalListeners)`) that keeps the listeners the page's own scripts add
 * to window, document, <html> and <body> and do not take off again (by removeEventListener or their signal): what a
 * widget left running leaves behind with no trace in the DOM (its router's hashchange, say). Only listeners whose
 * stack holds the page's origin count: Playwright adds some of its own to window while it clicks.
 * `window.__globalListeners()` lists them, sorted: "window hashchange", "document keydown (capture)", ...
 */
export function recordGlobalListeners() {
  const listeners = new Set();
  const global = (t) =>
    t === window || t === document || t === document.documentElement || (!!t && t === document.body);
  const capture = (o) => (typeof o === 'boolean' ? o : !!o?.capture);
  const find = (t, type, fn, o) =>
    [...listeners].find((l) => l.t === t && l.type === type && l.fn === fn && l.capture === capture(o));
  const { addEventListener: add, removeEventListener: remove } = EventTarget.prototype;
  EventTarget.prototype.addEventListener = function addEventListener(type, fn, o) {
    if (fn && global(this) && !find(this, type, fn, o) && new Error().stack.includes(location.origin)) {
      const l = { t: this, type, fn, capture: capture(o) };
      listeners.add(l);
      o?.signal?.addEventListener('abort', () => listeners.delete(l));
    }
    return add.call(this, type, fn, o);
  };
  EventTarget.prototype.removeEventListener = function removeEventListener(type, fn, o) {
    if (global(this)) listeners.delete(find(this, type, fn, o));
    return remove.call(this, type, fn, o);
  };
  const name = (t) => (t === window ? 'window' : t === document ? 'document' : t.localName);
  Object.defineProperty(window, '__globalListeners', {
    value: () => [...listeners].map((l) => `${name(l.t)} ${l.type}${l.capture ? ' (capture)' : ''}`).sort(),
  });
}
