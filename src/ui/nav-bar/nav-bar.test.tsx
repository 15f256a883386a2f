import { expect } from 'chai';
import { renderUI, cleanup, expectAxeClean } from '../../../test/browser/support/render';
import { NavBar } from './index';
import css from './nav-bar.css';
import iconCss from '../icon/icon.css';

describe('NavBar', () => {
  afterEach(cleanup);

  it('has the title in an h1 and a back button that calls onBack', async () => {
    let backs = 0;
    const r = renderUI(<NavBar title="My orders" onBack={() => backs++} />, [css, iconCss]);
    const header = r.$('header')!;
    expect(header.getBoundingClientRect().height).to.be.within(46, 48);
    expect(r.$('h1')!.textContent).to.equal('My orders');
    const back = r.$('button')!;
    expect(back.getAttribute('aria-label')).to.equal('Back');
    back.click();
    expect(backs).to.equal(1);
    await expectAxeClean(r.shadow);
  });

  it('centres a long title and ellipsises it', () => {
    const long = 'A very long title that cannot possibly fit in the bar at all, really';
    const r = renderUI(<NavBar title={long} onBack={() => undefined} />, [css, iconCss]);
    const h1 = r.$('h1')!;
    const box = h1.getBoundingClientRect();
    expect(getComputedStyle(h1).textOverflow).to.equal('ellipsis');
    expect(h1.scrollWidth).to.be.greaterThan(h1.clientWidth);
    const bar = r.$('header')!.getBoundingClientRect();
    expect(Math.abs(box.left + box.width / 2 - (bar.left + bar.width / 2))).to.be.lessThan(2);
    expect(box.width).to.be.lessThan(bar.width * 0.61);
  });

  it('renders the right slot, a custom back label, and no back without onBack', async () => {
    let actions = 0;
    const r = renderUI(
      <NavBar title="Messages" right={<button type="button" onClick={() => actions++}>Read all</button>} />,
      [css, iconCss],
    );
    expect(r.$$('button')).to.have.length(1);
    (r.$('.ma-nav-bar__right button') as HTMLButtonElement).click();
    expect(actions).to.equal(1);
    await expectAxeClean(r.shadow);

    r.rerender(<NavBar title="Messages" onBack={() => undefined} backLabel="Close" transparent white />);
    expect(r.$('.ma-nav-bar__back')!.getAttribute('aria-label')).to.equal('Close');
    expect(r.$('header')!.className).to.contain('ma-nav-bar--transparent').and.contain('ma-nav-bar--white');

    r.rerender(<NavBar title="Messages" hidden />);
    expect(r.$('header')).to.equal(null);
  });
});
