/** Coupons in German, Russian and Thai at 320 and 390 px: tabs on one line, nothing cut. */
import { expect } from 'chai';
import { $, $$, freshMerchant, text, unmountAll, waitFor } from '../../../../test/browser/support/app';
import { brokenWords, overflowingWords, resize } from '../../../../test/browser/support/design';
import { cutTexts, isSeen, seenElements, seenText } from '../../../../test/browser/support/visible';
import { overflowing } from '../../shared/coupon/test-support';
import { cards, open } from './test-support';

describe('coupons: other languages at 320 and 390 px', () => {
  afterEach(unmountAll);

  /** How many lines an element's text takes: the line boxes of its text nodes, by their tops. */
  const lines = (el: Element) => {
    const tops = new Set<number>();
    const range = document.createRange();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      range.selectNodeContents(n);
      for (const r of Array.from(range.getClientRects())) if (r.width > 0) tops.add(Math.round(r.top));
    }
    return tops.size;
  };

  for (const lang of ['de', 'ru', 'th']) {
    it(`${lang} at 320 and 390 px: each tab says its state and count on one line; a tab that does not fit is scrolled to, whole, when chosen`, async () => {
      const { token } = await freshMerchant(lang);
      const m = await open(token, lang);
      await waitFor(() => /\d\)$|\d）$/.test($$(m, '[role="tab"]')[0].textContent), 'the counts');
      const strip = $(m, '[role="tablist"]')!;
      for (const width of [320, 390]) {
        await resize(m, width);
        const tabs = seenElements(m, '[role="tab"]');
        expect(tabs.length, `${width}: the first tabs seen`).to.be.at.least(2);
        expect(
          [...brokenWords(strip, lang), ...overflowingWords(strip, lang)],
          `${width}: no word broken or sticking out`,
        ).to.deep.equal([]);
        for (const t of $$(m, '[role="tab"]')) {
          expect(lines(t), `${width}: "${t.textContent}" on one line`).to.equal(1);
          expect(t.getBoundingClientRect().height, `${t.textContent}: a 44 px tab`).to.be.at.least(44);
        }
      }
      // Each tab in turn: chosen, the strip brings it into view, and a person reads it whole.
      await resize(m, 320);
      for (const t of $$(m, '[role="tab"]').reverse()) {
        t.click();
        await waitFor(
          () => t.getAttribute('aria-selected') === 'true' && isSeen(m, t) && cutTexts(m, t).length === 0,
          `"${t.textContent}" chosen and seen whole`,
        );
        expect(seenText(m, t)).to.equal(t.textContent);
      }
    });
  }

  for (const lang of ['de', 'ru', 'th']) {
    it(`${lang} at 320 px: the discount amount, tabs with counts, cards and buttons fit, nothing is cut`, async () => {
      const { token } = await freshMerchant(lang);
      const m = await open(token, lang);
      await waitFor(
        () => $(m, '.ma-coupons__discount-value') && /\d\)$|\d）$/.test($$(m, '[role="tab"]')[0].textContent),
        'the discount amount and the counts',
      );
      await resize(m, 320);
      const main = $(m, 'main')!;
      expect(overflowing(main, main), text(m).slice(0, 80)).to.deep.equal([]);
      for (const t of $$(m, '[role="tab"]'))
        expect(t.getBoundingClientRect().height, `${t.textContent}: a 44 px tab`).to.be.at.least(44);
      const buttons = $$(m, 'main button').filter(
        (b) => b.getClientRects().length && !b.classList.contains('ma-pull-refresh__a11y'),
      );
      expect(buttons.length).to.be.greaterThan(3);
      for (const b of buttons) expect(b.getBoundingClientRect().height, `${b.textContent}: 44 px`).to.be.at.least(44);
      const card = cards(m)[0].getBoundingClientRect();
      expect(card.left - main.getBoundingClientRect().left, '16 px side padding').to.equal(16);
      if (lang === 'de')
        expect(
          cards(m).some((c) => /\d\s?%\s+Rabatt/.test(c.textContent)),
          'the percentage in German',
        ).to.equal(true);
    });
  }
});
