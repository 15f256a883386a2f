import { expect } from 'chai';
import { renderUI, cleanup, expectAxeClean } from '../../../test/browser/support/render';
import { Badge, badgeText } from './index';
import css from './badge.css';

const bell = (label: string) => (
  <button type="button" aria-label={label}>
    🔔
  </button>
);

describe('Badge', () => {
  afterEach(cleanup);

  it('shows nothing for 0 unless showZero', () => {
    const r = renderUI(<Badge count={0}>{bell('Messages')}</Badge>, [css]);
    expect(r.$('.ma-badge')).to.equal(null);
    r.rerender(
      <Badge count={0} showZero>
        {bell('Messages')}
      </Badge>,
    );
    expect(r.$('.ma-badge')!.textContent).to.equal('0');
  });

  it('shows counts up to max and "99+" above it', async () => {
    const r = renderUI(<Badge count={5}>{bell('Messages, 5 unread')}</Badge>, [css]);
    const bubble = () => r.$('.ma-badge')!;
    expect(bubble().textContent).to.equal('5');
    expect(bubble().getAttribute('aria-hidden')).to.equal('true');
    const btn = r.$('button')!.getBoundingClientRect();
    const b = bubble().getBoundingClientRect();
    expect(b.left + b.width / 2).to.be.closeTo(btn.right, 1);
    await expectAxeClean(r.shadow);
    r.rerender(<Badge count={99}>{bell('Messages')}</Badge>);
    expect(bubble().textContent).to.equal('99');
    r.rerender(<Badge count={100}>{bell('Messages')}</Badge>);
    expect(bubble().textContent).to.equal('99+');
    r.rerender(
      <Badge count={12} max={9}>
        {bell('Messages')}
      </Badge>,
    );
    expect(bubble().textContent).to.equal('9+');
  });

  it('draws a dot without text', async () => {
    const r = renderUI(
      <Badge dot ariaLabel="New messages">
        {bell('Messages')}
      </Badge>,
      [css],
    );
    const dot = r.$('.ma-badge--dot')!;
    expect(dot.textContent).to.equal('');
    expect(dot.getBoundingClientRect().width).to.equal(8);
    expect(r.$('.ma-sr-only')!.textContent).to.equal('New messages');
    await expectAxeClean(r.shadow);
  });

  it('renders inline without children and exposes an sr-only label', async () => {
    const r = renderUI(
      <p>
        Inbox <Badge count={3} ariaLabel="3 unread" />
      </p>,
      [css],
    );
    expect(r.$('.ma-badge')!.className).to.not.contain('ma-badge--fixed');
    expect(r.$('.ma-sr-only')!.textContent).to.equal('3 unread');
    r.rerender(
      <p>
        Inbox <Badge count={0} ariaLabel="0 unread" />
      </p>,
    );
    expect(r.$('.ma-sr-only')).to.equal(null);
  });

  it('badgeText handles the edges', () => {
    expect(badgeText(undefined, 99, false, '99+')).to.equal(null);
    expect(badgeText(-1, 99, false, '99+')).to.equal(null);
    expect(badgeText(1000, 99, false, '99+')).to.equal('99+');
  });
});
