/** The notification screen's layout: the read filter's touch targets, and words kept whole at 320 px. */
import { expect } from 'chai';
import { freshMerchant, unmountAll, waitFor } from '../../../../test/browser/support/app';
import { brokenWords, resize } from '../../../../test/browser/support/design';
import { expectAxeClean } from '../../../../test/browser/support/render';
import { seenElements } from '../../../../test/browser/support/visible';
import { items, open } from './test-support';

describe('notifications: layout at narrow widths and in other languages', () => {
  afterEach(unmountAll);

  it("the read filter's buttons are touch targets of at least 44 × 44 px, in English and in German at 320 px", async () => {
    const { token } = await freshMerchant();
    for (const language of ['en', 'de']) {
      const m = await open(token, { language });
      await resize(m, language === 'de' ? 320 : 390);
      const buttons = seenElements(m, '.ma-inbox__filter');
      expect(buttons, 'three filter buttons seen').to.have.length(3);
      for (const b of buttons) {
        const box = b.getBoundingClientRect();
        expect(
          [Math.round(box.width), Math.round(box.height)].every((x) => x >= 44),
          `"${b.textContent}" is ${box.width} × ${box.height}`,
        ).to.equal(true);
      }
      unmountAll();
    }
  });

  it('German and Thai at 320 px: no word broken without a hyphen', async () => {
    const { token } = await freshMerchant();
    for (const language of ['de', 'th']) {
      const m = await open(token, { language });
      await resize(m, 320);
      await waitFor(() => items(m).length > 0, 'list');
      expect(brokenWords(m.shadow, language)).to.deep.equal([]);
      await expectAxeClean(m.shadow);
      unmountAll();
    }
  });
});
