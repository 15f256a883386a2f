/**
 * Feedback photo previews under the content policies this project serves: the examples page (the script-tag
 * build) and the bridge host page (dist/bridge/index.html), each exactly as the reference server answers it. A
 * photo picked in the feedback form must show as a real image in its tile (decoded, on screen), without a single CSP report: a preview the page's `img-src` refuses is a broken-image icon to the
 * merchant. Needs `npm run build` first.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deflateSync } from 'node:zlib';
import { liveServerAndBrowser } from './live.mjs';

const live = liveServerAndBrowser([
  'dist/merchant-ads.js',
  'dist/bridge/bridge.js',
  'dist/bridge/index.html',
  'dist/locales/en.json',
]);

/** A real PNG (w×h, opaque colour bands), written here so the test needs no fixture file. */
function png(w, h) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const rows = [];
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + w * 3);
    for (let x = 0; x < w; x++) row.set([(x * 7) & 255, (y * 5) & 255, 160], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Runs in the page before its scripts: every securitypolicyviolation report (the shadow root's bubble up here). */
function listenForReports() {
  const reports = [];
  Object.defineProperty(window, '__cspReports', { value: reports });
  document.addEventListener(
    'securitypolicyviolation',
    (e) => {
      reports.push({ directive: e.effectiveDirective, blocked: e.blockedURI });
    },
    true,
  );
}

/**
 * Runs in the page: the preview image of the uploader's first tile, if it is decoded and seen (visible by
 * checkVisibility(), with a box inside the viewport), as its natural size and the scheme of its address.
 */
function seenPreview(host) {
  const img = document.querySelector(host)?.shadowRoot?.querySelector('.ma-uploader__item img.ma-uploader__preview');
  if (!img || !img.complete || !img.checkVisibility()) return null;
  const r = img.getBoundingClientRect();
  if (r.width < 1 || r.height < 1 || r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth)
    return null;
  return { naturalWidth: img.naturalWidth, scheme: img.src.slice(0, img.src.indexOf(':')) };
}

/**
 * Opens `path` as served (its CSP read from the answer), signs in through the widget's form, opens the feedback
 * form, picks a 48×36 PNG and, once it is uploaded, checks that its tile shows it with no CSP report.
 */
async function previewUnderPagePolicy(t, path, host) {
  const context = await live.browser.newContext({ viewport: { width: 390, height: 844 } });
  t.after(() => context.close());
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.addInitScript(listenForReports);
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => /Content Security Policy/i.test(m.text()) && problems.push(m.text()));

  const response = await page.goto(live.server.origin + path);
  const policy = response.headers()['content-security-policy'];
  assert.match(policy ?? '', /img-src [^;]+/, `${path} is served with its content policy`);

  const app = page.locator(host);
  await app.getByLabel(/^Username/).fill('demo');
  await app.getByLabel(/^Password/).fill('demo1234');
  await app.getByRole('button', { name: 'Log in' }).click();
  await app.getByText('Hello, ').first().waitFor();
  await page.evaluate(() => {
    location.hash = '#/ad-center/feedback';
  });
  const input = app.locator('.ma-uploader input[type="file"]');
  await input.waitFor({ state: 'attached' });

  // The file picked, as a phone's picker hands it over.
  await input.setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: png(48, 36) });
  await app.locator('.ma-uploader__item--done').waitFor();
  const shown = await page
    .waitForFunction(seenPreview, host)
    .then((h) => h.jsonValue())
    .catch(() => null);
  const reports = await page.evaluate(() => window.__cspReports);
  assert.deepEqual(reports, [], `no CSP report under ${path}'s policy (${policy})`);
  assert.deepEqual(problems, [], 'no page error or CSP message on the console');
  assert.ok(shown, 'the preview is shown');
  assert.ok(
    shown.naturalWidth > 0,
    `the preview is a decoded image (naturalWidth ${shown.naturalWidth}, ${shown.scheme}:)`,
  );
}

test(
  "the examples page: a picked photo's preview loads under the page's own CSP, with no report",
  { timeout: 60_000 },
  async (t) => {
    await previewUnderPagePolicy(t, '/', '#app');
  },
);

test(
  "the bridge page: a picked photo's preview loads under the page's own CSP, with no report",
  { timeout: 60_000 },
  async (t) => {
    await previewUnderPagePolicy(t, '/bridge/index.html', '#merchant-ads-app');
  },
);
