import { expect } from 'chai';
import { useState } from 'react';
import { sendKeys } from '@web/test-runner-commands';
import { renderUI, cleanup, expectAxeClean, settle, waitFor } from '../../../test/browser/support/render';
import { Tabs, type TabItem } from './index';
import css from './tabs.css';
import badgeCss from '../badge/badge.css';

const three: TabItem[] = [
  { key: 'all', title: 'All' },
  { key: 'pending', title: 'Pending', badge: 3 },
  { key: 'done', title: 'Done' },
];

let renders: string[] = [];

function Demo(p: { items?: TabItem[]; lazy?: boolean; initial?: string }) {
  const [active, setActive] = useState(p.initial ?? (p.items ?? three)[0].key);
  return (
    <Tabs items={p.items ?? three} active={active} onChange={setActive} ariaLabel="Orders" lazy={p.lazy}>
      {(key) => {
        renders.push(key);
        return <p className={`content-${key}`}>Panel {key}</p>;
      }}
    </Tabs>
  );
}

const tabs = (r: ReturnType<typeof renderUI>) => r.$$('[role="tab"]');
const selected = (r: ReturnType<typeof renderUI>) => tabs(r).find((t) => t.getAttribute('aria-selected') === 'true')!;

describe('Tabs', () => {
  afterEach(() => {
    cleanup();
    renders = [];
  });

  it('has tablist/tab/tabpanel roles wired together', async () => {
    const r = renderUI(<Demo />, [css, badgeCss]);
    const list = r.$('[role="tablist"]')!;
    expect(list.getAttribute('aria-label')).to.equal('Orders');
    expect(tabs(r)).to.have.length(3);
    const panels = r.$$('[role="tabpanel"]');
    expect(panels).to.have.length(3);
    tabs(r).forEach((tab, i) => {
      expect(tab.getAttribute('aria-controls')).to.equal(panels[i].id);
      expect(panels[i].getAttribute('aria-labelledby')).to.equal(tab.id);
    });
    expect(selected(r).textContent).to.equal('All');
    expect(panels[0].hidden).to.equal(false);
    expect(panels[1].hidden).to.equal(true);
    // The badge's count is part of the tab's name, not a bare number.
    expect(tabs(r)[1].textContent).to.contain('Pending').and.contain('(3)');
    expect(tabs(r)[1].querySelector('.ma-badge')!.getAttribute('aria-hidden')).to.equal('true');
    // The active tab carries the underline.
    expect(getComputedStyle(selected(r), '::after').content).to.not.equal('none');
    expect(getComputedStyle(tabs(r)[1], '::after').content).to.equal('none');
    await expectAxeClean(r.shadow);
  });

  it('selects on click and keeps only the active tab tabbable', async () => {
    const r = renderUI(<Demo />, [css, badgeCss]);
    tabs(r)[2].click();
    await settle();
    expect(selected(r).textContent).to.equal('Done');
    expect(tabs(r).map((t) => t.tabIndex)).to.deep.equal([-1, -1, 0]);
    expect(r.$('.content-done')!.textContent).to.equal('Panel done');
    expect((r.$('.content-done')!.parentElement as HTMLElement).hidden).to.equal(false);
  });

  it('moves with ArrowRight/ArrowLeft (wrapping), Home and End', async () => {
    const r = renderUI(<Demo />, [css, badgeCss]);
    tabs(r)[0].focus();
    const step = async (key: string, expected: string) => {
      await sendKeys({ press: key });
      await settle();
      expect(selected(r).textContent).to.contain(expected);
      expect(r.shadow.activeElement).to.equal(selected(r));
    };
    await step('ArrowRight', 'Pending');
    await step('ArrowRight', 'Done');
    await step('ArrowRight', 'All');
    await step('ArrowLeft', 'Done');
    await step('Home', 'All');
    await step('End', 'Done');
    await sendKeys({ press: 'Tab' });
    expect(r.shadow.activeElement?.getAttribute('role')).to.equal('tabpanel');
  });

  it('renders lazy panels only once visited, then keeps them', async () => {
    const r = renderUI(<Demo lazy />, [css, badgeCss]);
    expect(r.$('.content-all')).to.not.equal(null);
    expect(r.$('.content-pending')).to.equal(null);
    expect(r.$$('[role="tabpanel"]')).to.have.length(3);
    expect(renders).to.not.include('pending');
    tabs(r)[1].click();
    await settle();
    expect(r.$('.content-pending')).to.not.equal(null);
    tabs(r)[0].click();
    await settle();
    expect(r.$('.content-pending')).to.not.equal(null);
    expect((r.$('.content-pending')!.parentElement as HTMLElement).hidden).to.equal(true);
    expect(r.$('.content-done')).to.equal(null);
  });

  it('renders every panel without lazy', () => {
    const r = renderUI(<Demo />, [css, badgeCss]);
    expect(r.$('.content-pending')).to.not.equal(null);
    expect(r.$('.content-done')).to.not.equal(null);
  });

  it('scrolls a strip of more than 5 tabs to keep the active one in view', async () => {
    const items = Array.from({ length: 9 }, (_, i) => ({ key: `k${i}`, title: `Category ${i}` }));
    const r = renderUI(<Demo items={items} />, [css, badgeCss]);
    const nav = r.$('[role="tablist"]')!;
    expect(nav.className).to.contain('ma-tabs__nav--scrollable');
    expect(nav.scrollWidth).to.be.greaterThan(nav.clientWidth);
    expect(nav.scrollLeft).to.equal(0);
    tabs(r)[7].click();
    await waitFor(() => {
      const n = nav.getBoundingClientRect();
      const t = tabs(r)[7].getBoundingClientRect();
      return t.left >= n.left && t.right <= n.right && nav.scrollLeft > 0;
    }, 'active tab scrolled into view');
    tabs(r)[7].focus();
    await sendKeys({ press: 'Home' });
    await waitFor(() => nav.scrollLeft === 0, 'strip scrolled back to the start');
    await expectAxeClean(r.shadow);
  });

  it('does not scroll with 5 tabs or fewer, and omits panels without content', async () => {
    const five = Array.from({ length: 5 }, (_, i) => ({ key: `k${i}`, title: `T${i}` }));
    const r = renderUI(<Tabs items={five} active="k0" onChange={() => undefined} ariaLabel="Filter" />, [
      css,
      badgeCss,
    ]);
    expect(r.$('[role="tablist"]')!.className).to.not.contain('scrollable');
    expect(r.$$('[role="tabpanel"]')).to.have.length(0);
    expect(tabs(r)[0].hasAttribute('aria-controls')).to.equal(false);
    await expectAxeClean(r.shadow);
  });
});
