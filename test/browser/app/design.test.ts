/**
 * The shell and the design system as a merchant on a phone sees them. These tests describe the intended
 * layout; they measure boxes and computed styles only (never the width of a text run), so they do not depend on the
 * fonts installed on the machine.
 */
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { expectAxeClean, settleAnimations } from '../support/render';
import {
  $,
  $$,
  button,
  demoToken,
  logInViaUi,
  mountApp,
  unique,
  unmountAll,
  waitFor,
  waitRoute,
  waitText,
  type Mounted,
} from '../support/app';
import {
  backdrop,
  blend,
  contrast,
  css,
  nameOf,
  parentOf,
  parseBoxShadow,
  parseColor,
  resize,
} from '../support/design';

const submit = (m: Mounted) => $(m, 'button[type="submit"]')!;

/** A signed partner entry link for a new user: it opens the welcome form (as in entry.test.ts). */
async function welcomeLink(): Promise<string> {
  const r = await (await fetch(`/api/__test__/partner-link?entry=partner&uid=${unique('design')}`)).json();
  expect(r.code, JSON.stringify(r)).to.equal(200);
  return r.data.path;
}

describe('wide screens get a centred phone column, not a scaled page', () => {
  afterEach(unmountAll);

  for (const width of [280, 740, 760, 1024, 1920, 2560]) {
    it(`${width} px host: .ma-app is min(width, 600) wide and centred, 14 px text, the Log in button as tall as on a phone, no zoom`, async () => {
      const m = await mountApp();
      await resize(m, 390);
      const phoneButton = submit(m).getBoundingClientRect().height;
      await resize(m, width);

      const host = m.host.getBoundingClientRect();
      const root = $(m, '.ma-root')!;
      const app = $(m, '.ma-app')!;
      const r = app.getBoundingClientRect();
      const rootRect = root.getBoundingClientRect();
      const buttonHeight = submit(m).getBoundingClientRect().height;
      const problems: string[] = [];
      const want = Math.min(width, 600);
      if (Math.abs(r.width - want) > 1) problems.push(`.ma-app is ${r.width} px wide, expected ${want}`);
      const offCentre = (r.left + r.right) / 2 - (host.left + host.right) / 2;
      if (Math.abs(offCentre) > 1) problems.push(`.ma-app's centre is ${offCentre} px off the host's`);
      if (Math.abs(rootRect.width - host.width) > 1)
        problems.push(
          `.ma-root is ${rootRect.width} px wide in a ${host.width} px host (its background should surround the column)`,
        );
      const fontSize = getComputedStyle(root).fontSize;
      if (fontSize !== '14px') problems.push(`.ma-root font-size is ${fontSize}`);
      if (Math.abs(buttonHeight - phoneButton) > 0.5)
        problems.push(`Log in button is ${buttonHeight} px high, ${phoneButton} px at 390 px`);
      if (buttonHeight < 44) problems.push(`Log in button is ${buttonHeight} px high (< 44)`);
      for (const el of [root, ...$$(m, '*')]) {
        const zoom = getComputedStyle(el).zoom;
        if (zoom !== '1' && zoom !== 'normal') problems.push(`${nameOf(el).slice(0, 60)} has zoom ${zoom}`);
      }
      for (const el of [root, app]) {
        const s = getComputedStyle(el);
        if (s.scale !== 'none' && s.scale !== '1') problems.push(`${el.className} has scale ${s.scale}`);
        const t = /^matrix\(([^)]*)\)$/.exec(s.transform);
        if (t) {
          const [a, b, c, d] = t[1].split(',').map(Number) as [number, number, number, number];
          if (Math.abs(Math.hypot(a, b) - 1) > 0.001 || Math.abs(Math.hypot(c, d) - 1) > 0.001)
            problems.push(`${el.className} has transform ${s.transform}`);
        } else if (s.transform !== 'none') problems.push(`${el.className} has transform ${s.transform}`);
      }
      expect(problems, `host ${width} px: ${problems.join('; ')}`).to.deep.equal([]);
    });
  }
});

