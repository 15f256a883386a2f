/** The daily check-in in German, Russian and Thai at 320 px, before and after checking in. */
import { expect } from 'chai';
import { $, $$, unmountAll, waitFor } from '../../../../test/browser/support/app';
import { resize } from '../../../../test/browser/support/design';
import { overflowing } from '../../shared/coupon/test-support';
import { checkIn, checkInButtons, merchantWithStreak, openHome, visible } from './test-check-in';

describe('ad-centre home: the daily check-in in other languages at 320 px', () => {
  afterEach(unmountAll);

  for (const lang of ['de', 'ru', 'th']) {
    it(`${lang} at 320 px: nothing cut, the calendar icon and the days keep their size, the button is a 44 px target; before and after checking in`, async () => {
      const words = (await (await fetch(`/locales/${lang}.json`)).json()).home.checkIn as Record<string, string>;
      const merchant = await merchantWithStreak(2, lang);
      const m = await openHome(merchant.token, lang);
      await resize(m, 320);
      const main = $(m, 'main')!;
      const button = await waitFor(() => $(m, '.ma-checkin__button'), 'the button');
      expect(visible(button)).to.equal(words.action);

      const holds = (state: string) => {
        const card = checkIn(m)!.closest('.ma-card')!;
        expect(overflowing(checkIn(m)!, card), `${state}: inside the card, nothing cut`).to.deep.equal([]);
        expect(overflowing(checkIn(m)!, main), `${state}: within the column`).to.deep.equal([]);
        for (const el of [$(m, '.ma-checkin__icon')!, $(m, '.ma-checkin__icon svg')!]) {
          const icon = el.getBoundingClientRect();
          expect([icon.width, icon.height], `${state}: the calendar icon (${el.tagName})`).to.deep.equal([24, 24]);
        }
        for (const mark of $$(m, '.ma-checkin__mark')) {
          const r = mark.getBoundingClientRect();
          expect([r.width, r.height], `${state}: a day's disc`).to.deep.equal([32, 32]);
          const li = mark.closest('li')!.getBoundingClientRect();
          expect(r.left >= li.left - 0.5 && r.right <= li.right + 0.5, `${state}: the disc within its day`).to.equal(
            true,
          );
        }
        const strip = $(m, '.ma-checkin__strip')!.getBoundingClientRect();
        expect(strip.right <= card.getBoundingClientRect().right, `${state}: the strip within the card`).to.equal(true);
      };
      holds('before');
      const b = button.getBoundingClientRect();
      expect(b.width >= 44 && b.height >= 44, 'touch target').to.equal(true);

      button.click();
      const done = await waitFor(() => $(m, '.ma-checkin__done'), 'done');
      expect(visible(done)).to.equal(words.doneToday);
      expect(checkInButtons(m)).to.have.length(0);
      holds('after');
    });
  }
});
