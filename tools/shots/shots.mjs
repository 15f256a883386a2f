/**
 * `npm run shots [-- word ...]`: pictures of every screen, sheet and dialog as a merchant sees them, at 320 and
 * 390 px in en, de, ru, th and zh, in shots/ (not committed). Words keep only the shots whose name matches them all
 * (see filter.mjs): `npm run shots -- wallet de`.
 *
 * How: the reference server with a fresh seeded in-memory database on a free port, the script-tag build from dist/
 * (rebuilt first when src/ or locales/ is newer), mounted as the examples page mounts it, under the examples page's
 * own content policy, in a page exactly as big as a phone; one Chromium, one page per language and width, a few at
 * once. Each shot mounts the widget afresh on its route, does what the scene says, then waits for what a person
 * would wait for: the route's screen (no pending slot, no skeleton, no spinner), its images and fonts, and the end
 * of every animation that ends.
 *
 * Environment: SHOTS_DIR (default shots/), SHOTS_JOBS (pages at once, default 3), SHOTS_SCALE (device pixel
 * ratio, default 1), SHOTS_HEIGHT (default 720).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../../test/chromium.mjs';
import { startReferenceServer } from '../../test/reference-server.mjs';
import { LANGUAGES, WIDTHS, matchesFilter, shotName } from './filter.mjs';
import { scenes } from './scenes.mjs';
import { PLAN_STATUSES } from '../../src/api/shapes/plan.ts';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const OUT = resolve(ROOT, process.env.SHOTS_DIR || 'shots');
const JOBS = Math.max(1, Number(process.env.SHOTS_JOBS) || 3);
const SCALE = Number(process.env.SHOTS_SCALE) || 1;
const HEIGHT = Number(process.env.SHOTS_HEIGHT) || 720;
/** How long one shot may take to settle; a shot that does not settle is still taken, and named at the end. */
const SETTLE_MS = 15_000;
const problems = [];
let taken = 0;
let browser;
/** The page the widget is mounted on: same origin as the API, like the examples page. */
const PAGE_PATH = '/__shots.html';

/** The Intl locale each language's merchant has (the browser's own language, for what the page asks of it). */
const INTL = { en: 'en-US', de: 'de-DE', ru: 'ru-RU', th: 'th-TH', zh: 'zh-CN' };

