/**
 * What a merchant sees, read as a person reads it (support/visible.ts): status tabs show only their own rows, and
 * back closes the sheet or dialog on top before it moves the route, so nothing is left floating over a screen.
 */
import { expect } from 'chai';
import { PLAN_STATUSES, type PlanPage } from '../../../src/api/shapes/plan';
import { COUPON_STATES, type CouponPage } from '../../../src/api/shapes/coupon';
import { timeZoneHeader } from '../../../src/lib/timezone';
import {
  $,
  $$,
  demoToken,
  freshMerchant,
  mountApp,
  unmountAll,
  waitFor,
  waitRoute,
  type Mounted,
} from '../support/app';
import { seenElements, seenLayers, seenText } from '../support/visible';

const get = async <T>(token: string, path: string): Promise<T> => {
  const r = await fetch(`/api${path}`, { headers: { 'X-CT': token, 'X-TZ': timeZoneHeader() } });
  const j = await r.json();
  if (j.code !== 200) throw new Error(`${path}: ${JSON.stringify(j)}`);
  return j.data as T;
};

let en: Record<string, Record<string, Record<string, string>>>;
before(async () => {
  en = await (await fetch('/locales/en.json')).json();
});

/** The tab whose title is `name` (with or without its count). */
const tabNamed = (m: Mounted, name: string) =>
  $$(m, '[role="tab"]').find((t) => {
    const title = (t.querySelector('.ma-tabs__title')?.textContent ?? '').replace(/\u00ad/g, '');
    return title === name || title.startsWith(`${name} (`);
  });

/** Taps a tab and waits until it is the one selected and its panel is the one seen. */
async function choose(m: Mounted, name: string): Promise<void> {
  const tab = await waitFor(() => tabNamed(m, name), `the tab "${name}"`);
  tab.click();
  await waitFor(() => tab.getAttribute('aria-selected') === 'true', `"${name}" selected`);
}

/** The one tab panel a person sees (a second one seen at once is the defect). */
const seenPanels = (m: Mounted) => seenElements(m, '[role="tabpanel"]');

describe('seen: status tabs show their own rows only', () => {
  afterEach(unmountAll);

  it("plans: after each tab, every plan seen is one of that status (the earlier tabs' panels are gone)", async () => {
    const { token } = await freshMerchant();
    const byStatus = new Map<string, Set<string>>();
    for (const status of PLAN_STATUSES) {
      const page = await get<PlanPage>(token, `/plan/order/list?page_size=50&status=${status}`);
      byStatus.set(status, new Set(page.list.map((p) => p.plan_no)));
    }
    const m = await mountApp({ token, initialRoute: '/plan' });
    await waitRoute(m, '/plan');
    await waitFor(() => $(m, 'article.ma-plan-card'), 'the first page');
    // Every status once, then back to one seen before: a panel kept mounted for its state must still not show.
    for (const status of [...PLAN_STATUSES, 'waitPut', 'settled'] as const) {
      await choose(m, en.plan.status[status]);
      const own = byStatus.get(status)!;
      const seenPlans = () =>
        seenElements(m, 'article.ma-plan-card').map((c) => c.querySelector('.ma-plan-card__no')!.textContent);
      if (own.size)
        await waitFor(() => seenPlans().some((no) => [...own].some((n) => no.includes(n))), `a ${status} plan seen`);
      else await waitFor(() => seenText(m).includes('No plans'), `${status}: the empty state`);
      expect(seenPanels(m), `${status}: one panel seen`).to.have.length(1);
      const strangers = seenPlans().filter((no) => ![...own].some((n) => no.includes(n)));
      expect(strangers, `${status}: plans of other statuses seen`).to.deep.equal([]);
    }
  });

  it("coupons: after each tab, the coupons seen are that state's and no more", async () => {
    const { token } = await freshMerchant();
    const names = new Map<string, string[]>();
    for (const state of COUPON_STATES) {
      const page = await get<CouponPage>(token, `/user_coupon/list?page_size=50&state=${state}`);
      names.set(
        state,
        page.list.map((c) => c.name.en),
      );
    }
    const m = await mountApp({ token, initialRoute: '/ad-center/coupons' });
    await waitRoute(m, '/ad-center/coupons');
    for (const state of [...COUPON_STATES, 'unused'] as const) {
      await choose(m, en.coupons.tab[state]);
      await waitFor(() => seenElements(m, 'article.ma-coupon').length > 0, `${state}: coupons seen`);
      expect(seenPanels(m), `${state}: one panel seen`).to.have.length(1);
      const left = [...names.get(state)!];
      for (const card of seenElements(m, 'article.ma-coupon')) {
        const name = card.querySelector('.ma-coupon__name')!.textContent;
        const at = left.indexOf(name);
        expect(at, `${state}: "${name}" is not one of its coupons (or seen twice)`).to.not.equal(-1);
        left.splice(at, 1);
      }
    }
  });
});

