import { expect } from 'chai';
import { renderUI, cleanup, expectAxeClean } from '../../../test/browser/support/render';
import { Icon, ICON_NAMES } from './index';
import css from './icon.css';

describe('Icon', () => {
  afterEach(cleanup);

  it('is decorative (aria-hidden) without a label', async () => {
    const r = renderUI(
      <button type="button" aria-label="Close">
        <Icon name="close" />
      </button>,
      [css],
    );
    const svg = r.shadow.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).to.equal('true');
    expect(svg.hasAttribute('role')).to.equal(false);
    expect(svg.getAttribute('width')).to.equal('20');
    await expectAxeClean(r.shadow);
  });

  it('is an image with a name when labelled', async () => {
    const r = renderUI(<Icon name="check" size={32} label="Succeeded" />, [css]);
    const svg = r.shadow.querySelector('svg')!;
    expect(svg.getAttribute('role')).to.equal('img');
    expect(svg.getAttribute('aria-label')).to.equal('Succeeded');
    expect(svg.hasAttribute('aria-hidden')).to.equal(false);
    expect(svg.getAttribute('width')).to.equal('32');
    await expectAxeClean(r.shadow);
  });

  it("draws a screen group's own path on the same shell, decorative and in currentColor", async () => {
    const d = 'M12 15V3M7 8l5-5 5 5';
    const r = renderUI(
      <div style={{ color: 'rgb(0, 128, 0)' }}>
        <Icon d={d} size={24} stroke={1.8} className="ma-wallet-icon" />
      </div>,
      [css],
    );
    const svg = r.shadow.querySelector('svg')!;
    expect(svg.querySelector('path')!.getAttribute('d')).to.equal(d);
    expect(svg.getAttribute('viewBox')).to.equal('0 0 24 24');
    expect(svg.getAttribute('width')).to.equal('24');
    expect(svg.getAttribute('stroke-width')).to.equal('1.8');
    expect(svg.getAttribute('aria-hidden')).to.equal('true');
    expect(svg.classList.contains('ma-wallet-icon')).to.equal(true);
    expect(getComputedStyle(svg).stroke).to.equal('rgb(0, 128, 0)');
    await expectAxeClean(r.shadow);
  });

  it('draws every icon of its set with currentColor', () => {
    const r = renderUI(
      <div style={{ color: 'rgb(255, 0, 0)' }}>
        {ICON_NAMES.map((n) => (
          <Icon key={n} name={n} />
        ))}
      </div>,
      [css],
    );
    const svgs = r.$$('svg');
    expect(ICON_NAMES, 'the whole set').to.have.length(14);
    expect(svgs).to.have.length(14);
    for (const svg of svgs) {
      expect(svg.querySelector('path')!.getAttribute('d')).to.have.length.greaterThan(5);
      expect(getComputedStyle(svg).stroke).to.equal('rgb(255, 0, 0)');
    }
  });
});
