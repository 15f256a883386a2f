/**
 * `npm run shots [-- [--engine chromium|webkit|firefox] word ...]`: pictures of every screen, sheet and dialog as a
 * merchant sees them, at 320 and 390 px in en, de, ru, th and zh, in shots/ (not committed). Words keep only the
 * shots whose name matches them all (see filter.mjs): `npm run shots -- wallet de`. `--engine` photographs in WebKit
 * or Firefox instead of Chromium (the default), into files named with the engine last (see filter.mjs).
 *
 * How: the reference server with a fresh seeded in-memory database on a free port, the script-tag build from dist/
 * (rebuilt first when src/ or locales/ is newer), mounted as the examples page mounts it, under the examples page's
 * own content policy, in a page exactly as big as a phone; one Chromium, one page per language and width, a few at
 * once. Each shot mounts the widget afresh on its route, does what the scene says, then waits for what a person
 * would wait for: the route's screen (no pending slot, no skeleton, no spinner), its images and fonts, and the end
 * of every animation that ends.
 *
 * WebKit and Firefox are Debian's MiniBrowser and Firefox ESR, which Playwright cannot drive: their pages are
 * test/e2e/engine-page.mjs's (WebKitWebDriver, one per page; puppeteer-core over WebDriver BiDi, one Firefox with a
 * context per page). Their host page comes from a small loopback server of this run, which passes every other
 * request to the reference server, and the scenes' taps and fills are done in the page (see engineHelpers).
 * MiniBrowser's window cannot be as narrow as a phone, so WebKit's host page sits in a frame of the phone's size.
 *
 * Environment: SHOTS_DIR (default shots/), SHOTS_JOBS (pages at once, default 3 in Chromium, 2 in the others),
 * SHOTS_SCALE (device pixel ratio, default 1; WebKit's is always 1), SHOTS_HEIGHT (default 720).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../../test/chromium.mjs';
import { launchFirefox, openEnginePage, pageProbe } from '../../test/e2e/engine-page.mjs';
import { passToApi, serveOnLoopback } from '../../test/hosts/site.mjs';
import { startReferenceServer } from '../../test/reference-server.mjs';
import { ENGINES, LANGUAGES, WIDTHS, isEngineShot, matchesFilter, shotName } from './filter.mjs';
import { scenes } from './scenes.mjs';
import { PLAN_STATUSES } from '../../src/api/shapes/plan.ts';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const OUT = resolve(ROOT, process.env.SHOTS_DIR || 'shots');
const { engine: ENGINE, words: WORDS } = parseArgs(process.argv.slice(2));
// Each WebKit page is a MiniBrowser, a WebKitWebDriver and an X server of its own: two at once on a small machine.
const JOBS = Math.max(1, Number(process.env.SHOTS_JOBS) || (ENGINE === 'chromium' ? 3 : 2));
const SCALE = Number(process.env.SHOTS_SCALE) || 1;
const HEIGHT = Number(process.env.SHOTS_HEIGHT) || 720;
/** How long one shot may take to settle; a shot that does not settle is still taken, and named at the end. */
const SETTLE_MS = 15_000;
const problems = [];
let taken = 0;
/** Chromium (Playwright's) or Firefox (puppeteer-core's), shared by every page; WebKit has one per page. */
let browser;
/** The page the widget is mounted on: same origin as the API, like the examples page. */
const PAGE_PATH = '/__shots.html';
/** WebKit's page: the host page in a frame of the phone's size (MiniBrowser's window is wider than any phone). */
const FRAME_PATH = '/__shots-frame.html';

/** `--engine name` (or `--engine=name`) anywhere among the words; the rest are the filter's. */
function parseArgs(args) {
  let engine = ENGINES[0];
  const words = [];
  for (let i = 0; i < args.length; i++) {
    const m = /^--engine(?:=(.*))?$/.exec(args[i]);
    if (m) engine = (m[1] ?? args[++i] ?? '').toLowerCase();
    else if (args[i].trim()) words.push(args[i]);
  }
  if (!ENGINES.includes(engine)) {
    console.error(`--engine ${engine || '(nothing)'}: the engines are ${ENGINES.join(', ')}`);
    process.exit(1);
  }
  return { engine, words };
}

