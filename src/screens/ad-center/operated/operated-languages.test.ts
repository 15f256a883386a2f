/** Plan follow in other languages: one name for the ID, and the screen and its sheet at 320 px. */
import { expect } from 'chai';
import {
  $,
  $$,
  freshMerchant,
  mountApp,
  text,
  type,
  unmountAll,
  waitFor,
  waitRoute,
  waitText,
  type Mounted,
} from '../../../../test/browser/support/app';
import { expectAxeClean } from '../../../../test/browser/support/render';
import { resize } from '../../../../test/browser/support/design';
import { ROUTE, fieldError, listed, openOperated, sheet } from './test-support';

describe('plan follow (/ad-center/operated): languages and 320 px', () => {
  afterEach(unmountAll);

  for (const lang of ['en', 'de']) {
    it(`one name for the ID in ${lang}: the home's label, the follow page's field and card, and one title`, async () => {
      const merchant = await freshMerchant(lang);
      const home = await mountApp({ token: merchant.token, initialRoute: '/ad-center', language: lang });
      await waitRoute(home, '/ad-center');
      // The home's ID: the label beside the merchant's own ID (found by the ID, not by the home's class names).
      const idEl = await waitFor(
        () => $$(home, 'span, strong, div').find((e) => e.children.length === 0 && e.textContent === merchant.proxy_id),
        'my ID on home',
      );
      const homeLabel = idEl.parentElement!.textContent.replace(merchant.proxy_id, '').trim();
      const copyName = $$(home, 'button')
        .map((b) => b.getAttribute('aria-label') ?? '')
        .find((n) => n.toLowerCase().includes(homeLabel.toLowerCase()));
      expect(copyName, `a copy button named with "${homeLabel}"`).to.be.a('string');
      const homeButtons = $$(home, 'button').map((b) => b.textContent.trim());
      unmountAll();

      const m = await mountApp({ token: merchant.token, initialRoute: ROUTE, language: lang });
      await waitRoute(m, ROUTE);
      await waitText(m, merchant.proxy_id);
      await waitFor(() => listed(m).length === 2, 'the follow list');
      // The operating rules too (operator content, seeded naming the ID the same way).
      await waitFor(() => $(m, '.ma-operated__rules .ma-rich-text'), 'the rules');
      expect($(m, '.ma-operated__rules')!.textContent.toLowerCase()).to.include(
        { en: 'follow id', de: 'folge-id' }[lang],
      );
      const field = labelOf(m);
      const card = $(m, '.ma-operated__mine h2')!.textContent;
      expect(field, 'the field names the ID as home does').to.equal(homeLabel);
      expect(card.toLowerCase(), 'the card names it too').to.include(homeLabel.toLowerCase());
      expect($(m, '.ma-operated__facts dt')!.textContent, 'each row names it too').to.equal(homeLabel);
      const title = $(m, '.ma-nav-bar__title')!.textContent;
      expect(homeButtons, 'the home grid entry is the title').to.include(title);
      expect(title).to.equal({ en: 'Plan follow', de: 'Plänen folgen' }[lang]);
      // The ID error names it the same way.
      type(m, field, '99999999');
      $(m, 'button[type="submit"]')!.click();
      await waitFor(() => fieldError(m) !== '', 'the ID error');
      expect(fieldError(m).toLowerCase()).to.include(homeLabel.toLowerCase());
      for (const old of ['proxy', 'operated', 'Betreiber-ID', 'About plan follow', 'Über das Folgen']) {
        expect(text(m), old).to.not.include(old);
      }
      expect({ en: 'Follow ID', de: 'Folge-ID' }[lang]).to.equal(homeLabel);
    });
  }

  it('the unfollow sheet holds at 320 px in every language: its words whole, its buttons 44 px', async () => {
    const merchant = await freshMerchant();
    for (const lang of ['cht', 'de', 'en', 'fr', 'jp', 'kor', 'pt', 'ru', 'spa', 'th', 'vi', 'zh']) {
      const m = await mountApp({ token: merchant.token, initialRoute: ROUTE, language: lang });
      await waitRoute(m, ROUTE);
      await waitFor(() => listed(m).length >= 2, 'the seeded follows');
      await resize(m, 320);
      $(m, '.ma-operated__unfollow')!.click();
      const box = await waitFor(() => sheet(m), `the confirm sheet (${lang})`);
      try {
        expectFits(m, box);
      } catch (e) {
        throw new Error(`${lang}: ${(e as Error).message}`, { cause: e });
      }
      $$(m, '.ma-prompt-sheet button')[0].click();
      await waitFor(() => !sheet(m), 'closed');
      unmountAll();
    }
  });

  for (const lang of ['de', 'ru', 'th']) {
    it(`holds at 320 px in ${lang}: nothing cut off or wider than the column, targets of 44 px`, async () => {
      const { m } = await openOperated(lang);
      await waitFor(() => $(m, '.ma-operated__rules .ma-rich-text'), 'rules');
      type(m, labelOf(m), '99999999');
      $(m, 'button[type="submit"]')!.click();
      await waitFor(() => fieldError(m) !== '', 'an error under the field');
      await resize(m, 320);
      expectFits(m);
      // The unfollow sheet too: its words whole, its buttons 44 px.
      $(m, '.ma-operated__unfollow')!.click();
      const box = await waitFor(() => sheet(m), 'the confirm sheet');
      expectFits(m, box);
      await expectAxeClean(m.shadow);
    });
  }
});

/** The follow field's label, whatever the language. */
function labelOf(m: Mounted): string {
  const id = $(m, '.ma-operated__follow input')!.id;
  return m.shadow
    .querySelector(`label[for="${id}"]`)!
    .textContent.replace(/[*\s]+$/, '')
    .trim();
}

/** No element of the screen (or of `page`) sticks out of the column or clips its text; every control is at least 44 x 44. */
function expectFits(m: Mounted, page: HTMLElement = $(m, '.ma-operated')!): void {
  const right = page.getBoundingClientRect().right + 0.5;
  for (const el of page.querySelectorAll<HTMLElement>('*')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || el.closest('svg') || el.classList.contains('ma-sr-only')) continue;
    expect(box.right, `${el.className || el.tagName}: ${el.textContent?.slice(0, 40)}`).to.be.at.most(right);
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') {
      throw new Error(
        `clipped: ${el.className || el.tagName} (${el.scrollWidth} > ${el.clientWidth}): ${el.textContent?.slice(0, 60)}`,
      );
    }
  }
  for (const c of page.querySelectorAll<HTMLElement>('button, input')) {
    const box = c.getBoundingClientRect();
    expect(box.height, `${c.textContent || c.tagName} height`).to.be.at.least(44);
    expect(box.width, `${c.textContent || c.tagName} width`).to.be.at.least(44);
  }
}
