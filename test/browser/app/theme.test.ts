/**
 * Theme tokens: every real screen, mounted with `theme: { primary: '#e60012' }`, shows no default blue,
 * and shows the red (so the check cannot pass on a screen that never painted). The default blues are not written
 * here: they are read from a default-themed mount (the primary and its tones as the tokens file computes them),
 * and any strongly blue colour counts too, so a literal that never was a token is caught as well.
 */
import { expect } from 'chai';
import type { MountOptions } from '../../../src/index';
import { SCREEN_ROUTES } from '../../../src/shell/routes';
import { expectAxeClean } from '../support/render';
import { $, $$, freshMerchant, mountApp, unique, unmountAll, waitFor, waitRoute, type Mounted } from '../support/app';
// Two of the primary's tones (dark, light) are in the palette that screens loaded on demand bring; the defaults
// below are read on a fresh mount before any has loaded, so this file brings the palette itself.
import '../../../src/ui/styles/palette';

const RED = '#e60012';
/** The primary and its tones: what follows a theme's primary. */
const PRIMARY_TOKENS = [
  '--ma-primary',
  '--ma-primary-active',
  '--ma-primary-dark',
  '--ma-primary-light',
  '--ma-focus-color',
];
const PROPS = [
  'color',
  'background-color',
  'background-image',
  'border-top-color',
  'border-right-color',
  'border-bottom-color',
  'border-left-color',
  'outline-color',
  'fill',
  'stroke',
  'box-shadow',
  'text-decoration-color',
  'caret-color',
  'stop-color',
];
const SVG_ATTRS = ['fill', 'stroke', 'color', 'stop-color'];

type Rgb = [number, number, number];
const key = (c: Rgb) => c.join(',');

/**
 * Every colour that is not fully transparent in a computed value (gradients and shadows hold several): rgb()/rgba(),
 * and color(srgb r g b / a), which is how Chromium gives a color-mix() result.
 */
function colours(value: string): Rgb[] {
  const out: Rgb[] = [];
  for (const m of value.matchAll(
    /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)|color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.]+))?\)/g,
  )) {
    const alpha = m[4] ?? m[8];
    if (alpha !== undefined && Number(alpha) === 0) continue;
    const rgb = m[1] !== undefined ? [m[1], m[2], m[3]].map(Number) : [m[5], m[6], m[7]].map((v) => Number(v) * 255);
    out.push(rgb.map((v) => Math.round(Math.min(255, Math.max(0, v)))) as Rgb);
  }
  return out;
}

/** Strongly blue: a blue hue with real saturation (the greys of text and borders lean blue, but faintly). */
function blue([r, g, b]: Rgb): boolean {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  if (d < 8) return false;
  const l = (max + min) / 510;
  const s = d / 255 / (1 - Math.abs(2 * l - 1));
  let h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h = (h * 60 + 360) % 360;
  return s >= 0.4 && h >= 195 && h <= 255;
}

/** A CSS colour value as the widget resolves it (tokens included), through a probe inside its root. */
function resolve(m: Mounted, value: string): Rgb | undefined {
  const probe = document.createElement('i');
  probe.style.color = value;
  m.shadow.querySelector('.ma-root')!.append(probe);
  const c = colours(getComputedStyle(probe).color)[0];
  probe.remove();
  return c;
}

const tokenColours = (m: Mounted) => PRIMARY_TOKENS.map((t) => resolve(m, `var(${t})`)!);

interface Found {
  where: string;
  colour: Rgb;
}

