import { expect } from 'chai';
import { $, demoToken, mountApp, unmountAll, waitFor, waitRoute, waitText } from '../support/app';
import { parseColor } from '../support/design';

const isWhite = (c: string) =>
  parseColor(c)
    .slice(0, 3)
    .every((v) => v === 255);

describe('shell: header and the 404 page', () => {
  afterEach(unmountAll);

  it('the white transparent header sits on the welcome hero, and turns solid with dark text once scrolled onto light content', async () => {
    const m = await mountApp({ token: await demoToken(), initialRoute: '/ad-welcome' });
    await waitRoute(m, '/ad-welcome');
    await waitText(m, 'over 3 billion users');
    const bar = $(m, '.ma-nav-bar')!;
    const hero = $(m, '.ma-hero')!;
    // Solid while the page's file loads (white on a skeleton would be unreadable), transparent once the hero is in.
    await waitFor(() => bar.classList.contains('ma-nav-bar--transparent'), 'transparent over the hero');
    await waitFor(() => isWhite(getComputedStyle(bar).color), 'white text (after its colour transition)');
    // The hero is under the whole bar, and dark: white on its lightest stop is at least 4.5:1 (checked in CSS
    // review); here, that the bar is inside the hero's box.
    expect(hero.getBoundingClientRect().bottom).to.be.greaterThan(bar.getBoundingClientRect().bottom);
    // Light content below the form, as a longer screen would have: scrolling it under the bar must turn it solid.
    const main = $(m, 'main')!;
    const filler = document.createElement('div');
    filler.style.height = '1500px';
    main.append(filler);
    main.scrollTop = main.scrollHeight;
    main.dispatchEvent(new Event('scroll'));
    await waitFor(() => !bar.classList.contains('ma-nav-bar--transparent'), 'solid header after scrolling');
    await waitFor(() => !isWhite(getComputedStyle(bar).color), 'dark text (after its colour transition)');
    main.scrollTop = 0;
    main.dispatchEvent(new Event('scroll'));
    await waitFor(() => bar.classList.contains('ma-nav-bar--transparent'), 'transparent again at the top');
    filler.remove();
  });

  it('a transparent route whose screen shows no hero (a product that does not exist) gets the solid header', async () => {
    const m = await mountApp({ token: await demoToken(), initialRoute: '/plan/goods-detail?id=987654' });
    await waitRoute(m, '/plan/goods-detail');
    await waitFor(() => $(m, '.ma-empty'), 'the not-found state');
    expect($(m, '.ma-hero'), 'no hero').to.equal(null);
    const bar = $(m, '.ma-nav-bar')!;
    await waitFor(() => !bar.classList.contains('ma-nav-bar--transparent'), 'solid');
    await waitFor(() => getComputedStyle(bar).color === 'rgb(31, 35, 41)', 'the normal dark text');
  });

  it('the 404 page does not repeat the header title as a heading', async () => {
    const m = await mountApp({ initialRoute: '/no/such/page' });
    await waitText(m, 'The page you are looking for does not exist.');
    expect(m.shadow.querySelectorAll('h1, h2, h3')).to.have.length(1); // the header's own title
  });
});