/** The Intl locale each language's merchant has (the browser's own language, for what the page asks of it). */
const INTL = { en: 'en-US', de: 'de-DE', ru: 'ru-RU', th: 'th-TH', zh: 'zh-CN' };

/** One language at one width: a page of its own, each scene mounted afresh on it. */
async function shoot({ lang, width, scenes: todo }, run) {
  const page = ENGINE === 'chromium' ? await chromiumPage(lang, width, run) : await enginePage(width, run);
  const { data } = run;
  const texts = JSON.parse(readFileSync(join(ROOT, 'locales', `${lang}.json`), 'utf8'));
  try {
    for (const scene of todo) {
      const name = shotName(scene.name, lang, width, ENGINE);
      await page.pageErrors();
      try {
        const path = typeof scene.path === 'function' ? await scene.path(data, lang) : scene.path;
        if (/=(undefined)?(&|$)/.test(path)) throw new Error(`the seeded data has nothing for ${path}`);
        const token = scene.signedIn ? (scene.as ? data.tokens[scene.as] : data.token) : null;
        await page.evaluate(mountWidget, { path, lang, nonce: page.nonce, token, prefix: `shots-${name}:` });
        const s = helpers(page, texts);
        await s.settle(scene.route);
        if (scene.act) await scene.act(s);
        await page.screenshot(join(OUT, `${name}.png`));
        taken++;
        const pageErrors = await page.pageErrors();
        if (pageErrors.length) problems.push(`${name}: page said: ${[...new Set(pageErrors)].join('; ')}`);
      } catch (e) {
        problems.push(`${name}: ${e.message.split('\n')[0]}`);
        await page.screenshot(join(OUT, `${name}.png`)).then(() => taken++, () => {});
      }
    }
  } finally {
    await page.close();
  }
}

/**
 * Chromium's page, through Playwright: the host page answered by a route of its context, the browser's language the
 * merchant's. What the loop above and the helpers need of a page: nonce, evaluate, screenshot, pageErrors (what the
 * page reported since the last call), close; and the Playwright page itself for the helpers' locators.
 */
async function chromiumPage(lang, width, { origin, csp }) {
  const context = await browser.newContext({ viewport: { width, height: HEIGHT }, deviceScaleFactor: SCALE, locale: INTL[lang], serviceWorkers: 'block' });
  const nonce = Math.random().toString(36).slice(2);
  await context.route(origin + PAGE_PATH, (route) => route.fulfill({
    contentType: 'text/html; charset=utf-8',
    headers: csp ? { 'content-security-policy': withNonce(csp, nonce) } : {},
    body: hostPage(nonce),
  }));
  const page = await context.newPage();
  const reported = [];
  page.on('pageerror', (e) => reported.push(e.message));
  // What the console says went wrong (a style or image the content policy blocked, a failed file) is worth a look.
  page.on('console', (m) => { if (m.type() === 'error') reported.push(m.text().split('. ')[0]); });
  await page.goto(origin + PAGE_PATH);
  return {
    playwright: page,
    nonce,
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    screenshot: (path) => page.screenshot({ path }),
    pageErrors: async () => reported.splice(0),
    close: () => context.close(),
  };
}

/**
 * A WebKit or Firefox page (test/e2e/engine-page.mjs) on the run's loopback host: the host page with a probe that
 * keeps the page's errors and content-policy reports (WebKit's driver hears neither), in WebKit inside a frame of
 * the phone's size. The widget's language is the mount's `language`; the browser's own stays the machine's.
 */
