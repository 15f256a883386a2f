/**
 * Long translated titles on a 320 px phone. The header title stays clear of the header's buttons and
 * ends in an ellipsis when it does not fit. Only boxes are compared; whether a title overflows depends on the
 * font, and the checks hold either way: a title that fits must not overlap either.
 */
import { expect } from 'chai';
import { $, demoToken, mountApp, unmountAll, waitFor, waitRoute, type Mounted } from '../support/app';
import { nameOf, resize } from '../support/design';
import { columnBox, cutTexts, seenElements, seenText } from '../support/visible';

const ROUTE = '/ad-center/edit-login-password';

function headerLayout(m: Mounted) {
  const header = m.shadow.querySelector<HTMLElement>('.ma-app header')!;
  const title = header.querySelector<HTMLElement>('h1')!;
  const h = header.getBoundingClientRect();
  const mid = (h.left + h.right) / 2;
  const buttons = Array.from(header.querySelectorAll<HTMLElement>('button')).filter(
    (b) => b.getClientRects().length > 0,
  );
  const rects = buttons.map((b) => ({ b, r: b.getBoundingClientRect() }));
  const right = rects.filter(({ r }) => (r.left + r.right) / 2 > mid).sort((x, y) => x.r.left - y.r.left);
  const left = rects.filter(({ r }) => (r.left + r.right) / 2 <= mid).sort((x, y) => y.r.right - x.r.right);
  return { header, title, t: title.getBoundingClientRect(), right, left };
}

describe('a long header title at 320 px', () => {
  afterEach(unmountAll);

  for (const lang of ['ru', 'de']) {
    it(`${lang}: ${ROUTE}'s title keeps clear of the header buttons and ends in an ellipsis when cut`, async () => {
      const m = await mountApp({ token: await demoToken(), language: lang, initialRoute: ROUTE });
      await waitRoute(m, ROUTE);
      await resize(m, 320);
      const { title, t, right, left } = headerLayout(m);
      expect(right.length, 'the header has icon buttons on its right').to.be.greaterThan(0);
      const first = right[0];
      const s = getComputedStyle(title);
      const overflows = title.scrollWidth > title.clientWidth;
      const state =
        `title "${title.textContent}" box ${t.left.toFixed(1)}–${t.right.toFixed(1)} (client ${title.clientWidth}, scroll ${title.scrollWidth}); ` +
        `first right icon ${nameOf(first.b)} at ${first.r.left.toFixed(1)}` +
        (left[0] ? `; back button ends at ${left[0].r.right.toFixed(1)}` : '');
      expect(
        t.right,
        `${lang}: the title's right edge passes the first right icon's left edge: ${state}`,
      ).to.be.at.most(first.r.left + 0.5);
      if (left[0])
        expect(t.left, `${lang}: the title's left edge is under the back button: ${state}`).to.be.at.least(
          left[0].r.right - 0.5,
        );
      if (overflows) {
        expect(
          { textOverflow: s.textOverflow, overflowX: s.overflowX, whiteSpace: s.whiteSpace },
          `${lang}: the cut title: ${state}`,
        ).to.deep.equal({
          textOverflow: 'ellipsis',
          overflowX: s.overflowX === 'clip' ? 'clip' : 'hidden',
          whiteSpace: s.whiteSpace === 'pre' ? 'pre' : 'nowrap',
        });
      }
    });
  }
});

describe('the 16 px side gutter: a link on its own line starts its words on it', () => {
  afterEach(unmountAll);

  for (const lang of ['de', 'ru', 'th', 'en']) {
    it(`${lang}, 320 and 390 px: /register's terms link starts at 16 px, as the fields and the checkbox do, and stays a 44 px target`, async () => {
      const m = await mountApp({ language: lang, initialRoute: '/register' });
      await waitRoute(m, '/register');
      const link = await waitFor(() => seenElements(m, 'form button.ma-link')[0], 'the terms link');
      for (const width of [320, 390]) {
        await resize(m, width);
        const column = columnBox(m);
        const range = document.createRange();
        range.selectNodeContents(link);
        const words = range.getBoundingClientRect();
        const at = `${lang} @${width}: "${seenText(m, link)}" from ${(words.left - column.left).toFixed(1)} px`;
        expect(words.left - column.left, at).to.be.closeTo(16, 0.5);
        const box = $(m, '.ma-checkbox__box')!;
        expect(
          box.getBoundingClientRect().left - column.left,
          `${lang} @${width}: the checkbox on the gutter too`,
        ).to.be.closeTo(16, 0.5);
        const r = link.getBoundingClientRect();
        expect(r.height, at).to.be.at.least(44);
        expect(r.width, at).to.be.at.least(44);
        expect(r.left - column.left, `${at}: its target inside the column`).to.be.at.least(0);
        expect(cutTexts(m, link), at).to.deep.equal([]);
      }
    });
  }
});
