import { expect } from 'chai';
import { renderUI, cleanup, expectAxeClean, settle } from '../../../test/browser/support/render';
import { Button } from './index';
import { Icon } from '../icon';
import css from './button.css';

describe('Button', () => {
  afterEach(cleanup);

  it('is a native type="button" that calls onClick', async () => {
    let clicks = 0;
    const r = renderUI(
      <Button variant="primary" onClick={() => clicks++}>
        Save
      </Button>,
      [css],
    );
    const b = r.$('button') as HTMLButtonElement;
    expect(b.type).to.equal('button');
    expect(b.className).to.contain('ma-button--primary');
    b.click();
    expect(clicks).to.equal(1);
    expect(b.getBoundingClientRect().height).to.be.at.least(44);
    await expectAxeClean(r.shadow);
  });

  it('does nothing when disabled', () => {
    let clicks = 0;
    const r = renderUI(
      <Button disabled onClick={() => clicks++}>
        Save
      </Button>,
      [css],
    );
    const b = r.$('button') as HTMLButtonElement;
    expect(b.disabled).to.equal(true);
    b.click();
    expect(clicks).to.equal(0);
  });

  it('while loading shows a spinner, sets aria-busy, keeps focus and ignores clicks', async () => {
    let clicks = 0;
    let submits = 0;
    const r = renderUI(
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submits++;
        }}
      >
        <Button type="submit" variant="primary" loading loadingText="Saving…" onClick={() => clicks++}>
          Save
        </Button>
      </form>,
      [css],
    );
    const b = r.$('button') as HTMLButtonElement;
    expect(b.getAttribute('aria-busy')).to.equal('true');
    expect(b.disabled).to.equal(false);
    expect(r.$('.ma-button__spinner')).to.not.equal(null);
    expect(b.textContent).to.equal('Saving…');
    b.focus();
    b.click();
    b.click();
    expect(clicks).to.equal(0);
    expect(submits).to.equal(0);
    expect(r.shadow.activeElement).to.equal(b);
    await expectAxeClean(r.shadow);

    r.rerender(
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submits++;
        }}
      >
        <Button type="submit" onClick={() => clicks++}>
          Save
        </Button>
      </form>,
    );
    await settle();
    expect(b.hasAttribute('aria-busy')).to.equal(false);
    b.click();
    expect(clicks).to.equal(1);
    expect(submits).to.equal(1);
  });

  it('renders sizes, block and an icon', async () => {
    const r = renderUI(
      <div>
        <Button size="large" variant="danger">
          Delete
        </Button>
        <Button size="small" block icon={<Icon name="plus" />}>
          Add
        </Button>
      </div>,
      [css],
    );
    const [large, small] = r.$$('button');
    expect(large.getBoundingClientRect().height).to.be.at.least(50);
    expect(small.className).to.contain('ma-button--block');
    expect(small.querySelector('.ma-button__icon svg')).to.not.equal(null);
    expect(small.getBoundingClientRect().width).to.equal(r.root.getBoundingClientRect().width);
    await expectAxeClean(r.shadow);
  });
});