const entry = (m: Mounted, name: string) =>
  $$(m, '.ma-wallet__entry').find((b) => b.querySelector('.ma-wallet__entry-label')!.textContent === name)!;
const layerButton = (m: Mounted, name: string) =>
  Array.from(seenLayers(m).at(-1)?.querySelectorAll('button') ?? []).find((b) => b.textContent === name);
const routeNow = (m: Mounted) => [...m.events].reverse().find((e) => e.type === 'route')?.payload.path as string;

async function openWithdraw(m: Mounted): Promise<void> {
  await waitFor(() => $(m, '.ma-wallet__total')?.textContent?.startsWith('$'), 'the figures');
  entry(m, 'Withdraw').click();
  await waitFor(
    () => seenLayers(m).length === 1 && seenText(m).includes('Withdrawal amount'),
    'the withdrawal sheet seen',
  );
}

/** Nothing lies over the screen: its middle is the screen's own, and no layer is seen. */
async function nothingOnTop(m: Mounted, what: string): Promise<void> {
  await waitFor(() => seenLayers(m).length === 0 && !$(m, '.ma-popup-layer'), `${what}: no layer left`);
  const main = $(m, 'main')!.getBoundingClientRect();
  const hit = m.shadow.elementFromPoint(main.left + main.width / 2, main.top + main.height / 2);
  expect(
    hit && $(m, 'main')!.contains(hit),
    `${what}: a tap in the middle reaches the screen, not ${hit?.className}`,
  ).to.equal(true);
}

