/**
 * Drives the real SDK (bundled from src by the same rollup pipeline) against the real reference server,
 * which the test runner starts and proxies at /api. Queries go through the widget's open shadow root.
 */
import { mount } from '../../../src/index';
import type { MerchantAdsApp, MountOptions } from '../../../src/index';
import { waitFor } from './render';

export { waitFor };

export interface Mounted {
  app: MerchantAdsApp;
  host: HTMLElement;
  shadow: ShadowRoot;
  events: { type: string; payload: any }[];
  prefix: string;
}

let seq = 0;
export const unique = (base: string) => `${base}${Date.now().toString(36)}${(seq++).toString(36)}`.slice(0, 30);

const hosts: Mounted[] = [];

export async function mountApp(options: Partial<MountOptions> = {}): Promise<Mounted> {
  const host = document.createElement('div');
  host.style.cssText = 'width:375px;height:667px;position:relative;';
  document.body.appendChild(host);
  const events: Mounted['events'] = [];
  const prefix = options.storagePrefix ?? `${unique('t')}:`;
  const app = mount(host, {
    apiBase: '/api',
    routing: 'memory',
    localesBase: '/locales/',
    storagePrefix: prefix,
    onEvent: (type, payload) => events.push({ type, payload }),
    ...options,
  });
  await app.ready;
  const m = { app, host, shadow: host.shadowRoot!, events, prefix };
  await waitFor(() => m.shadow.querySelector('main'), 'first screen');
  await new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));
  hosts.push(m);
  return m;
}

export function unmountAll(): void {
  for (const m of hosts.splice(0)) {
    m.app.unmount();
    m.host.remove();
  }
}

/** Where the session's token is stored: under the prefix, per API origin (`/api` is this page's origin). */
export const tokenKey = (m: Mounted, api = location.origin) => `${m.prefix}token@${api}`;

export const $ = (m: Mounted, sel: string) => m.shadow.querySelector<HTMLElement>(sel);
export const $$ = (m: Mounted, sel: string) => Array.from(m.shadow.querySelectorAll<HTMLElement>(sel));
export const text = (m: Mounted) => m.shadow.querySelector('.ma-root')?.textContent ?? '';

/** The input labelled `label` (exact label text, ignoring a trailing required mark). */
export function input(m: Mounted, label: string): HTMLInputElement {
  const l = $$(m, 'label').find((x) => (x.textContent ?? '').replace(/[*\s]+$/, '').trim() === label);
  if (!l)
    throw new Error(
      `no label "${label}" in: ${$$(m, 'label')
        .map((x) => x.textContent)
        .join(' | ')}`,
    );
  const id = l.getAttribute('for');
  const el = (id ? m.shadow.getElementById(id) : l.querySelector('input')) as HTMLInputElement | null;
  if (!el) throw new Error(`label "${label}" has no input`);
  return el;
}

export function type(m: Mounted, label: string, value: string): void {
  const el = input(m, label);
  el.focus();
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

export function button(m: Mounted, name: string): HTMLButtonElement {
  const b = $$(m, 'button').find((x) => (x.getAttribute('aria-label') ?? x.textContent ?? '').trim() === name);
  if (!b)
    throw new Error(
      `no button "${name}" in: ${$$(m, 'button')
        .map((x) => x.getAttribute('aria-label') ?? x.textContent)
        .join(' | ')}`,
    );
  return b as HTMLButtonElement;
}

export const click = (m: Mounted, name: string) => button(m, name).click();

export const routeOf = (m: Mounted) =>
  [...m.events].reverse().find((e) => e.type === 'route')?.payload.path as string | undefined;

/** Waits for the route event and for its screen to be on screen (the event fires before preact renders). */
export async function waitRoute(m: Mounted, path: string): Promise<void> {
  const rendered = () => {
    const e = [...m.events].reverse().find((x) => x.type === 'route');
    // The route's header and main show at once; its screen once its group's file is in (no pending slot).
    return (
      e?.payload.path.split('?')[0] === path &&
      $(m, 'main')?.getAttribute('aria-label') === e.payload.title &&
      !$(m, '.ma-screen-pending')
    );
  };
  await waitFor(rendered, `route ${path}`).catch((e: Error) => {
    const errors = m.events.filter((x) => x.type === 'error').map((x) => JSON.stringify(x.payload));
    throw new Error(
      `${e.message}; now ${routeOf(m)}; errors: ${errors.join(', ') || 'none'}; text: ${text(m).slice(0, 300)}`,
    );
  });
  // Let the new screen's effects run (preact runs them after paint).
  await new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));
}

/** What the toast (the widget's one role="status" region) says now. */
/** The toast's text (its region, not any other status region such as pull to refresh's head). */
export const toastText = (m: Mounted) => $(m, '.ma-toast-region')?.textContent ?? '';

/** Fills the login form and submits it; the caller waits for whatever should follow. */
export function logInViaUi(m: Mounted, username: string, password: string): void {
  type(m, 'Username', username);
  type(m, 'Password', password);
  click(m, 'Log in');
}

