import { expect } from 'chai';
import { $$, mountApp, unmountAll, waitFor, waitRoute } from '../../../test/browser/support/app';
import { nameOf, overflowingWords, resize } from '../../../test/browser/support/design';
import { columnBox, seenElements } from '../../../test/browser/support/visible';
import { merchant } from './test-support';

/** The bind-card and foreign-exchange forms at 320 and 390 px in five languages: inside the gutters, nothing cut. */

describe('wallet forms at narrow widths', () => {
  afterEach(unmountAll);

  for (const language of ['en', 'de', 'ru', 'th', 'zh']) {
    it(`bind card and foreign exchange at 320 and 390 px (${language}): every label and input inside the column with 16 px each side, no text cut`, async () => {
      const { token } = await merchant({ card: 'bank', pay_password: '123456' });
      const problems: string[] = [];
      for (const route of ['/wallet/bind-card', '/wallet/foreign-exchange']) {
        const m = await mountApp({ token, initialRoute: route, language });
        await waitRoute(m, route);
        await waitFor(() => $$(m, '.ma-field__label').length, 'the form');
        for (const width of [390, 320]) {
          await resize(m, width, 1600);
          const col = columnBox(m);
          const shown = [
            ...seenElements(m, '.ma-field__label'),
            ...seenElements(m, '.ma-field__control'),
            ...seenElements(m, '.ma-fx__choice, .ma-bind__choice'),
          ];
          if (shown.length < 3) problems.push(`${route} ${width}: only ${shown.length} rows seen`);
          const range = document.createRange();
          for (const el of shown) {
            const boxes = [el.getBoundingClientRect()];
            // A label's words, line by line: each inside the gutters too (a word cut at the edge is not read).
            if (!el.matches('input, textarea')) {
              range.selectNodeContents(el);
              boxes.push(...Array.from(range.getClientRects()).filter((r) => r.width > 0));
            }
            for (const b of boxes) {
              if (b.left < col.left + 16 - 0.5 || b.right > col.right - 16 + 0.5) {
                problems.push(
                  `${route} ${width}: ${nameOf(el)} at ${b.left.toFixed(1)}–${b.right.toFixed(1)} (column ${col.left}–${col.right})`,
                );
                break;
              }
            }
            if (el.scrollWidth > el.clientWidth + 1 && !el.matches('input'))
              problems.push(`${route} ${width}: ${nameOf(el)} cut (${el.scrollWidth} > ${el.clientWidth})`);
          }
          problems.push(
            ...overflowingWords(m.shadow.querySelector('main')!, language).map((w) => `${route} ${width}: ${w}`),
          );
        }
        unmountAll();
      }
      expect(problems).to.deep.equal([]);
    });
  }
});