async function enginePage(width, { host }) {
  const page = await openEnginePage(null, ENGINE, { width, height: HEIGHT, scale: SCALE, firefox: browser });
  try {
    const nonce = Math.random().toString(36).slice(2);
    const framed = page.size.width !== width || page.size.height !== HEIGHT;
    if (framed) {
      await page.goto(`${host}${FRAME_PATH}?nonce=${nonce}&width=${width}&height=${HEIGHT}`);
      await page.frame('iframe');
    } else {
      await page.goto(`${host}${PAGE_PATH}?nonce=${nonce}`);
    }
    const size = await page.waitFor(() => window.MerchantAds && [window.innerWidth, window.innerHeight], undefined, 'the SDK on the host page');
    if (size[0] !== width || size[1] !== HEIGHT) throw new Error(`${ENGINE}'s page is ${size.join(' × ')}, not ${width} × ${HEIGHT}`);
    let seen = 0;
    return {
      engine: page,
      nonce,
      evaluate: (fn, arg) => page.evaluate(fn, arg),
      screenshot: (path) => page.screenshot(path),
      async pageErrors() {
        const inPage = await page.evaluate(() => [...window.__errors.splice(0), ...window.__reports.splice(0).map((r) => `content policy blocked ${r}`)]);
        const heard = page.errors();
        const fresh = heard.slice(seen).map((m) => m.split('. ')[0]);
        seen = heard.length;
        return [...inPage, ...fresh];
      },
      close: () => page.close(),
    };
  } catch (e) {
    await page.close();
    throw e;
  }
}

/**
 * The run's loopback host for WebKit and Firefox: the host page under the examples page's policy (with the nonce
 * the page's URL names), WebKit's frame around it, and everything else passed on to the reference server.
 */
function hostHandler(origin, csp) {
  return (req, res) => {
    const url = new URL(req.url, 'http://host');
    const nonce = url.searchParams.get('nonce') ?? '';
    if (url.pathname === PAGE_PATH) {
      // The examples page is never framed ('none'); WebKit's is, by a page of this same host.
      const policy = csp && withNonce(csp, nonce).replace(/frame-ancestors [^;]*/, "frame-ancestors 'self'");
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...(policy ? { 'content-security-policy': policy } : {}) });
      res.end(hostPage(nonce, pageProbe(nonce)));
    } else if (url.pathname === FRAME_PATH) {
      const [width, height] = [Number(url.searchParams.get('width')), Number(url.searchParams.get('height'))];
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head><meta charset="utf-8"><title>shots</title><link rel="icon" href="data:,"></head>
<body style="margin:0"><iframe src="${PAGE_PATH}?nonce=${encodeURIComponent(nonce)}" width="${width}" height="${height}" style="display:block;border:0"></iframe></body></html>`);
    } else {
      void passToApi(req, res, origin);
    }
  };
}

const withNonce = (csp, nonce) => csp.replace(/'nonce-[^']*'/g, `'nonce-${nonce}'`);

/**
 * The host page: the script tag from dist/, as on the examples page, and a mount point that is the whole phone
 * (`head`: more for the head, before anything else runs).
 */
const hostPage = (nonce, head = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>shots</title><link rel="icon" href="data:,">${head}
<style nonce="${nonce}">html, body { margin: 0; height: 100%; overflow: hidden; } #app { width: 100%; height: 100%; }</style>
</head><body><div id="app"></div><script nonce="${nonce}" src="/dist/merchant-ads.js"></script></body></html>`;

/** Runs in the page: unmounts the last widget and mounts a fresh one on the scene's route. */
async function mountWidget({ path, lang, nonce, token, prefix }) {
  window.__shots?.app.unmount();
  const events = [];
  const app = window.MerchantAds.mount(document.getElementById('app'), {
    apiBase: '/api', routing: 'memory', initialRoute: path, language: lang, nonce, storagePrefix: prefix,
    ...(token ? { token } : {}),
    onEvent: (type, payload) => { events.push({ type, payload }); return true; },
  });
  window.__shots = { app, events };
  await app.ready;
}

/** What a scene does, in a merchant's terms: tap, type, pick a photo, open a layer; and wait for the result. */
function helpers(page, texts) {
  const s = {
    t(key) {
      const v = key.split('.').reduce((o, k) => o?.[k], texts);
      if (typeof v !== 'string') throw new Error(`no text ${key}`);
      return v;
    },
    /** Runs `action` and waits for one more layer (sheet, dialog, picker) than before, settled. */
    async openLayer(action) {
      const before = await page.evaluate(openLayers);
      await action();
      await s.waitForLayers(before).catch(() => { throw new Error('the sheet or dialog did not open'); });
      await s.settle();
    },
    /** Waits until the widget shows `route` with its real content and nothing moves any more. */
    async settle(route) {
      const why = await page.evaluate(settled, { route, timeout: SETTLE_MS });
      if (why) throw new Error(`not settled after ${SETTLE_MS / 1000} s (${why})`);
    },
  };
  return Object.assign(s, page.playwright ? playwrightVerbs(page.playwright, s) : engineVerbs(page.engine, s));
}

/**
 * The verbs that find things, in Chromium: Playwright's locators. A target is `{ css, nth?, within?, fallback? }`,
 * `{ text }` (a button's text) or `{ label }` (an aria-label); text and label may be functions of the helpers.
 */
function playwrightVerbs(page, s) {
  const verbs = {
    async locate(target) {
      const scope = target.within ? page.locator(`#app ${target.within}`).last() : page.locator('#app');
      const text = typeof target.text === 'function' ? target.text(s) : target.text;
      const label = typeof target.label === 'function' ? target.label(s) : target.label;
      let loc = target.css ? scope.locator(target.css)
        : text ? scope.locator('button').filter({ hasText: text })
        : scope.locator(`[aria-label="${label}"]`);
      if (target.fallback && !(await loc.count())) loc = scope.locator(target.fallback);
      return target.nth === undefined ? loc.first() : loc.nth(target.nth);
    },
    async tap(target) {
      await (await verbs.locate(target)).click({ timeout: 5000 });
    },
    async fill(target, value) {
      await (await verbs.locate(target)).fill(value, { timeout: 5000 });
    },
    /** Picks a small photo in a file input, as the system picker would hand it over. */
    async pickPhoto(target) {
      const photo = await page.screenshot({ clip: { x: 0, y: 0, width: 96, height: 96 } });
      await (await verbs.locate(target)).setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: photo }, { timeout: 5000 });
    },
    waitForLayers: (before) => page.waitForFunction((n) => (window.__shotsLayers?.() ?? 0) > n, before, { timeout: 5000 }),
  };
  return verbs;
}

