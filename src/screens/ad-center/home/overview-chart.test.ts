/** The data overview: alignment at phone widths, and the chart's axes, gridlines and months. */
import { expect } from 'chai';
import { $, $$, apiFault, button, unmountAll, waitFor } from '../../../../test/browser/support/app';
import { STATS, num, openHome, overview, stats, value } from './test-overview';

const left = (el: Element | null) => {
  expect(el, 'element').to.not.equal(null);
  return el!.getBoundingClientRect().left;
};

describe("ad-centre home: the data overview's alignment and chart", () => {
  afterEach(unmountAll);

  for (const width of [375, 320]) {
    it(`at ${width} px: skeleton, figures, notice and chart start at the title's x; the four tabs are equally wide`, async () => {
      const { m, token } = await openHome({ width, fault: 'hold' });
      try {
        const skeleton = await waitFor(() => $(m, '.ma-home__overview .ma-skeleton'), 'skeleton');
        expect(left(skeleton), 'skeleton').to.be.closeTo(left($(m, '#ma-home-overview')), 0.5);
      } finally {
        await apiFault(STATS, token, null);
      }
      await waitFor(() => value(m, 'impressions'), 'figures');
      const title = left($(m, '#ma-home-overview'));
      expect(title - left(overview(m)), "the card's padding").to.be.closeTo(16, 0.5);
      for (const sel of [
        '.ma-home__figures',
        '.ma-home__figure',
        '.ma-home__compare',
        '.ma-home__chart',
        '.ma-home__legend',
        '.ma-home__y-axis--start',
      ]) {
        expect(left($(m, sel)), sel).to.be.closeTo(title, 0.5);
      }
      // The chart stays inside the card's content box on the right too (the clicks axis included).
      const content = overview(m).getBoundingClientRect().right - 16;
      expect($(m, '.ma-home__y-axis--end')!.getBoundingClientRect().right).to.be.at.most(content + 0.5);

      const tabs = $$(m, '.ma-home__overview [role="tab"]').map((t) => t.getBoundingClientRect());
      expect(tabs).to.have.length(4);
      for (const t of tabs) {
        expect(t.width, 'equal tab widths').to.be.closeTo(tabs[0].width, 0.5);
        expect(t.height).to.be.at.least(44);
      }
      // Together they span the card edge to edge (the strip is full-bleed; the content is not).
      expect(tabs[0].left).to.be.closeTo(left(overview(m)), 0.5);
    });
  }

  it('the chart has two labelled y axes with round gridlines above each peak, and x labels that do not overlap', async () => {
    const { m, token } = await openHome();
    await waitFor(() => value(m, 'impressions'), 'figures');
    button(m, 'Week').click();
    const week = await stats('week', token);
    await waitFor(() => $(m, '.ma-home__figures') && value(m, 'impressions') === num(week.impressions), 'the week');
    const svg = $(m, '.ma-home__chart-svg')!.getBoundingClientRect();
    for (const [side, series] of [
      ['start', 'impressions'],
      ['end', 'clicks'],
    ] as const) {
      const ticks = $$(m, `.ma-home__y-axis--${side} li`);
      expect(ticks.length, `${series} ticks`).to.be.within(4, 6);
      const values = ticks.map((t) => Number(t.dataset.value));
      expect(values[0]).to.equal(0);
      const step = values[1];
      values.forEach((v, i) => expect(v).to.equal(step * i));
      expect(String(step), 'a round step').to.match(/^(1|2|25|5)0*$/);
      const peak = Math.max(...week.trend.map((p) => p[series]));
      const top = values.at(-1)!;
      expect(top, `${series}: the top gridline is above the peak, with room`).to.be.at.least(peak * 1.1);
      for (const t of ticks) expect(t.textContent, 'labelled').to.match(/\d/);
      // Each label sits on its gridline: the top one at the plot's top, 0 at its bottom.
      const mid = (el: HTMLElement) => {
        const r = el.querySelector('span')!.getBoundingClientRect();
        return (r.top + r.bottom) / 2;
      };
      expect(mid(ticks.at(-1)!)).to.be.closeTo(svg.top, 1.5);
      expect(mid(ticks[0])).to.be.closeTo(svg.bottom, 1.5);
      // The line's highest point is the peak on this axis's scale.
      // (The stretch to today, still in progress, is a line of its own, drawn faint.)
      const ys = [$(m, `.ma-home__chart-line--${series}`), $(m, `.ma-home__chart-partial--${series}`)].flatMap((l) =>
        l
          ? l
              .getAttribute('points')!
              .split(' ')
              .map((p) => Number(p.split(',')[1]))
          : [],
      );
      expect(Math.min(...ys)).to.be.closeTo(100 - (peak / top) * 100, 0.01);
    }
    expect($$(m, '.ma-home__chart-grid')).to.have.length($$(m, '.ma-home__y-axis--start li').length);
    // Both axes are named by the legend above them.
    expect($$(m, '.ma-home__legend-item').map((l) => l.textContent)).to.deep.equal(['Impressions', 'Clicks']);

    const labels = $$(m, '.ma-home__x-axis li');
    expect(labels).to.have.length(7);
    const boxes = labels.map((l) => l.getBoundingClientRect());
    for (let i = 1; i < boxes.length; i++)
      expect(boxes[i].left, `label ${i} clear of ${i - 1}`).to.be.at.least(boxes[i - 1].right);
  });

  it('"All" is drawn by month: a point and a table row per month the server sends', async () => {
    const { m, token } = await openHome();
    await waitFor(() => value(m, 'impressions'), 'figures');
    button(m, 'All').click();
    const all = await stats('all', token);
    expect(all.bucket).to.equal('month');
    expect(all.trend.length, 'at least six months').to.be.at.least(6);
    await waitFor(() => $$(m, '.ma-home__chart table tbody tr').length === all.trend.length, 'a row per month');
    const rows = $$(m, '.ma-home__chart table tbody tr');
    const month = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short' });
    rows.forEach((r, i) => {
      expect(r.querySelector('th')!.textContent).to.equal(month.format(new Date(all.trend[i].start)));
      expect(r.querySelector('td')!.textContent).to.equal(num(all.trend[i].impressions));
    });
    // The finished months are the line; this month, still in progress, is the faint stretch after it.
    expect($(m, '.ma-home__chart-line--impressions')!.getAttribute('points')!.split(' ')).to.have.length(
      all.trend.length - 1,
    );
    const partial = $(m, '.ma-home__chart-partial--impressions')!;
    expect(partial.getAttribute('points')!.split(' ')).to.have.length(2);
    expect(Number(getComputedStyle(partial).opacity)).to.be.below(0.5);
    expect($$(m, '.ma-home__x-axis li').length).to.be.within(3, all.trend.length);
    // All time has no period before it: no change is shown and none is promised.
    expect($$(m, '.ma-home__change')).to.have.length(0);
    expect($(m, '.ma-home__compare')).to.equal(null);
  });
});