const TAPPABLE =
  'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="option"]';

/** Every rendered tappable element under `scope` smaller than 44 × 44 CSS px, named with its size. */
function smallTargets(scope: ParentNode): string[] {
  return (
    Array.from(scope.querySelectorAll<HTMLElement>(TAPPABLE))
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      // A keyboard-only control clipped out of sight until it has focus (pull to refresh's button) is no touch target.
      .filter((el) => getComputedStyle(el).clip !== 'rect(0px, 0px, 0px, 0px)' || el.matches(':focus'))
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width < 44 - 0.01 || r.height < 44 - 0.01)
      .map(({ el, r }) => `${nameOf(el)} ${+r.width.toFixed(2)}×${+r.height.toFixed(2)}`)
  );
}

async function expectTargets(m: Mounted, scope: ParentNode, where: string): Promise<void> {
  await settleAnimations(m.shadow);
  const count = scope.querySelectorAll(TAPPABLE).length;
  expect(count, `${where}: no tappable element found`).to.be.greaterThan(0);
  const small = smallTargets(scope);
  expect(small, `${where}: ${small.length} of ${count} targets under 44×44: ${small.join('; ')}`).to.deep.equal([]);
}

const dialogWith = (m: Mounted, sel: string) => $$(m, '[role="dialog"]').find((d) => d.querySelector(sel));

describe('every tappable element is at least 44 × 44 px', () => {
  afterEach(unmountAll);

  for (const width of [390, 320]) {
    it(`${width} px: /login`, async () => {
      const m = await mountApp();
      await resize(m, width);
      await expectTargets(m, m.shadow, `/login at ${width}`);
    });

    it(`${width} px: /register`, async () => {
      const m = await mountApp({ initialRoute: '/register' });
      await waitRoute(m, '/register');
      await resize(m, width);
      await expectTargets(m, m.shadow, `/register at ${width}`);
    });

    it(`${width} px: /ad-center home, signed in`, async () => {
      const m = await mountApp({ token: await demoToken(), initialRoute: '/ad-center' });
      await waitText(m, 'Hello, ');
      await resize(m, width);
      await expectTargets(m, m.shadow, `/ad-center at ${width}`);
    });

    it(`${width} px: /ad-welcome from a partner link`, async () => {
      const m = await mountApp({ initialRoute: await welcomeLink() });
      await waitRoute(m, '/ad-welcome');
      await waitFor(() => m.shadow.querySelector('input[name="auth_code"]'), 'welcome form');
      await resize(m, width);
      await expectTargets(m, m.shadow, `/ad-welcome at ${width}`);
    });

    it(`${width} px: the 404 page`, async () => {
      const m = await mountApp({ initialRoute: '/no/such/page' });
      await waitText(m, 'Page not found');
      await resize(m, width);
      await expectTargets(m, m.shadow, `404 at ${width}`);
    });

    it(`${width} px: the language picker sheet from the header`, async () => {
      const m = await mountApp();
      await resize(m, width);
      button(m, 'Language').click();
      const sheet = await waitFor(() => dialogWith(m, '[role="listbox"]'), 'picker sheet');
      await waitFor(() => sheet.querySelectorAll('[role="option"]').length >= 12, '12 options');
      await expectTargets(m, sheet, `language picker at ${width}`);
    });

    it(`${width} px: the customer-service popup from the header`, async () => {
      const m = await mountApp();
      await resize(m, width);
      button(m, 'Customer service').click();
      await waitFor(() => $$(m, '.ma-cs__item').length > 0, 'contacts');
      const popup = await waitFor(() => dialogWith(m, '.ma-cs__item'), 'customer-service dialog');
      await expectTargets(m, popup, `customer-service popup at ${width}`);
    });
  }
});