/** Every colour painted in the shadow root: computed styles (and ::before/::after), and inline SVG's attributes. */
function scan(m: Mounted): { found: Found[]; literals: string[] } {
  const found: Found[] = [];
  const literals: string[] = [];
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : ''}`;
  for (const el of Array.from(m.shadow.querySelectorAll('*'))) {
    for (const pseudo of [null, '::before', '::after']) {
      const cs = getComputedStyle(el, pseudo);
      if (pseudo && (cs.content === 'none' || cs.content === 'normal')) continue;
      if (cs.display === 'none') continue;
      for (const p of PROPS)
        for (const colour of colours(cs.getPropertyValue(p)))
          found.push({ where: `${name(el)}${pseudo ?? ''} ${p}`, colour });
    }
    if (el instanceof SVGElement) {
      for (const a of SVG_ATTRS) {
        const v = el.getAttribute(a);
        if (v === null || /^(none|currentColor|transparent|inherit)$/i.test(v)) continue;
        // A token, never a literal: only then does it follow the theme.
        if (!/^var\(--ma-[\w-]+\)$/.test(v)) literals.push(`${name(el)} ${a}="${v}"`);
        const c = resolve(m, v);
        if (c) found.push({ where: `${name(el)} [${a}]`, colour: c });
      }
    }
  }
  return { found, literals };
}

let merchant: { token: string } | undefined;
const signedIn = async () => (merchant ??= await freshMerchant()).token;

/** The signed-in merchant's newest plan that has been put (so its detail shows a progress bar). */
const firstPlanId = async () => {
  const r = await fetch('/api/plan/order/list?status=puting', { headers: { 'X-CT': await signedIn() } });
  return ((await r.json()) as { data: { list: { id: number }[] } }).data.list[0].id;
};

/** How to reach each real screen and when it shows its content (not its skeleton). */
interface Visit {
  url: string | (() => Promise<string>);
  auth?: boolean;
  ready: (m: Mounted) => unknown;
}
const VISITS: Record<string, Visit> = {
  '/login': { url: '/login', ready: (m) => $(m, 'form input') && $(m, 'button[type="submit"]') },
  '/register': { url: '/register', ready: (m) => $(m, 'input[type="checkbox"]') },
  '/404': { url: '/no/such/page', ready: (m) => $(m, '.ma-empty') && $(m, '.ma-center .ma-button--primary') },
  '/entry': { url: '/entry?entry=partner', ready: (m) => $(m, '.ma-center[aria-busy="false"]') },
  '/ad-welcome': {
    url: async () =>
      (await (await fetch(`/api/__test__/partner-link?entry=partner&uid=${unique('theme')}`)).json()).data.path,
    ready: (m) => $(m, '.ma-welcome__hero') && $(m, 'input[name="auth_code"]'),
  },
  '/customer': { url: `/customer?url=${encodeURIComponent('/chat.html')}`, auth: true, ready: (m) => $(m, 'iframe') },
  '/ad-center': {
    url: '/ad-center',
    auth: true,
    ready: (m) =>
      $$(m, '.ma-home__tile').length >= 8 &&
      $(m, '.ma-home__cell-icon') &&
      $(m, '.ma-home__avatar') &&
      $(m, '.ma-home__figure dd') &&
      $(m, '.ma-home__chart-svg'),
  },
  '/ad-center/banner-detail': {
    url: '/ad-center/banner-detail?id=2',
    auth: true,
    ready: (m) => $(m, '.ma-banner-detail__title'),
  },
  '/ad-center/edit-login-password': {
    url: '/ad-center/edit-login-password',
    auth: true,
    ready: (m) => $$(m, 'input[type="password"]').length === 3,
  },
  '/ad-center/level': {
    url: '/ad-center/level',
    auth: true,
    ready: (m) => $$(m, '.ma-level__item').length > 0 && $(m, '.ma-level__medal'),
  },
  '/ad-center/ques-detail': {
    url: '/ad-center/ques-detail?id=3',
    auth: true,
    ready: (m) => $(m, '.ma-ques-detail__question'),
  },
  '/ad-center/activities': {
    url: '/ad-center/activities',
    auth: true,
    ready: (m) => $$(m, '.ma-activity').length === 2,
  },
  '/ad-center/coupons': { url: '/ad-center/coupons', auth: true, ready: (m) => $$(m, 'article.ma-coupon').length > 0 },
  '/ad-center/operated': {
    url: '/ad-center/operated',
    auth: true,
    ready: (m) => $$(m, '.ma-operated__record h3').length >= 2,
  },
  '/notification': {
    url: '/notification',
    auth: true,
    ready: (m) => $$(m, 'article.ma-inbox__item').length > 0 && $(m, '.ma-inbox__filter[aria-pressed="true"]'),
  },
  '/plan': {
    url: '/plan',
    auth: true,
    ready: (m) =>
      $$(m, 'article.ma-plan-card').length > 0 &&
      $(m, '.ma-plan-tag') &&
      $(m, '.ma-plan-card__actions .ma-button--primary'),
  },
  '/plan/detail': {
    url: async () => `/plan/detail?id=${await firstPlanId()}`,
    auth: true,
    ready: (m) => $(m, '.ma-plan-detail__timeline') && $(m, '[role="progressbar"]'),
  },
  '/plan/goods-detail': {
    url: async () => `/plan/goods-detail?id=${await firstPlanId()}`,
    auth: true,
    ready: (m) => $(m, '.ma-goods__name'),
  },
  '/ad-center/feedback': {
    url: '/ad-center/feedback',
    auth: true,
    ready: (m) =>
      $(m, '.ma-uploader__upload') &&
      ($$(m, 'article.ma-feedback__item').length > 0 || $(m, '.ma-feedback__past .ma-empty')),
  },
  '/wallet': {
    url: '/wallet',
    auth: true,
    ready: (m) => $(m, '.ma-wallet__assets dd') && $$(m, '.ma-wallet-icon').length >= 6 && $$(m, '.ma-flow').length > 0,
  },
  // Without a transaction password yet, binding first leads to setting one (its primary button shows the theme).
  '/wallet/bind-card': {
    url: '/wallet/bind-card',
    auth: true,
    ready: (m) => $(m, '.ma-bind input') || $(m, 'main .ma-center .ma-button--primary'),
  },
  '/wallet/foreign-exchange': {
    url: '/wallet/foreign-exchange',
    auth: true,
    ready: (m) => $(m, '.ma-fx__hero') && $(m, '.ma-fx__form input'),
  },
  '/wallet/set-password': {
    url: '/wallet/set-password',
    auth: true,
    ready: (m) => $(m, '.ma-pay__step') && $(m, '.ma-pay input'),
  },
  '/ad-center/edit-pay-password': {
    url: '/ad-center/edit-pay-password',
    auth: true,
    ready: (m) => $(m, '.ma-pay__field, .ma-pay__notice'),
  },
};

const REAL = SCREEN_ROUTES.map((r) => r.path);

async function visit(path: string, theme?: Record<string, string>, more: Partial<MountOptions> = {}): Promise<Mounted> {
  const v = VISITS[path];
  const m = await mountApp({
    initialRoute: typeof v.url === 'string' ? v.url : await v.url(),
    ...(v.auth ? { token: await signedIn() } : {}),
    ...(theme ? { theme } : {}),
    ...more,
  });
  if (path !== '/404') await waitRoute(m, path);
  await waitFor(() => v.ready(m), `${path}: its content`);
  return m;
}

describe('theme tokens: every screen follows theme.primary', function () {
  this.timeout(30000);
  let defaults: Rgb[];
  let reds: Rgb[];

  before(async () => {
    const d = await mountApp();
    defaults = tokenColours(d);
    const r = await mountApp({ theme: { primary: RED } });
    reds = tokenColours(r);
    unmountAll();
  });
  afterEach(unmountAll);

  it("the default primary and its tones are blue, the red theme's are not (the checks below rely on both)", () => {
    expect(defaults[0]).to.deep.equal([22, 104, 220]);
    for (const c of defaults) expect(blue(c), key(c)).to.equal(true);
    expect(reds[0]).to.deep.equal([230, 0, 18]);
    for (const c of reds) expect(blue(c), key(c)).to.equal(false);
    // The tones are tones: the active shade darker than the primary, the light tint lighter.
    expect(reds[1][0]).to.be.below(reds[0][0]);
    expect(reds[3][1]).to.be.above(200);
  });

  it('the focus ring keeps 3:1 against the surface and the page in both themes', async () => {
    const lum = (c: Rgb) => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
    const lin = (v: number) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
    const ratio = (a: Rgb, b: Rgb) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
    for (const theme of [undefined, { primary: RED }]) {
      const m = await mountApp(theme ? { theme } : {});
      const ring = resolve(m, 'var(--ma-focus-color)')!;
      for (const under of ['var(--ma-surface)', 'var(--ma-bg)'])
        expect(ratio(ring, resolve(m, under)!), `${key(ring)} on ${under}`).to.be.at.least(3);
    }
  });

  it('covers every real route of the table', () => {
    expect(REAL.slice().sort()).to.deep.equal(Object.keys(VISITS).sort());
  });

  for (const path of REAL) {
    it(`${path}: no default blue with theme { primary: '${RED}' }, and the red shows`, async () => {
      const m = await visit(path, { primary: RED });
      // The focus ring is the theme's too (and the only primary of a screen with no link or button of its own).
      const first = $(m, 'button, a[href], input');
      first?.focus();
      await waitFor(() => !first || m.shadow.activeElement === first, 'focus');
      const { found, literals } = scan(m);
      expect(literals, 'SVG colours that are literals, not tokens').to.deep.equal([]);
      const defaultKeys = new Set(defaults.map(key));
      const leaks = found
        .filter((f) => defaultKeys.has(key(f.colour)) || blue(f.colour))
        .map((f) => `${f.where}: rgb(${key(f.colour)})`);
      expect([...new Set(leaks)], 'default blue left').to.deep.equal([]);
      const redKeys = new Set(reds.map(key));
      const red = found.filter((f) => redKeys.has(key(f.colour)));
      expect(red.length, `the theme's red on ${path}`).to.be.above(0);
      first?.blur();
      await expectAxeClean(m.shadow);
    });
  }

  it("home: the avatar, all eight tile icons and the settings cell's icon follow the primary; the welcome hero is a gradient of its tones", async () => {
    const m = await visit('/ad-center', { primary: RED });
    const tiles = [...$$(m, '.ma-home__tile'), ...$$(m, '.ma-home__cell-icon')];
    expect(tiles.length).to.equal(9);
    for (const t of tiles) {
      expect(colours(getComputedStyle(t).color)[0]).to.deep.equal(reds[1]);
      expect(colours(getComputedStyle(t).backgroundColor)[0]).to.deep.equal(reds[3]);
      const icon = t.querySelector('svg')!;
      expect(colours(getComputedStyle(icon).stroke)[0]).to.deep.equal(reds[1]);
    }
    const initial = $(m, '.ma-home__avatar--initial');
    if (initial) expect(colours(getComputedStyle(initial).backgroundColor)[0]).to.deep.equal(reds[3]);
    unmountAll();

    const w = await visit('/ad-welcome', { primary: RED });
    const stops = colours(getComputedStyle($(w, '.ma-welcome__hero')!).backgroundImage);
    expect(stops.map(key)).to.deep.equal([reds[2], reds[1], reds[0]].map(key));
  });

  it("where color-mix() is unknown (its @supports rule taken out): plain tones, and a theme's primary still leaves no blue", async () => {
    const withoutMix = (m: Mounted) => {
      const style = m.shadow.querySelector('style')!;
      const css = style.textContent.replace(
        /@supports\s*\(color:\s*color-mix\([^)]*\)\)\s*\{[^{}]*\{[^{}]*\}\s*\}/g,
        '',
      );
      expect(css.length, 'the @supports rule was found').to.be.below(style.textContent.length);
      expect(css).to.not.include('color-mix');
      style.textContent = css;
    };
    // No prefetch: a file coming in writes the whole sheet again (the @supports rule with it).
    const d = await visit('/ad-center', undefined, { prefetch: false });
    withoutMix(d);
    expect(tokenColours(d).map(key)).to.deep.equal(
      [
        [22, 104, 220],
        [18, 84, 184],
        [8, 42, 110],
        [232, 240, 254],
        [22, 104, 220],
      ].map((c) => key(c as Rgb)),
    );
    unmountAll();

    const m = await visit('/ad-center', { primary: RED }, { prefetch: false });
    withoutMix(m);
    expect(tokenColours(m).map(key)).to.deep.equal(
      [
        [230, 0, 18],
        [230, 0, 18],
        [230, 0, 18],
        [245, 246, 248],
        [230, 0, 18],
      ].map((c) => key(c as Rgb)),
    );
    const { found } = scan(m);
    expect(found.filter((f) => blue(f.colour)).map((f) => f.where)).to.deep.equal([]);
    expect(found.filter((f) => key(f.colour) === '230,0,18').length).to.be.above(0);
  });

  it('the default theme looks as it did: the same primary, the tiles, avatar and hero in the blues they had', async () => {
    const near = (c: Rgb | undefined, hex: string, tol = 12) => {
      const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      expect(c, hex).to.not.equal(undefined);
      expect(
        c!.every((v, i) => Math.abs(v - want[i]) <= tol),
        `rgb(${c}) is near ${hex}`,
      ).to.equal(true);
    };
    const m = await visit('/ad-center');
    expect(defaults[0]).to.deep.equal([22, 104, 220]);
    // The scan sees the blues where they belong (it is not blind to them).
    expect(scan(m).found.filter((f) => blue(f.colour)).length).to.be.above(10);
    const tile = $(m, '.ma-home__tile')!;
    near(colours(getComputedStyle(tile).backgroundColor)[0], '#e8f0fe', 4);
    near(colours(getComputedStyle(tile).color)[0], '#1552b8');
    near(colours(getComputedStyle($(m, '.ma-home__level strong')!).color)[0], '#1668dc', 0);
    unmountAll();
    const w = await visit('/ad-welcome');
    const [a, b, c] = colours(getComputedStyle($(w, '.ma-welcome__hero')!).backgroundImage);
    near(a, '#082a6e', 16);
    near(b, '#0f4cb0');
    near(c, '#1660d0');
  });
});