/**
 * The same verbs in WebKit and Firefox (test/e2e/engine-page.mjs), with what Playwright's locators do done in the
 * page: find the target through the widget's shadow root (findTarget), tap it with a real click at its centre, fill
 * an input as a paste does (its value set, then `input`), hand a file input a photo drawn in the page.
 */
function engineVerbs(page, s) {
  const resolved = (target) => ({
    ...target,
    text: typeof target.text === 'function' ? target.text(s) : target.text,
    label: typeof target.label === 'function' ? target.label(s) : target.label,
  });
  const described = (t) => t.css ?? (t.text ? `the button "${t.text}"` : `[aria-label="${t.label}"]`);
  const call = (fn, ...args) => `(${fn})(${args.map((a) => JSON.stringify(a)).join(', ')})`;
  const verbs = {
    /** What scenes wait on: an object with Playwright's `waitFor({ timeout })` (until a person could see it). */
    async locate(target) {
      const t = { ...resolved(target), seen: true };
      return { waitFor: ({ timeout = 5000 } = {}) => page.waitFor(findTarget, t, described(t), timeout) };
    },
    async tap(target) {
      const t = { ...resolved(target), seen: true };
      await page.click(findTarget, t, described(t));
    },
    async fill(target, value) {
      const t = { ...resolved(target), seen: true };
      await page.waitFor(findTarget, t, described(t), 5000);
      await page.evaluate(`${call(fillInput, value)}(${call(findTarget, t)})`);
    },
    async pickPhoto(target) {
      const t = resolved(target);
      await page.waitFor(findTarget, t, described(t), 5000);
      await page.evaluate(`${call(pickDrawnPhoto)}(${call(findTarget, t)})`);
    },
    waitForLayers: (before) => page.waitFor((n) => (window.__shotsLayers?.() ?? 0) > n, before, 'one more layer', 5000),
  };
  return verbs;
}