describe('the widget root carries the BCP 47 tag of the current language', () => {
  afterEach(unmountAll);

  const TAGS: Record<string, string> = {
    en: 'en',
    zh: 'zh-Hans',
    cht: 'zh-Hant',
    jp: 'ja',
    kor: 'ko',
    th: 'th',
    de: 'de',
    fr: 'fr',
    pt: 'pt',
    ru: 'ru',
    spa: 'es',
    vi: 'vi',
  };
  const langOf = (m: Mounted) => $(m, '.ma-root')!.getAttribute('lang');
  const same = (a: string | null, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();

  for (const [code, tag] of Object.entries(TAGS)) {
    it(`mounted with language '${code}': lang="${tag}"`, async () => {
      const m = await mountApp({ language: code });
      expect(String(langOf(m)).toLowerCase(), `.ma-root lang when mounted with '${code}' (BCP 47, any case)`).to.equal(
        tag.toLowerCase(),
      );
    });
  }

  it('follows setLanguage() through all twelve', async () => {
    const m = await mountApp({ language: 'en' });
    const codes = Object.keys(TAGS);
    // Start elsewhere than English, so the first switch is a change too.
    for (const code of [...codes.slice(1), codes[0]]) {
      await m.app.setLanguage(code);
      await waitFor(() => same(langOf(m), TAGS[code]), `lang="${TAGS[code]}" after setLanguage('${code}')`, 2000).catch(
        (e: Error) => {
          throw new Error(`${e.message}: .ma-root lang is ${JSON.stringify(langOf(m))}`);
        },
      );
    }
  });
});

describe('toasts are opaque enough to read over any screen', () => {
  afterEach(unmountAll);

  it('the failure toast of a wrong password: background alpha × opacities ≥ 0.9', async () => {
    const m = await mountApp();
    logInViaUi(m, 'demo', 'wrong-password-1');
    const region = await waitFor(() => {
      const r = $(m, '[role="status"]');
      return r && (r.textContent ?? '').trim() ? r : null;
    }, 'failure toast');
    await settleAnimations(m.shadow);
    // The toast is the outermost element in the live region that paints a background.
    const painted = [region, ...Array.from(region.querySelectorAll<HTMLElement>('*'))].filter(
      (el) => parseColor(getComputedStyle(el).backgroundColor)[3] > 0,
    );
    const toast = painted[0] ?? (region.firstElementChild as HTMLElement | null) ?? region;
    const bg = parseColor(getComputedStyle(toast).backgroundColor);
    const opacities: string[] = [];
    let alpha = bg[3];
    for (let el: Element | null = toast; el && el !== m.host; el = parentOf(el)) {
      const o = Number(getComputedStyle(el).opacity);
      if (o !== 1) opacities.push(`${nameOf(el).slice(0, 40)} opacity ${o}`);
      alpha *= o;
    }
    expect(
      alpha,
      `toast ${nameOf(toast)} ("${region.textContent}"): background ${css(bg)}${opacities.length ? `, ${opacities.join(', ')}` : ''} → effective alpha ${alpha.toFixed(3)}`,
    ).to.be.at.least(0.9);
  });
});

/**
 * The focus indicator of `el` (or of its nearest ancestors up to its .ma-field, which show it with :focus-within):
 * an outline at least 2 px wide, or else a box-shadow painting a solid band at least 2 px wide (a ring's spread, or
 * an inset underline's offset), and its contrast with the colour behind it.
 */
function focusIndicator(el: HTMLElement): { ok: boolean; report: string } {
  const reports: string[] = [];
  const field = el.closest('.ma-field');
  for (let cur: Element | null = el, depth = 0; cur && depth < 4; cur = parentOf(cur), depth++) {
    const s = getComputedStyle(cur);
    const who = nameOf(cur).slice(0, 50);
    if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) {
      const width = parseFloat(s.outlineWidth);
      const offset = parseFloat(s.outlineOffset) || 0;
      // An outline drawn inside the box (negative offset) lies over the element's own background.
      const behind = backdrop(offset + width <= 0 ? cur : parentOf(cur));
      const color = blend(parseColor(s.outlineColor), behind);
      const ratio = contrast(color, behind);
      const report = `${who}: outline ${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} over ${css(behind)} → contrast ${ratio.toFixed(2)}:1`;
      return { ok: width >= 2 && ratio >= 3, report };
    }
    // A box-shadow layer paints a solid band `spread` px wide, plus its offset on one side: an outer ring
    // (0 0 0 2px) over what is behind the element, or an inset line (inset 0 -2px 0) over the element's own
    // background. Blur softens the band's edge, so half of it is not counted.
    const layers = parseBoxShadow(s.boxShadow).filter((l) => l.spread > 0 || l.x || l.y);
    if (layers.length) {
      // Earlier layers paint on top: a layer shows only the band beyond those of its kind above it.
      const covered = { outer: 0, inset: 0 };
      let ok = false;
      const parts = layers.map((l) => {
        const reach = Math.max(0, l.spread + Math.max(Math.abs(l.x), Math.abs(l.y)) - l.blur / 2);
        const kind = l.inset ? 'inset' : 'outer';
        const band = reach - covered[kind];
        covered[kind] = Math.max(covered[kind], reach);
        const behind = backdrop(l.inset ? cur : parentOf(cur));
        const ratio = contrast(blend(l.color, behind), behind);
        if (band >= 2 && ratio >= 3) ok = true;
        return `${l.text} (a ${+band.toFixed(2)} px band over ${css(behind)}, contrast ${ratio.toFixed(2)}:1)`;
      });
      return { ok, report: `${who}: box-shadow ${parts.join(', ')}` };
    }
    reports.push(`${who}: outline ${s.outlineStyle} ${s.outlineWidth}, box-shadow ${s.boxShadow}`);
    if (cur === field) break;
  }
  return { ok: false, report: `no focus indicator: ${reports.join('; ')}` };
}

