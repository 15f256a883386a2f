import { expect } from 'chai';
import type { BasicConfig } from '../../../api/shapes/config';
import {
  $,
  $$,
  apiFault,
  freshMerchant,
  mountApp,
  unmountAll,
  waitFor,
  waitRoute,
  waitText,
  type Mounted,
} from '../../../../test/browser/support/app';
import { blend, contrast, parseColor, resize } from '../../../../test/browser/support/design';
import { expectAxeClean, nextFrame } from '../../../../test/browser/support/render';
import { cutTexts } from '../../../../test/browser/support/visible';

const CONFIG = '/basic_config';

async function served(lang: string): Promise<BasicConfig> {
  const j = await (await fetch(`/api/basic_config?lang=${lang}`)).json();
  return j.data as BasicConfig;
}

async function openHome(token: string, lang?: string): Promise<Mounted> {
  const m = await mountApp({ token, initialRoute: '/ad-center', ...(lang ? { language: lang } : {}) });
  await waitRoute(m, '/ad-center');
  return m;
}

const top = (el: Element) => el.getBoundingClientRect().top;
const height = (el: Element) => el.getBoundingClientRect().height;

interface LayoutShift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources?: { node: Node | null }[];
}

describe('ad-centre home: banners', () => {
  afterEach(unmountAll);

  it('hold their place while a slow basic config loads: the grid never moves, layout shift under 0.02', async () => {
    expect(PerformanceObserver.supportedEntryTypes, 'this browser reports layout shifts').to.include('layout-shift');
    const merchant = await freshMerchant();
    const shifts: LayoutShift[] = [];
    // Not buffered: only what happens from here, in this page, counts (earlier tests' shifts are not ours).
    const observer = new PerformanceObserver((list) => shifts.push(...(list.getEntries() as LayoutShift[])));
    observer.observe({ type: 'layout-shift' });
    await apiFault(CONFIG, merchant.token, 'hold');
    let released = false;
    try {
      const m = await openHome(merchant.token);
      // Everything but the config has landed: the account, the figures, the live card.
      const grid = await waitFor(() => $(m, '.ma-home__entries'), 'grid');
      await waitFor(
        () => $(m, '.ma-home__proxy-id') && $(m, '.ma-home__profile-figures strong') && $(m, '.ma-home__live-figures'),
        'the other loads',
      );
      const pending = $(m, '.ma-home__banners')!;
      expect(pending.getAttribute('aria-busy')).to.equal('true');
      expect($(m, '.ma-home__banner--pending'), 'a slide-shaped placeholder').to.not.equal(null);
      const before = { grid: top(grid), banners: height(pending) };
      // From here on, what the config's arrival moves: shifts of the first loads (skeletons giving way to the
      // account and figures, sooner or later on a loaded machine) are not this test's.
      await nextFrame();
      observer.takeRecords();
      shifts.length = 0;

      // The slow network: the config answers 1.5 s after it was asked (the scenario, not a wait for a condition).
      await new Promise((ok) => setTimeout(ok, 1500));
      released = true;
      await apiFault(CONFIG, merchant.token, null);
      const slides = await waitFor(
        () =>
          $$(m, '.ma-home__banner img').length === 3 ? ($$(m, '.ma-home__banner img') as HTMLImageElement[]) : null,
        'the banners',
      );
      await waitFor(() => slides.every((i) => i.complete && i.naturalWidth > 0), 'their art');
      await waitFor(() => $$(m, '.ma-home__faq').length === 5, 'the questions');
      await nextFrame();
      await nextFrame();
      shifts.push(...(observer.takeRecords() as LayoutShift[]));

      expect(height($(m, '.ma-home__banners')!), 'the banners take the height they held').to.be.closeTo(
        before.banners,
        0.5,
      );
      expect(top(grid), 'the grid did not move').to.be.closeTo(before.grid, 0.5);
      const cls = shifts.filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0);
      const moved = (s: LayoutShift) =>
        (s.sources ?? []).map((x) => (x.node as Element | null)?.className || x.node?.nodeName).join(', ');
      expect(
        cls,
        `layout shift ${shifts.map((s) => `${s.value.toFixed(4)} (${moved(s)})`).join(' + ')}`,
      ).to.be.lessThan(0.02);
    } finally {
      observer.disconnect();
      if (!released) await apiFault(CONFIG, merchant.token, null);
    }
  });

  it('each says its title and subtitle over the art, in the language, on a scrim that keeps them readable', async () => {
    const merchant = await freshMerchant();
    const m = await openHome(merchant.token, 'ru');
    const config = await served('ru');
    const slides = await waitFor(
      () => ($$(m, '.ma-home__banner').length === 3 ? $$(m, '.ma-home__banner') : null),
      'three banners',
    );
    await resize(m, 320);
    slides.forEach((slide, i) => {
      const banner = config.banner_config[i];
      const title = slide.querySelector('.ma-home__banner-title')!;
      const subtitle = slide.querySelector('.ma-home__banner-subtitle')!;
      expect(title.textContent).to.equal(banner.title.ru);
      expect(subtitle.textContent).to.equal(banner.subtitle!.ru);
      expect(title.hasAttribute('lang'), "in the screen's language").to.equal(false);
      // The slide's name is the words it shows and its place.
      expect(slide.getAttribute('aria-label')).to.equal(`${banner.title.ru} ${banner.subtitle!.ru} (${i + 1} из 3)`);
    });

    const slide = slides[0];
    const words = slide.querySelector<HTMLElement>('.ma-home__banner-words')!;
    const art = slide.querySelector('img')!.getBoundingClientRect();
    const box = words.getBoundingClientRect();
    // Over the art, inside it, along its foot.
    expect(box.left).to.be.closeTo(art.left, 0.5);
    expect(box.right).to.be.closeTo(art.right, 0.5);
    expect(box.bottom).to.be.closeTo(art.bottom, 0.5);
    expect(box.height).to.be.lessThan(art.height * 0.6);
    for (const line of [
      words.querySelector('.ma-home__banner-title')!,
      words.querySelector('.ma-home__banner-subtitle')!,
    ]) {
      const r = line.getBoundingClientRect();
      expect(r.top, 'on the solid scrim').to.be.at.least(box.top);
      expect(r.right).to.be.at.most(box.right);
    }
    // Russian wraps the title at 320 px: every line of it shown, none cut with an ellipsis.
    expect(cutTexts(m, words), 'the words whole').to.deep.equal([]);
    // The scrim and the words are theme tokens; white on the scrim is readable even over white art (WCAG AA).
    const root = $(m, '.ma-root')!;
    const scrim = parseColor(getComputedStyle(words).backgroundColor);
    expect(scrim).to.deep.equal(parseColor(getComputedStyle(root).getPropertyValue('--ma-scrim').trim()));
    const ink = parseColor(getComputedStyle(words).color);
    for (const artwork of [
      [255, 255, 255, 1],
      [255, 230, 0, 1],
      [0, 0, 0, 1],
    ] as const) {
      expect(contrast(ink, blend(scrim, [...artwork])), `over ${artwork.join(',')}`).to.be.at.least(4.5);
    }
    await expectAxeClean(m.shadow);
  });

  it("a failed config takes the banners' place away and the questions say so, with Retry", async () => {
    const merchant = await freshMerchant();
    await apiFault(CONFIG, merchant.token, 'fail');
    try {
      const m = await openHome(merchant.token);
      await waitText(m, 'Could not load the questions.');
      expect($(m, '.ma-home__banners'), 'no placeholder left standing').to.equal(null);
      expect($(m, '.ma-home__faqs .ma-skeleton')).to.equal(null);
      await expectAxeClean(m.shadow);
      await apiFault(CONFIG, merchant.token, null);
      const retry = $$(m, '.ma-home__faqs button').find((b) => b.textContent === 'Retry')!;
      retry.click();
      await waitFor(() => $$(m, '.ma-home__faq').length === 5, 'the questions');
      await waitFor(() => $$(m, '.ma-home__banner').length === 3, 'the banners');
    } finally {
      await apiFault(CONFIG, merchant.token, null);
    }
  });
});
