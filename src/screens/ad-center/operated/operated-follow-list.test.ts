/** Plan follow: the follow list as it pages, refreshes, loads and starts empty. */
import { expect } from 'chai';
import {
  $,
  apiFault,
  button,
  freshMerchant,
  input,
  mountApp,
  text,
  toastText,
  type,
  registeredMerchant,
  unmountAll,
  waitFor,
  waitRoute,
  waitText,
} from '../../../../test/browser/support/app';
import { expectAxeClean, scrollToEnd } from '../../../../test/browser/support/render';
import { ROUTE, listed, openOperated } from './test-support';

/** Straight to the API, as another device of the same merchant would. */
async function followByApi(token: string, proxyId: string): Promise<void> {
  const r = await fetch('/api/assistance/follow', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CT': token },
    body: JSON.stringify({ proxy_id: proxyId }),
  });
  const j = await r.json();
  if (j.code !== 200) throw new Error(`follow ${proxyId}: ${JSON.stringify(j)}`);
}

describe('plan follow (/ad-center/operated): the follow list', () => {
  afterEach(unmountAll);

  it('pages through a long list as it scrolls, and pull to refresh shows a follow made elsewhere', async () => {
    const { m, merchant } = await openOperated();
    // 23 more operators of their own (fresh merchants are followable): 25 follows, more than the page of 20.
    const others = await Promise.all(Array.from({ length: 23 }, () => freshMerchant()));
    for (const o of others) await followByApi(merchant.token, o.proxy_id);
    const scroller = $(m, '.ma-pull-refresh')!;

    // Nothing of it shows until a refresh: pull from the top (touch), as a finger would.
    const touch = (type: string, y: number) => {
      const t = new Touch({ identifier: 1, target: scroller, clientX: 100, clientY: y });
      scroller.dispatchEvent(
        new TouchEvent(type, {
          touches: type === 'touchend' ? [] : [t],
          changedTouches: [t],
          bubbles: true,
          cancelable: true,
          composed: true,
        }),
      );
    };
    expect(listed(m)).to.have.length(2);
    touch('touchstart', 100);
    for (let y = 110; y <= 260; y += 10) {
      touch('touchmove', y);
      await new Promise((ok) => requestAnimationFrame(ok));
    }
    touch('touchend', 260);
    await waitFor(() => listed(m).length === 20, 'the first page after the refresh');
    expect(listed(m)[0]).to.equal(others.at(-1)!.proxy_id);
    await waitText(m, 'Refreshed');

    // The rest comes as the end of the list scrolls into view, in a way its observer sees (see scrollToEnd): a single
    // scrollTop write after the refreshed page was seen to leave the React run waiting for ever, so each poll brings
    // the end into view again until the page is there.
    await waitFor(async () => {
      if (listed(m).length >= 25) return true;
      await scrollToEnd(scroller);
      return false;
    }, 'the second page');
    expect(listed(m)).to.have.length(25);
    await waitText(m, 'No more');
    expect(new Set(listed(m)).size).to.equal(25);
    expect($(m, '.ma-operated__count')!.textContent).to.equal('25');
  });

  it('the refresh button (keyboard and screen readers) refreshes too; a failed page says so and retries', async () => {
    const { m, merchant } = await openOperated();
    await followByApi(merchant.token, '10000013');
    button(m, 'Refresh').click();
    await waitFor(() => listed(m)[0] === '10000013', 'refreshed by the button');
    // "Refreshed" shows for a moment, and a refresh is not taken before it has gone: wait for the button to take one
    // again (the list can show its new row while the head still says "Loading…", before "Refreshed" has come).
    await waitFor(() => !button(m, 'Refresh').hasAttribute('aria-disabled'), 'the head closed');

    await apiFault('/assistance/list', merchant.token, 'fail');
    try {
      button(m, 'Refresh').click();
      await waitText(m, 'Request failed, tap to reload');
      // What was shown stays, and no toast repeats what the list says.
      expect(listed(m)[0]).to.equal('10000013');
      expect(toastText(m)).to.equal('');
      await apiFault('/assistance/list', merchant.token, null);
      button(m, 'Request failed, tap to reload').click();
      await waitFor(() => !text(m).includes('Request failed'), 'retried');
      expect(listed(m)).to.deep.equal(['10000013', '10000012', '10000011']);
    } finally {
      await apiFault('/assistance/list', merchant.token, null);
    }
  });

  it('a skeleton while the first page loads', async () => {
    const merchant = await freshMerchant();
    await apiFault('/assistance/list', merchant.token, 'hold');
    try {
      const m = await mountApp({ token: merchant.token, initialRoute: ROUTE });
      await waitRoute(m, ROUTE);
      const skeleton = await waitFor(() => $(m, '.ma-operated__list .ma-skeleton'), 'list skeleton');
      expect(skeleton.getAttribute('aria-busy')).to.equal('true');
      await apiFault('/assistance/list', merchant.token, null);
      await waitFor(() => listed(m).length === 2, 'list');
      expect($(m, '.ma-operated__list .ma-skeleton')).to.equal(null);
    } finally {
      await apiFault('/assistance/list', merchant.token, null);
    }
  });

  it('with no follows yet: an empty state whose button takes the merchant to the form', async () => {
    // A merchant registered just now has no follows (the test API's fresh merchants come with two).
    const { token } = await registeredMerchant('op');
    const m = await mountApp({ token, initialRoute: ROUTE });
    await waitRoute(m, ROUTE);
    await waitText(m, "You don't follow any operator yet.");
    expect(listed(m)).to.deep.equal([]);
    await expectAxeClean(m.shadow);
    button(m, 'Enter a follow ID').click();
    await waitFor(() => m.shadow.activeElement === input(m, 'Follow ID'), 'focus in the field');
    type(m, 'Follow ID', '10000011');
    button(m, 'Follow').click();
    await waitFor(() => listed(m)[0] === '10000011', 'the first follow');
    expect(text(m)).to.not.include("You don't follow");
  });
});
