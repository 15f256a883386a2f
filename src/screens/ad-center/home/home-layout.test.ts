import { expect } from 'chai';
import {
  $,
  $$,
  button,
  freshMerchant,
  mountApp,
  testApi,
  unmountAll,
  waitFor,
  waitRoute,
  type Mounted,
} from '../../../../test/browser/support/app';
import { brokenWords, overflowingWords, resize } from '../../../../test/browser/support/design';
import { cutTexts, isSeen, seenText } from '../../../../test/browser/support/visible';
import { expectAxeClean } from '../../../../test/browser/support/render';

async function openHome(o: { lang?: string; unread?: number } = {}) {
  const merchant = await freshMerchant(o.lang);
  if (o.unread) await testApi('notify', { username: merchant.username, count: o.unread });
  const m = await mountApp({
    token: merchant.token,
    initialRoute: '/ad-center',
    ...(o.lang ? { language: o.lang } : {}),
  });
  await waitRoute(m, '/ad-center');
  return { m, merchant };
}

const rect = (el: Element) => el.getBoundingClientRect();

/** The icon grid's rows: how many tiles stand on each line, top to bottom. */
function gridRows(m: Mounted): number[] {
  const rows = new Map<number, number>();
  for (const li of $$(m, '.ma-home__grid > li')) {
    const top = Math.round(rect(li).top);
    rows.set(top, (rows.get(top) ?? 0) + 1);
  }
  return [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, n]) => n);
}

/**
 * Where an element's lines start, when one starts anywhere but after a space or a hyphen or at the start of a word
 * (Thai words have no spaces between them): "Здравствуйте|, Demo" when a comma is pushed onto the next line, which
 * brokenWords (a word's own letters) does not see.
 */
/** How wide `word` is drawn inside `el`'s text, its pieces on every line added up. */
function wordWidth(el: Element, word: string): number {
  const node = Array.from(el.childNodes).find(
    (n): n is Text => n.nodeType === Node.TEXT_NODE && (n as Text).data.includes(word),
  );
  if (!node) return 0;
  const range = document.createRange();
  range.setStart(node, node.data.indexOf(word));
  range.setEnd(node, node.data.indexOf(word) + word.length);
  return Array.from(range.getClientRects()).reduce((sum, r) => sum + r.width, 0);
}

function badLineStarts(el: Element, lang: string): string[] {
  const bad: string[] = [];
  const range = document.createRange();
  const words = new Intl.Segmenter(lang, { granularity: 'word' });
  for (const node of Array.from(el.childNodes).filter((n): n is Text => n.nodeType === Node.TEXT_NODE)) {
    const s = node.data;
    const segments = Array.from(words.segment(s));
    const wordStarts = new Set(segments.filter((w) => w.isWordLike).map((w) => w.index));
    // A word wider than the whole line (a long username of letters and digits) can only break inside: the last resort.
    const tooWide = (i: number) =>
      wordWidth(el, segments.find((x) => x.index <= i && i < x.index + x.segment.length)!.segment) > el.clientWidth;
    let prev: DOMRect | null = null;
    for (let i = 0; i < s.length; i++) {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const box = Array.from(range.getClientRects())
        .filter((r) => r.height > 0)
        .at(-1);
      if (!box || box.width === 0) continue;
      if (
        prev &&
        box.top >= prev.top + prev.height / 2 &&
        !/[\s\-\u00ad]/.test(s[i - 1]) &&
        !wordStarts.has(i) &&
        !tooWide(i)
      )
        bad.push(`${s.slice(0, i)}|${s.slice(i)}`);
      prev = box;
    }
  }
  return bad;
}