/** One language at one width: a page of its own, each scene mounted afresh on it. */
async function shoot({ lang, width, scenes: todo }, { origin, data, csp }) {
  const context = await browser.newContext({ viewport: { width, height: HEIGHT }, deviceScaleFactor: SCALE, locale: INTL[lang], serviceWorkers: 'block' });
  const nonce = Math.random().toString(36).slice(2);
  await context.route(origin + PAGE_PATH, (route) => route.fulfill({
    contentType: 'text/html; charset=utf-8',
    headers: csp ? { 'content-security-policy': csp.replace(/'nonce-[^']*'/g, `'nonce-${nonce}'`) } : {},
    body: hostPage(nonce),
  }));
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  // What the console says went wrong (a style or image the content policy blocked, a failed file) is worth a look.
  page.on('console', (m) => { if (m.type() === 'error') pageErrors.push(m.text().split('. ')[0]); });
  await page.goto(origin + PAGE_PATH);
  const texts = JSON.parse(readFileSync(join(ROOT, 'locales', `${lang}.json`), 'utf8'));
  for (const scene of todo) {
    const name = shotName(scene.name, lang, width);
    pageErrors.length = 0;
    try {
      const path = typeof scene.path === 'function' ? await scene.path(data, lang) : scene.path;
      if (/=(undefined)?(&|$)/.test(path)) throw new Error(`the seeded data has nothing for ${path}`);
      const token = scene.signedIn ? (scene.as ? data.tokens[scene.as] : data.token) : null;
      await page.evaluate(mountWidget, { path, lang, nonce, token, prefix: `shots-${name}:` });
      const s = helpers(page, texts, name);
      await s.settle(scene.route);
      if (scene.act) await scene.act(s);
      await page.screenshot({ path: join(OUT, `${name}.png`) });
      taken++;
      if (pageErrors.length) problems.push(`${name}: page said: ${[...new Set(pageErrors)].join('; ')}`);
    } catch (e) {
      problems.push(`${name}: ${e.message.split('\n')[0]}`);
      await page.screenshot({ path: join(OUT, `${name}.png`) }).then(() => taken++, () => {});
    }
  }
  await context.close();
}

/** The host page: the script tag from dist/, as on the examples page, and a mount point that is the whole phone. */
const hostPage = (nonce) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>shots</title><link rel="icon" href="data:,">
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
function helpers(page, texts, name) {
  const s = {
    t(key) {
      const v = key.split('.').reduce((o, k) => o?.[k], texts);
      if (typeof v !== 'string') throw new Error(`no text ${key}`);
      return v;
    },
    /** The element a target names: `{ css, nth?, within?, fallback? }`, `{ text }` (a button's text) or `{ label }`. */
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
      await (await s.locate(target)).click({ timeout: 5000 });
    },
    async fill(target, value) {
      await (await s.locate(target)).fill(value, { timeout: 5000 });
    },
    /** Picks a small photo in a file input, as the system picker would hand it over. */
    async pickPhoto(target) {
      const photo = await page.screenshot({ clip: { x: 0, y: 0, width: 96, height: 96 } });
      await (await s.locate(target)).setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: photo }, { timeout: 5000 });
    },
    /** Runs `action` and waits for one more layer (sheet, dialog, picker) than before, settled. */
    async openLayer(action) {
      const before = await page.evaluate(openLayers);
      await action();
      await page.waitForFunction((n) => (window.__shotsLayers?.() ?? 0) > n, before, { timeout: 5000 })
        .catch(() => { throw new Error('the sheet or dialog did not open'); });
      await s.settle();
    },
    /** Waits until the widget shows `route` with its real content and nothing moves any more. */
    async settle(route) {
      const why = await page.evaluate(settled, { route, timeout: SETTLE_MS });
      if (why) throw new Error(`not settled after ${SETTLE_MS / 1000} s (${why})`);
    },
  };
  return s;
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
  const words = process.argv.slice(2).filter((w) => w.trim());
  const plan = [];
  for (const lang of LANGUAGES) {
    for (const width of WIDTHS) {
      const todo = scenes().filter((scene) => matchesFilter(words, { scene: scene.name, lang, width }));
      if (todo.length) plan.push({ lang, width, scenes: todo });
    }
  }
  const total = plan.reduce((n, p) => n + p.scenes.length, 0);
  if (!total) {
    console.error(`No shot matches "${words.join(' ')}". Scene names: ${scenes().map((s) => s.name).join(', ')}`);
    process.exit(1);
  }

  buildIfStale();
  // Only this run's pictures in the folder: a whole run empties it; a filtered run replaces just its own files.
  // Only PNGs are removed, so a SHOTS_DIR pointed at a folder with other files loses none of them.
  mkdirSync(OUT, { recursive: true });
  if (!words.length) for (const f of readdirSync(OUT)) if (f.endsWith('.png')) rmSync(join(OUT, f));

  // The seeded plans keep their state for the whole run (the real pace), so every language shows the same ones.
  const server = await startReferenceServer({ env: { LOG_LEVEL: 'error', SIMULATION_STEP_MS: '3600000' } });
  // An error thrown outside the awaited chain (in a request handler of the page) ends the run: never the server
  // left behind it.
  const fatal = (e) => { console.error(e); void server.stop().finally(() => process.exit(1)); };
  process.on('uncaughtException', fatal);
  process.on('unhandledRejection', fatal);
  try {
    const data = await seededData(server.origin);
    const csp = await examplesPolicy(server.origin);
    browser = await chromium.launch(chromiumLaunchOptions());
    const queue = [...plan];
    await Promise.all(Array.from({ length: Math.min(JOBS, queue.length) }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) await shoot(job, { origin: server.origin, data, csp });
    }));
  } finally {
    await browser?.close();
    await server.stop();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`\n${taken} of ${total} shots in ${relative(process.cwd(), OUT) || '.'}/ (${seconds} s)`);
  if (problems.length) {
    console.log(`${problems.length} did not come out right (taken as they were, when a picture could be taken):`);
    for (const p of problems) console.log(`  ${p}`);
    process.exitCode = 1;
  }
}

await main();