/**
 * Runs in the page (WebKit and Firefox): the element a scene's target names, as Playwright's locators find it: CSS
 * through the widget's shadow roots, a button by a piece of its text, an element by its aria-label; `within` the last
 * match of that selector; the `nth` match (the first by default); the `fallback` selector when nothing matches.
 * With `seen`, only once it is rendered and not hidden (what Playwright waits for before a click or a fill).
 */
function findTarget({ css, nth, within, fallback, text, label, seen }) {
  const roots = [];
  const walk = (root) => {
    roots.push(root);
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot);
  };
  const host = document.getElementById('app');
  if (host?.shadowRoot) walk(host.shadowRoot);
  const query = (scopes, selector) => scopes.flatMap((r) => [...r.querySelectorAll(selector)]);
  let scopes = roots;
  if (within) {
    const last = query(roots, within).pop();
    if (!last) return null;
    scopes = [last];
  }
  const norm = (v) => v.replace(/\s+/g, ' ').trim().toLowerCase();
  let found = css ? query(scopes, css)
    : text ? query(scopes, 'button').filter((b) => norm(b.textContent).includes(norm(text)))
    : query(scopes, `[aria-label="${label}"]`);
  if (fallback && !found.length) found = query(scopes, fallback);
  const el = found[nth ?? 0] ?? null;
  if (el && seen && !(el.getClientRects().length && el.checkVisibility({ visibilityProperty: true }))) return null;
  return el;
}

/** Runs in the page: gives an input a value as a paste would (focus, the value, `input` and `change`). */
function fillInput(value) {
  return (el) => {
    el.focus();
    // The prototype's own setter, under whatever a framework put on the element, so the framework hears the change.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value').set.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
    return true;
  };
}

/** Runs in the page: hands a file input a small PNG drawn in the page, as the system picker would hand a photo. */
function pickDrawnPhoto() {
  return async (input) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 96;
    const c = canvas.getContext('2d');
    const sky = c.createLinearGradient(0, 0, 0, 96);
    sky.addColorStop(0, '#7fb8e8');
    sky.addColorStop(1, '#f3d9a4');
    c.fillStyle = sky;
    c.fillRect(0, 0, 96, 96);
    c.fillStyle = '#4a7a3a';
    c.fillRect(0, 64, 96, 32);
    const blob = await new Promise((ok) => canvas.toBlob(ok, 'image/png'));
    const files = new DataTransfer();
    files.items.add(new File([blob], 'photo.png', { type: 'image/png' }));
    input.files = files.files;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
    return true;
  };
}

/** Runs in the page: how many layers are open (and leaves a function the waits above call). */
function openLayers() {
  window.__shotsLayers = () => {
    const root = document.getElementById('app').shadowRoot;
    return root ? root.querySelectorAll('.ma-popup-layer:not([inert]), .ma-dialog').length : 0;
  };
  return window.__shotsLayers();
}

/**
 * Runs in the page: resolves with '' once the widget has shown what it is going to show for a moment (150 ms
 * without anything in the way), or with what was still in the way when `timeout` ran out.
 */