describe('ad-centre home: the header, the banners and the grid at phone widths', () => {
  afterEach(unmountAll);

  // Our language codes and the tags the word segmenter wants.
  for (const [lang, tag, hello] of [
    ['de', 'de', 'Hallo, '],
    ['ru', 'ru', 'Здравствуйте, '],
    ['th', 'th', 'สวัสดี '],
  ] as const) {
    it(`${lang}, 320 and 390 px: the greeting and the banner's words wrap, whole (no ellipsis, no word broken without a hyphen); the icons stay beside the greeting`, async () => {
      const { m, merchant } = await openHome({ lang });
      const greeting = await waitFor(() => {
        const g = $(m, '.ma-home__greeting');
        return g?.textContent?.includes(merchant.username) ? g : null;
      }, 'greeting with the name');
      const strip = await waitFor(
        () =>
          $(m, '.ma-home__banner-strip') && $(m, '.ma-home__banner-title') ? $(m, '.ma-home__banner-strip') : null,
        'the banners',
      );
      // A touch holds the autoplay, so the first slide stays where it is while it is measured.
      strip.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
      const full = `${hello}Shop ${merchant.username}`;
      const unhyphenated = (s: string) => s.replace(/\u00ad/g, '');
      expect(unhyphenated(greeting.textContent)).to.equal(full);

      for (const width of [320, 390]) {
        await resize(m, width);
        const at = `${lang} @${width}`;
        const header = $(m, '.ma-home__top')!;
        const words = $(m, '.ma-home__banner-words')!;
        const title = words.querySelector('.ma-home__banner-title')!;
        // A person reads the whole greeting and the whole banner title: nothing painted over with an ellipsis.
        expect(unhyphenated(seenText(m, greeting)), at).to.equal(full);
        expect(cutTexts(m, header), `${at}: the greeting cut`).to.deep.equal([]);
        expect(isSeen(m, title), `${at}: the banner title seen`).to.equal(true);
        expect(cutTexts(m, words), `${at}: the banner's words cut`).to.deep.equal([]);
        expect(badLineStarts(greeting, tag), `${at}: the greeting's lines start at its words`).to.deep.equal([]);
        // A test merchant's username (letters and digits) wider than the greeting's whole line can only break inside.
        const nameTooWide = wordWidth(greeting, merchant.username) > greeting.clientWidth;
        const broken = [
          ...brokenWords(header, tag),
          ...overflowingWords(header, tag),
          ...brokenWords(words, tag),
          ...overflowingWords(words, tag),
        ].filter((b) => !(nameTooWide && b.includes(`(${merchant.username})`)));
        expect(broken, `${at}: words broken or sticking out`).to.deep.equal([]);
        const w = rect(words);
        const banner = rect(words.closest('.ma-home__banner')!);
        expect(w.top, `${at}: the words inside their slide`).to.be.at.least(banner.top - 0.5);
        expect(w.bottom, `${at}: the words on the slide's foot`).to.be.closeTo(banner.bottom, 0.5);

        const h = rect(header);
        expect(h.width).to.equal(width);
        expect(header.scrollWidth, `${at}: nothing overflows the header`).to.be.at.most(header.clientWidth);
        const icons = $$(m, '.ma-home__top .ma-header__icon');
        expect(icons.map((i) => i.getAttribute('aria-label'))).to.have.length(4); // service, language, bell, logout
        for (const icon of icons) {
          const r = rect(icon);
          const label = `${at}: ${icon.getAttribute('aria-label')}`;
          expect(r.width, label).to.be.at.least(44);
          expect(r.height, label).to.be.at.least(44);
          expect(r.left, `${label} beside the greeting`).to.be.at.least(rect(greeting).right - 0.5);
          expect(r.right, `${label} inside the header`).to.be.at.most(h.right + 0.5);
          expect(r.top, label).to.be.at.least(h.top - 0.5);
          expect(r.bottom, label).to.be.at.most(h.bottom + 0.5);
        }
        expect(rect(greeting).width, `${at}: the greeting keeps room for a name`).to.be.at.least(100);
        expect($(m, '.ma-home')!.scrollWidth, `${at}: nothing overflows the page`).to.be.at.most(width);
      }
      // The avatar (decoration) gives its room to the name at 320 px; at 390 it is back, the greeting after it.
      const avatar = $(m, '.ma-home__avatar')!;
      expect(rect(avatar).width).to.equal(40);
      expect(rect(greeting).left).to.be.at.least(rect(avatar).right);
      await resize(m, 320);
      expect(getComputedStyle(avatar).display).to.equal('none');
      expect(rect(greeting).left).to.be.at.least(rect($(m, '.ma-home__top')!).left + 16);
    });
  }

  it("320 px: the bell's 99+ stays inside its button, clear of the screen's edge", async () => {
    const { m } = await openHome({ unread: 120 });
    const bell = await waitFor(
      () =>
        $$(m, '.ma-home__top .ma-header__icon').find(
          (b) => b.getAttribute('aria-label') === 'Notifications, 99+ unread',
        ),
      'bell with 99+',
    );
    await resize(m, 320);
    const badge = bell.querySelector('.ma-badge')!;
    expect(badge.textContent).to.equal('99+');
    const b = rect(badge);
    const button = rect(bell);
    const host = rect(m.host);
    expect(b.right, 'inside the bell button').to.be.at.most(button.right + 0.5);
    expect(b.top, 'inside the bell button').to.be.at.least(button.top - 0.5);
    expect(host.right - b.right, 'clear of the edge').to.be.at.least(4);
    // Still on the bell's corner: over the icon's right half, above its middle.
    const icon = rect(bell.querySelector('svg')!);
    expect(b.left + b.width / 2).to.be.greaterThan(icon.left + icon.width / 2);
    expect(b.top).to.be.lessThan(icon.top + icon.height / 2);
  });

  it('the grid has eight doors, no row with a tile alone at 320 or 390 px; the login password is a settings cell', async () => {
    const { m } = await openHome();
    await waitFor(() => $(m, '.ma-home__settings'), 'settings cell (the user is loaded)');
    // The visible labels (the notifications tile also tells a screen reader how many are unread, once counted).
    const labels = $$(m, '.ma-home__shortcut-label').map((b) => b.textContent.replace(/\u00ad/g, ''));
    expect(labels).to.deep.equal([
      'Plans',
      'Wallet',
      'Coupons',
      'Newcomer activities',
      'Shop level',
      'Plan follow',
      'Feedback',
      'Notifications',
    ]);

    await resize(m, 390);
    expect(gridRows(m), '390 px: two full rows').to.deep.equal([4, 4]);
    await resize(m, 320);
    const rows = gridRows(m);
    expect(rows.reduce((a, b) => a + b, 0)).to.equal(8);
    for (const n of rows) expect(n, `rows ${rows.join('/')}`).to.be.at.least(2);

    // The password: one list cell under the grid, the whole row the target.
    const cell = button(m, 'Change login password');
    expect(cell.closest('.ma-home__grid')).to.equal(null);
    expect(cell.closest('nav')!.getAttribute('aria-label')).to.equal('Account settings');
    expect(rect(cell).height).to.be.at.least(44);
    expect(rect(cell).top).to.be.greaterThan(rect($(m, '.ma-home__entries')!).bottom);
    await expectAxeClean(m.shadow);
    cell.click();
    await waitRoute(m, '/ad-center/edit-login-password');
  });
});