/** Opens the change-password screen, fills it (the new password twice) and submits it. */
export async function changePasswordViaUi(m: Mounted, oldPassword: string, newPassword: string): Promise<void> {
  m.app.navigate('/ad-center/edit-login-password');
  await waitRoute(m, '/ad-center/edit-login-password');
  type(m, 'Old password', oldPassword);
  type(m, 'New password', newPassword);
  type(m, 'Confirm password', newPassword);
  click(m, 'Submit');
}

export const waitText = (m: Mounted, s: string, timeout?: number) =>
  waitFor(() => text(m).includes(s), `text "${s}"`, timeout);

/** A real token for the seeded demo merchant, straight from the API. */
export async function demoToken(): Promise<string> {
  const r = await fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
  });
  return (await r.json()).data.token;
}

/**
 * A fresh merchant of its own (password demo1234) with the demo's kind of ad-centre data: plans and delivery
 * history, coupons of every kind and state, follows. For tests that change what they read (sign in, receive,
 * follow), so no other test file, and no rerun, sees their changes.
 */
export async function freshMerchant(lang?: string): Promise<{ username: string; token: string; proxy_id: string }> {
  const r = await fetch('/api/__test__/merchant', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(lang ? { lang } : {}),
  });
  const j = await r.json();
  if (j.code !== 200) throw new Error(`test api merchant: ${JSON.stringify(j)}`);
  return j.data;
}

/**
 * A merchant who registered just now through the public API, as one who signed up in the app: none of the test API's
 * extras (follows, coupons, read messages). `prefix` starts the unique username.
 */
export async function registeredMerchant(prefix: string): Promise<{ username: string; token: string }> {
  const username = unique(prefix);
  const r = await fetch('/api/auth/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      username,
      password: 'secret123',
      confirm_password: 'secret123',
      email: `${username}@example.com`,
      phone: '+4915112345678',
      license_key: 'DEMO-LICENSE',
      terms: true,
    }),
  });
  const j = await r.json();
  if (j.code !== 200) throw new Error(`register ${username}: ${JSON.stringify(j)}`);
  return { username, token: j.data.token };
}

/** The reference server's test-only routes. */
export async function testApi(path: string, body: unknown): Promise<void> {
  const r = await fetch(`/api/__test__/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const j = await r.json();
  if (j.code !== 200) throw new Error(`test api ${path}: ${JSON.stringify(j)}`);
}

interface Registration {
  username: string;
  password?: string;
  email?: string;
  phone?: string;
  licenseKey?: string;
}

/** Fills the whole register form with valid values unless told otherwise, and ticks the terms. */
export function fillRegistration(
  m: Mounted,
  {
    username,
    password = 'secret123',
    email = `${username}@example.com`,
    phone = '+4915112345678',
    licenseKey = 'DEMO-LICENSE',
  }: Registration,
): void {
  type(m, 'Username', username);
  type(m, 'Password', password);
  type(m, 'Confirm password', password);
  type(m, 'Email', email);
  type(m, 'Phone', phone);
  type(m, 'License key', licenseKey);
  ($(m, 'input[type="checkbox"]') as HTMLInputElement).click();
}

export async function registerViaUi(m: Mounted, username: string, password = 'secret123'): Promise<void> {
  m.app.navigate('/register');
  await waitRoute(m, '/register');
  fillRegistration(m, { username, password });
  click(m, 'Register');
  await waitRoute(m, '/ad-center');
}

/**
 * Puts a fault on one API path for one session's requests at the test server's proxy: 'hold' them until
 * cleared, 'hold-answer' (the server answers them at once, the browser gets the answer once cleared), 'fail' them
 * (HTTP 502), or answer a 'business' failure (HTTP 200, envelope code 500); null clears it.
 */
export async function apiFault(
  path: string,
  token: string,
  mode: 'hold' | 'hold-answer' | 'fail' | 'business' | null,
): Promise<void> {
  await fetch('/__api-faults', { method: 'POST', body: JSON.stringify({ path, token, mode }) });
}

/** How many requests to one API path this session has sent through the test server's proxy so far. */
export async function apiCalls(path: string, token: string): Promise<number> {
  const r = await fetch('/__api-calls', { method: 'POST', body: JSON.stringify({ path, token }) });
  return ((await r.json()) as { count: number }).count;
}

/**
 * The change stream refused for this session (the proxy answers 502, as one that cannot stream might): the screens
 * fall back to their timed refresh, which the tests of that refresh drive with captured timers.
 */
export const streamDown = (token: string) => apiFault('/events', token, 'fail');

/** How many change streams (GET /api/events) the page holds open through the test server's proxy for this session. */
export async function streamsOpen(token: string): Promise<number> {
  const r = await fetch('/__api-calls', { method: 'POST', body: JSON.stringify({ path: '/events', token }) });
  return ((await r.json()) as { open: number }).open;
}

/** How many requests to one API path this session has sent that the server has answered (held answers too). */
export async function apiAnswered(path: string, token: string): Promise<number> {
  const r = await fetch('/__api-calls', { method: 'POST', body: JSON.stringify({ path, token }) });
  return ((await r.json()) as { answered: number }).answered;
}