async function settled({ route, timeout }) {
  const root = () => document.getElementById('app').shadowRoot;
  // Under an open sheet or dialog, only the topmost one counts: a button under it may spin until it answers.
  const scope = () => [...root().querySelectorAll('.ma-popup-layer:not([inert]), .ma-dialog')].pop() ?? root();
  const visible = (sel) => [...scope().querySelectorAll(sel)].some((el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true }));
  const inTheWay = () => {
    if (!root()) return 'no widget';
    const main = root().querySelector('main');
    if (!main) return 'no screen';
    if (route) {
      const last = [...window.__shots.events].reverse().find((e) => e.type === 'route');
      const at = last?.payload.path.split('?')[0];
      if (at !== route) return `route ${at ?? 'none'}, not ${route}`;
      if (main.getAttribute('aria-label') !== last.payload.title) return 'screen of the last route';
    }
    if (root().querySelector('.ma-screen-pending')) return 'screen file loading';
    if (visible('.ma-skeleton, [class*="ma-skeleton__"]')) return 'skeleton';
    if (visible('.ma-spinner')) return 'spinner';
    // A lazy image below the fold never loads until scrolled to: only those in the picture count.
    const inView = (el) => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth; };
    if ([...root().querySelectorAll('img')].some((img) => !img.complete && inView(img))) return 'image loading';
    if (document.fonts.status !== 'loaded') return 'fonts loading';
    const moving = root().getAnimations().filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime));
    if (moving.length) return 'animation';
    return '';
  };
  const end = performance.now() + timeout;
  let since = null;
  let why = '';
  while (performance.now() < end) {
    await new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 25)));
    why = inTheWay();
    if (why) since = null;
    else if (since === null) since = performance.now();
    else if (performance.now() - since >= 150) {
      await document.fonts.ready;
      return '';
    }
  }
  return why;
}

/** The seeded ids the scenes need: a plan in each state, a banner, an FAQ, the chat contact; and demo's token. */
async function seededData(origin) {
  const api = async (path, { token, body } = {}) => {
    const r = await fetch(origin + '/api' + path, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', ...(token ? { 'X-CT': token } : {}) },
      body: body && JSON.stringify(body),
    });
    const j = await r.json();
    if (j.code !== 200) throw new Error(`${path}: ${JSON.stringify(j)}`);
    return j.data;
  };
  const { token } = await api('/auth/login', { body: { username: 'demo', password: 'demo1234' } });
  // Other merchants some scenes show (a scene's `as`): newbie has no transaction password yet (the first one's
  // form), and a merchant who has just bound a payout account through the app (its withdrawals are on hold).
  const newbie = (await api('/auth/login', { body: { username: 'newbie', password: 'demo1234' } })).token;
  const held = (await api('/__test__/merchant', { body: { pay_password: '123456' } })).token;
  await api('/bank_card/edit', { token: held, body: {
    kind: 'bank', bank_name: 'Harbor Savings', user_name: 'Shots Store', mobile: '+1 555 010 0042', account: '6222000011112222',
    password: createHash('md5').update('123456').digest('hex'),
  } });
  // Two partner merchants (no login password) signed in as a partner's app does it (a signed link, its ticket, the
  // registration, the store opened): one just now, one whose sessions are then aged past a fresh sign-in.
  const partnerMerchant = async (uid) => {
    const query = Object.fromEntries(new URLSearchParams((await api(`/__test__/partner-link?entry=partner&uid=${uid}&age=0`)).query));
    const r = await fetch(origin + '/api/auth/v2/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(query) });
    const { ticket } = (await r.json()).data;
    const { token: partnerToken } = await api('/auth/v2/register', { body: { entry: 'partner', uid, ticket } });
    await api('/opening_store', { token: partnerToken, body: { auth_code: 'DEMO-AUTH' } });
    return partnerToken;
  };
  const stamp = Date.now().toString(36);
  const partner = await partnerMerchant(`shots-pw-${stamp}`);
  const partnerStale = await partnerMerchant(`shots-pw-old-${stamp}`);
  await api('/__test__/session-age', { body: { username: `partner:shots-pw-old-${stamp}`, minutes: 16 } });
  // A plan of each state, from each state's own list (the list of all is paged).
  const plan = {};
  for (const status of PLAN_STATUSES) plan[status] = (await api(`/plan/order/list?status=${status}&page=1&limit=1`, { token })).list[0]?.id;
  plan.any = Object.values(plan).find(Boolean);
  const config = await api('/basic_config');
  const chat = config.customer_service_url.find((c) => c.type === 1);
  let partners = 0;
  return {
    token,
    tokens: { newbie, held, partner, partnerStale },
    plan,
    bannerId: config.banner_config[0]?.id,
    faqId: config.faq_config[0]?.id,
    chatUrl: chat?.url ?? '',
    // A new partner user each time: the link signs them in and opens the welcome page's account form.
    // The partner's app names the merchant's language in the link, as partners do.
    partnerPath: async (lang) => {
      const q = new URLSearchParams({ entry: 'partner', uid: `shots-${Date.now().toString(36)}-${partners++}`, age: '0' });
      return `${(await api(`/__test__/partner-link?${q}`)).path}&lang=${lang}`;
    },
  };
}

