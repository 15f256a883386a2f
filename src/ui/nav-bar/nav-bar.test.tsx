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

  it('centres a short title; a long one ellipsizes between the back button and the icons, never under them', () => {
    const icons = (
      <>
        <button type="button" aria-label="Support" style={{ width: '44px', height: '44px' }} />
        <button type="button" aria-label="Language" style={{ width: '44px', height: '44px' }} />
        <button type="button" aria-label="Log out" style={{ width: '44px', height: '44px' }} />
      </>
    );
    const short = renderUI(<NavBar title="Log in" onBack={() => undefined} right={icons} />, [css, iconCss]);
    const bar = short.$('header')!.getBoundingClientRect();
    const title = short.$('h1')!;
    const range = document.createRange();
    range.selectNodeContents(title);
    const text = range.getBoundingClientRect();
    expect(Math.abs(text.left + text.width / 2 - (bar.left + bar.width / 2))).to.be.lessThan(2);
    cleanup();

    const long = 'Изменить пароль для входа в рекламный кабинет магазина';
    const r = renderUI(<NavBar title={long} onBack={() => undefined} right={icons} />, [css, iconCss]);
    const h1 = r.$('h1')!;
    const box = h1.getBoundingClientRect();
    expect(getComputedStyle(h1).textOverflow).to.equal('ellipsis');
    expect(h1.scrollWidth).to.be.greaterThan(h1.clientWidth);
    const back = r.$('.ma-nav-bar__back')!.getBoundingClientRect();
    const firstIcon = r.$('.ma-nav-bar__right button')!.getBoundingClientRect();
    expect(box.left).to.be.at.least(back.right - 0.5);
    expect(box.right).to.be.at.most(firstIcon.left + 0.5);
  });

  it('renders the right slot, a custom back label, and no back without onBack', async () => {
    let actions = 0;
    const r = renderUI(
      <NavBar
        title="Messages"
        right={
          <button type="button" onClick={() => actions++}>
            Read all
          </button>
        }
      />,
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