/** Puts keyboard focus on `el`: focused, then Tab away and Shift+Tab back, so :focus-visible applies. */
async function keyboardFocus(m: Mounted, el: HTMLElement): Promise<void> {
  el.focus();
  await sendKeys({ press: 'Tab' });
  await sendKeys({ press: 'Shift+Tab' });
  await waitFor(
    () => m.shadow.activeElement === el,
    `keyboard focus on ${nameOf(el)} (now on ${m.shadow.activeElement ? nameOf(m.shadow.activeElement) : 'nothing'})`,
    2000,
  );
  expect(el.matches(':focus-visible'), `${nameOf(el)} matches :focus-visible`).to.equal(true);
  await new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));
  await settleAnimations(m.shadow);
}

describe('the keyboard focus ring is visible (≥ 2 px, contrast ≥ 3:1 with what is behind it)', () => {
  afterEach(unmountAll);

  const cases: [string, (m: Mounted) => HTMLElement][] = [
    ['the username input', (m) => $(m, 'input[name="username"]')!],
    ['the primary Log in button', (m) => submit(m)],
    ['the header language icon button', (m) => button(m, 'Language')],
  ];
  for (const [what, find] of cases) {
    it(what, async () => {
      const m = await mountApp();
      await resize(m, 390);
      const el = find(m);
      await keyboardFocus(m, el);
      const { ok, report } = focusIndicator(el);
      expect(ok, `${what}: ${report}`).to.equal(true);
    });
  }
});

describe('axe-core finds nothing at 390 px', () => {
  afterEach(unmountAll);

  it('/login', async () => {
    const m = await mountApp();
    await resize(m, 390);
    await expectAxeClean(m.shadow);
  });

  it('/register', async () => {
    const m = await mountApp({ initialRoute: '/register' });
    await waitRoute(m, '/register');
    await resize(m, 390);
    await expectAxeClean(m.shadow);
  });

  it('/ad-center home, signed in', async () => {
    const m = await mountApp({ token: await demoToken(), initialRoute: '/ad-center' });
    await waitText(m, 'Hello, ');
    await resize(m, 390);
    await expectAxeClean(m.shadow);
  });

  it('the 404 page', async () => {
    const m = await mountApp({ initialRoute: '/no/such/page' });
    await waitText(m, 'Page not found');
    await resize(m, 390);
    await expectAxeClean(m.shadow);
  });
});