/** The examples page's content policy, so the widget is pictured under the policy it is shown under. */
async function examplesPolicy(origin) {
  const r = await fetch(origin + '/');
  return r.headers.get('content-security-policy');
}

/** Builds the SDK when dist/ has no script-tag build or src/ or locales/ changed after it was built. */
function buildIfStale() {
  const built = mtime(join(ROOT, 'dist', 'merchant-ads.js'));
  const newest = Math.max(newestIn(join(ROOT, 'src')), newestIn(join(ROOT, 'locales')));
  if (built && built >= newest) return;
  console.log(built ? 'src/ changed since the last build: npm run build first…' : 'No dist/ yet: npm run build first…');
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('npm run build failed: the shots need the built SDK.');
    process.exit(1);
  }
}

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function newestIn(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, mtime(join(entry.parentPath ?? entry.path, entry.name)));
  }
  return newest;
}

/** The run: which shots, the server and the browser, the pages a few at a time; the folder and the count. */
async function main() {
  const started = Date.now();
  const words = WORDS;
  const plan = [];
  for (const lang of LANGUAGES) {
    for (const width of WIDTHS) {
      const todo = scenes().filter((scene) => matchesFilter(words, { scene: scene.name, lang, width, engine: ENGINE }));
      if (todo.length) plan.push({ lang, width, scenes: todo });
    }
  }
  const total = plan.reduce((n, p) => n + p.scenes.length, 0);
  if (!total) {
    console.error(`No shot matches "${words.join(' ')}". Scene names: ${scenes().map((s) => s.name).join(', ')}`);
    process.exit(1);
  }

  buildIfStale();
  // Only this run's pictures in the folder: a whole run empties it of its engine's pictures; a filtered run replaces
  // just its own files. Only PNGs are removed (and only the engine's), so a SHOTS_DIR pointed at a folder with other
  // files loses none of them, nor another engine's pictures beside them.
  mkdirSync(OUT, { recursive: true });
  if (!words.length) for (const f of readdirSync(OUT)) if (isEngineShot(f, ENGINE)) rmSync(join(OUT, f));

  // The seeded plans keep their state for the whole run (the real pace), so every language shows the same ones.
  let host;
  const server = await startReferenceServer({ env: { LOG_LEVEL: 'error', SIMULATION_STEP_MS: '3600000' } });
  // An error thrown outside the awaited chain (in a request handler of the page) ends the run: never the server
  // left behind it.
  const fatal = (e) => { console.error(e); void server.stop().finally(() => process.exit(1)); };
  process.on('uncaughtException', fatal);
  process.on('unhandledRejection', fatal);
  try {
    const data = await seededData(server.origin);
    const csp = await examplesPolicy(server.origin);
    if (ENGINE === 'chromium') browser = await chromium.launch(chromiumLaunchOptions());
    if (ENGINE === 'firefox') browser = await launchFirefox();
    if (ENGINE !== 'chromium') host = await serveOnLoopback(hostHandler(server.origin, csp));
    const queue = [...plan];
    await Promise.all(Array.from({ length: Math.min(JOBS, queue.length) }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) await shoot(job, { origin: server.origin, host: host?.origin, data, csp });
    }));
  } finally {
    await browser?.close();
    await host?.close();
    await server.stop();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`\n${taken} of ${total} ${ENGINE === 'chromium' ? '' : `${ENGINE} `}shots in ${relative(process.cwd(), OUT) || '.'}/ (${seconds} s)`);
  if (problems.length) {
    console.log(`${problems.length} did not come out right (taken as they were, when a picture could be taken):`);
    for (const p of problems) console.log(`  ${p}`);
    process.exitCode = 1;
  }
}

await main();
