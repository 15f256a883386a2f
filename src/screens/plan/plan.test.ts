/** The plan list (status tabs, counts, paging, cards), a plan's detail and its product, and links that find nothing. */
import { expect } from 'chai';
import type { PlanDetail, Product } from '../../api/shapes/plan';
import {
  $,
  $$,
  freshMerchant,
  mountApp,
  text,
  unmountAll,
  waitFor,
  waitRoute,
} from '../../../test/browser/support/app';
import { expectAxeClean, scrollToEnd } from '../../../test/browser/support/render';
import { apiCall } from '../shared/coupon/test-support';
import { PLAN_PAGE_SIZE } from './list/model';
import { cardOf, cards, money, openList, panel, plans, tab } from './test-support';

describe('plans', () => {
  afterEach(unmountAll);

  it('status tabs with the server\'s counts and the await-put badge; each tab its own plans; "all" paged to its end; axe clean', async () => {
    const { token } = await freshMerchant();
    const server = await plans(token);
    const m = await openList(token);
    await waitFor(() => tab(m, 'All').textContent === `All (${server.counts.all})`, 'the count of all');
    expect(tab(m, 'Matching').textContent).to.equal(`Matching (${server.counts.matching})`);
    const awaiting = (await apiCall<{ count: number }>(token, '/plan/order/await/put/count', {})).data.count;
    expect(awaiting).to.equal(server.counts.waitPut).and.to.be.greaterThan(0);
    await waitFor(
      () => tab(m, 'Waiting to put').querySelector('.ma-badge')?.textContent?.includes(String(awaiting)),
      'the await-put badge',
    );
    // "all": a page, then the rest as the list is scrolled to its end, newest first as the server sends them.
    expect(server.counts.all).to.be.greaterThan(PLAN_PAGE_SIZE);
    expect(cards(m)).to.have.length(PLAN_PAGE_SIZE);
    await scrollToEnd(panel(m).querySelector<HTMLElement>('.ma-pull-refresh')!);
    await waitFor(() => cards(m).length === server.counts.all, 'every plan');
    expect(cards(m).map((c) => c.querySelector('.ma-plan-card__no')!.textContent)).to.deep.equal(
      server.list.map((p) => `Plan no. ${p.plan_no}`),
    );
    const first = server.list[0];
    const card = cardOf(m, first.plan_no)!;
    expect(card.querySelector('.ma-plan-card__name')!.textContent).to.equal(first.product.name);
    expect(card.querySelector('.ma-plan-tag')!.textContent).to.not.equal('');
    expect(card.querySelector('.ma-plan-push')!.textContent).to.equal(
      first.official ? 'Official push' : 'Non-official push',
    );
    await expectAxeClean(m.shadow);
    // Each status tab: exactly that status's plans, with its tag.
    for (const [start, status, tag] of [
      ['Put failed', 'putFailed', 'Put failed'],
      ['Settled', 'settled', 'Settled'],
    ] as const) {
      tab(m, start).click();
      await waitFor(() => tab(m, start).getAttribute('aria-selected') === 'true', `${start} shown`);
      const want = (await plans(token, status)).list.map((p) => p.plan_no);
      await waitFor(() => cards(m).length === want.length && want.every((no) => cardOf(m, no)), `the ${status} plans`);
      expect(cards(m).map((c) => c.querySelector('.ma-plan-tag')!.textContent)).to.deep.equal(want.map(() => tag));
    }
    tab(m, 'Waiting to put').click();
    await waitFor(
      () =>
        tab(m, 'Waiting to put').getAttribute('aria-selected') === 'true' && cards(m).length === server.counts.waitPut,
      'the waiting plans',
    );
    expect(
      cards(m).every((c) => c.querySelector('.ma-plan-card__actions button')?.textContent === 'Put'),
      'a Put button on each',
    ).to.equal(true);
    await expectAxeClean(m.shadow);
  });

  it("a card's figures wrapped on a narrow column (Thai at 320 px) keep the creation date at the end of its line", async () => {
    const { token } = await freshMerchant();
    const m = await mountApp({ token, initialRoute: '/plan', language: 'th' });
    m.host.style.width = '320px';
    await waitFor(() => cards(m).length > 0, 'first page');
    // WebKit sets Thai wider than Chromium: there the date goes to a line of its own, which must still end at the
    // card's end edge, as it does beside the amount.
    const misplaced = cards(m)
      .map((card) => {
        const row = card.querySelector('.ma-plan-card__figures')!.getBoundingClientRect();
        const date = card.querySelector('.ma-plan-card__figure--end')!.getBoundingClientRect();
        return Math.round(row.right - date.right);
      })
      .filter((gap) => gap > 1);
    expect(misplaced, "px between each date and its card's end edge").to.deep.equal([]);
  });

  it("detail: number, amount, progress, product, content, rule, targeting, the delivery so far and the timeline; the product's detail; axe clean", async () => {
    const { token } = await freshMerchant();
    const settled = (await plans(token, 'settled')).list[0];
    const detail = (await apiCall<PlanDetail>(token, '/plan/order/detail', { id: settled.id })).data;
    const m = await openList(token);
    tab(m, 'Settled').click();
    await waitFor(
      () => tab(m, 'Settled').getAttribute('aria-selected') === 'true' && cardOf(m, settled.plan_no),
      'the settled plan',
    );
    cardOf(m, settled.plan_no)!.querySelector<HTMLButtonElement>('.ma-plan-card__open')!.click();
    await waitRoute(m, '/plan/detail');
    await waitFor(() => $(m, '.ma-plan-detail__timeline'), 'the detail');
    const page = text(m);
    for (const s of [
      `Plan no. ${settled.plan_no}`,
      money(detail.put_amount),
      detail.content,
      detail.rule,
      detail.user_targeting,
      'Settled',
      money(detail.figures.revenue),
    ]) {
      expect(page, s).to.include(s);
    }
    expect($(m, '[role="progressbar"]')!.getAttribute('aria-valuenow')).to.equal(String(detail.put_progress));
    const steps = $$(m, '.ma-plan-detail__event-status').map((e) => e.textContent);
    expect(steps[0]).to.equal('Waiting to put');
    expect(steps.at(-1)).to.equal('Settled');
    expect(steps).to.have.length(detail.timeline.length);
    await expectAxeClean(m.shadow);

    const product = (await apiCall<Product>(token, '/plan/order/app/detail', { id: settled.id })).data;
    $$(m, 'button')
      .find((b) => b.textContent?.includes('View product'))!
      .click();
    await waitRoute(m, '/plan/goods-detail');
    await waitFor(() => $(m, '.ma-goods__name')?.textContent === product.name, 'the product');
    expect(text(m)).to.include(money(product.price));
    await expectAxeClean(m.shadow);
  });

  it('an old link (another merchant\'s plan, or none) shows "not found" with the way back to the plans, not a retry', async () => {
    const other = await freshMerchant();
    const theirs = (await plans(other.token)).list[0].id;
    const { token } = await freshMerchant();
    for (const url of [`/plan/detail?id=${theirs}`, '/plan/detail?id=abc', `/plan/goods-detail?id=${theirs}`]) {
      const m = await mountApp({ token, initialRoute: url });
      await waitFor(
        () =>
          text(m).includes(
            url.includes('goods') ? 'This product is not available' : 'This plan does not exist or is not yours',
          ),
        `not found: ${url}`,
      );
      expect($(m, '.ma-plan-detail__timeline') ?? $(m, '.ma-goods__name'), 'nothing of their plan').to.equal(null);
      $$(m, 'button')
        .find((b) => b.textContent === 'Back')!
        .click();
      await waitRoute(m, '/plan');
      await expectAxeClean(m.shadow);
      unmountAll();
    }
  });
});