describe('seen: back closes the layer on top first', () => {
  afterEach(unmountAll);

  // The demo merchant has a transaction password and a bound card, so the sheet has its amount (nothing is withdrawn).
  it("app.back() (the native shell's back) closes the prompt, then the sheet, then moves the route", async () => {
    const token = await demoToken();
    const m = await mountApp({ token, initialRoute: '/ad-center' });
    m.app.navigate('/wallet');
    await waitRoute(m, '/wallet');
    await openWithdraw(m);
    const input = seenLayers(m)[0].querySelector<HTMLInputElement>('input[inputmode="decimal"]')!;
    input.value = '1.00';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    layerButton(m, 'Withdraw')!.click();
    // The prompt covers the sheet, which is then not seen.
    await waitFor(
      () =>
        seenLayers(m).length === 1 &&
        seenText(m).includes('6-digit transaction password') &&
        !seenText(m).includes('Withdrawal amount'),
      'the password prompt over the sheet',
    );

    m.app.back();
    await waitFor(
      () =>
        seenLayers(m).length === 1 &&
        seenText(m).includes('Withdrawal amount') &&
        !seenText(m).includes('6-digit transaction password'),
      'back closed the prompt only',
    );
    expect(routeNow(m)).to.equal('/wallet');

    m.app.back();
    await nothingOnTop(m, 'back closed the sheet');
    expect(routeNow(m), 'the route stayed').to.equal('/wallet');

    m.app.back();
    await waitRoute(m, '/ad-center');
  });

  it("the browser's back in hash mode closes the sheet and keeps the route; the next back moves it", async () => {
    const token = await demoToken();
    history.replaceState(null, '', `${location.pathname}${location.search}#/ad-center`);
    const m = await mountApp({ token, routing: 'hash' });
    await waitRoute(m, '/ad-center');
    m.app.navigate('/wallet');
    await waitRoute(m, '/wallet');
    await openWithdraw(m);

    history.back();
    await nothingOnTop(m, 'browser back closed the sheet');
    await waitFor(() => location.hash === '#/wallet', 'the address still names the wallet');
    expect(routeNow(m)).to.equal('/wallet');

    history.back();
    await waitRoute(m, '/ad-center');
    m.app.unmount();
    history.replaceState(null, '', `${location.pathname}${location.search}`);
  });

  it("a route change for another reason takes the old route's layers with it", async () => {
    const token = await demoToken();
    const m = await mountApp({ token, initialRoute: '/wallet' });
    await waitRoute(m, '/wallet');
    await openWithdraw(m);
    m.app.navigate('/plan');
    await waitRoute(m, '/plan');
    await nothingOnTop(m, 'after navigating away');
  });

  // Every sheet and dialog a merchant opens from a screen: back closes it, the screen stays and takes taps.
  const layers: {
    route: string;
    what: string;
    open: (m: Mounted) => Promise<void> | void;
    seen: (m: Mounted) => boolean;
  }[] = [
    {
      route: '/wallet',
      what: 'the withdrawal sheet',
      open: (m) => openWithdraw(m),
      seen: (m) => seenText(m).includes('Withdrawal amount'),
    },
    {
      route: '/wallet',
      what: "a ledger row's detail",
      open: async (m) => (await waitFor(() => seenElements(m, 'article.ma-flow button')[0], 'a ledger row')).click(),
      seen: (m) => !!seenElements(m, '.ma-flow-detail').length,
    },
    {
      route: '/plan',
      what: 'the put dialog',
      open: async (m) => {
        await choose(m, en.plan.status.waitPut);
        const put = await waitFor(
          () => seenElements(m, '.ma-plan-card__actions button').find((b) => b.textContent === 'Put'),
          'a Put button',
        );
        put.click();
      },
      seen: (m) => !!seenElements(m, '.ma-put__balance').length,
    },
    {
      route: '/ad-center/coupons',
      what: 'the redeem confirmation',
      open: async (m) =>
        (
          await waitFor(
            () => seenElements(m, 'article.ma-coupon button').find((b) => b.textContent === 'Redeem'),
            'a Redeem button',
          )
        ).click(),
      seen: (m) => seenLayers(m).length === 1,
    },
    {
      route: '/notification',
      what: 'a message',
      open: async (m) =>
        (
          await waitFor(
            () => seenElements(m, '[role="tabpanel"] article button, [role="tabpanel"] li button')[0],
            'a message row',
          )
        ).click(),
      seen: (m) => seenLayers(m).length === 1,
    },
    {
      route: '/ad-center/activities',
      what: 'the game description',
      open: async (m) => {
        // Below the rules: scrolled to, as a person would.
        const button = await waitFor(
          () => $$(m, 'button').find((b) => b.textContent === 'Game description'),
          'the game description button',
        );
        button.scrollIntoView({ block: 'center' });
        (await waitFor(() => seenElements(m, 'button').find((b) => b === button), 'the button seen')).click();
      },
      seen: (m) => seenLayers(m).length === 1,
    },
    {
      route: '/ad-center',
      what: 'the customer-service popup',
      open: async (m) =>
        (
          await waitFor(
            () => seenElements(m, 'button').find((b) => b.getAttribute('aria-label') === 'Customer service'),
            'the service icon',
          )
        ).click(),
      seen: (m) => seenLayers(m).length === 1,
    },
  ];

  for (const l of layers) {
    it(`${l.route}: back closes ${l.what} and nothing stays on top`, async () => {
      const token = l.route === '/wallet' ? await demoToken() : (await freshMerchant()).token;
      const m = await mountApp({ token, initialRoute: l.route });
      await waitRoute(m, l.route);
      await l.open(m);
      await waitFor(() => l.seen(m) && seenLayers(m).length >= 1, `${l.what} seen`);
      m.app.back();
      await nothingOnTop(m, l.what);
      expect(routeNow(m), 'the route stayed').to.equal(l.route);
    });
  }

  it('signed out: back closes the terms, and the registration form stays', async () => {
    const m = await mountApp({ initialRoute: '/register' });
    await waitRoute(m, '/register');
    const terms = await waitFor(
      () => seenElements(m, 'button, a').find((b) => /agreement|terms|privacy/i.test(b.textContent ?? '')),
      'the terms link',
    );
    terms.click();
    await waitFor(() => seenLayers(m).length === 1, 'the terms seen');
    m.app.back();
    await nothingOnTop(m, 'the terms');
    expect(routeNow(m)).to.equal('/register');
  });
});
