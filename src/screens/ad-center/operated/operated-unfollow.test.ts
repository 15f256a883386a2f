/** Plan follow: unfollow, asked first, and when it fails or was done elsewhere. */
import { expect } from 'chai';
import {
  $,
  $$,
  apiCalls,
  apiFault,
  button,
  toastText,
  type,
  unique,
  unmountAll,
  waitFor,
  type Mounted,
} from '../../../../test/browser/support/app';
import { expectAxeClean } from '../../../../test/browser/support/render';
import { listed, names, openOperated, sheet } from './test-support';

/** The row of the follow with this follow ID. */
const rowOf = (m: Mounted, id: string) =>
  $$(m, '.ma-operated__record').find((r) => r.querySelector('.ma-operated__record-id')?.textContent === id);
const sheetButton = (m: Mounted, name: string) => {
  const b = Array.from(sheet(m)?.querySelectorAll('button') ?? []).find((x) => x.textContent?.trim() === name);
  if (!b) throw new Error(`no button "${name}" in the sheet`);
  return b;
};

describe('plan follow (/ad-center/operated): unfollow', () => {
  afterEach(unmountAll);

  it('unfollow asks first: Cancel sends nothing and keeps the row; confirming removes it on screen and on the server', async () => {
    const { m, merchant } = await openOperated();
    const count = () => $(m, '.ma-operated__count')?.textContent;
    expect(count()).to.equal('2');
    const row = rowOf(m, '10000012')!;
    const unfollow = row.querySelector<HTMLButtonElement>('.ma-operated__unfollow')!;
    expect(unfollow.textContent).to.equal('Unfollow');
    // Its name says what it acts on: the button is described by the shop's name.
    expect(m.shadow.getElementById(unfollow.getAttribute('aria-describedby')!)!.textContent).to.equal('Harbor Coffee');

    unfollow.click();
    await waitFor(() => sheet(m), 'the confirm sheet');
    expect(sheet(m)!.textContent).to.include('Unfollow this operator?');
    expect(sheet(m)!.textContent).to.include('Harbor Coffee will leave your list');
    await expectAxeClean(m.shadow);
    sheetButton(m, 'Cancel').click();
    await waitFor(() => !sheet(m), 'the sheet closed');
    expect(await apiCalls('/assistance/unfollow', merchant.token), 'nothing sent on Cancel').to.equal(0);
    expect(listed(m)).to.deep.equal(['10000012', '10000011']);

    unfollow.click();
    await waitFor(() => sheet(m), 'the confirm sheet again');
    sheetButton(m, 'Unfollow').click();
    await waitFor(() => !sheet(m), 'the sheet closed on confirming');
    await waitFor(() => listed(m).length === 1, 'the row gone');
    expect(listed(m)).to.deep.equal(['10000011']);
    expect(count()).to.equal('1');
    await waitFor(() => toastText(m).includes('You no longer follow Harbor Coffee'), 'success toast');
    // One request: the confirm's, none from the Cancel before it.
    expect(await apiCalls('/assistance/unfollow', merchant.token), 'unfollow requests').to.equal(1);
    const page = await (await fetch('/api/assistance/list', { headers: { 'X-CT': merchant.token } })).json();
    expect(page.data.list.map((r: { proxy_id: string }) => r.proxy_id)).to.deep.equal(['10000011']);
    expect(page.data.total).to.equal(1);
    // The list as refreshed from the server agrees (page 1 came again after the unfollow).
    await waitFor(() => !$(m, '.ma-operated__list [aria-busy="true"]'), 'the list settled');
    expect(listed(m)).to.deep.equal(['10000011']);

    // Following again works from the same screen.
    type(m, 'Follow ID', '10000012');
    button(m, 'Follow').click();
    await waitFor(() => listed(m)[0] === '10000012', 'followed again');
    expect(count()).to.equal('2');
  });

  it('a failed unfollow says so and loses nothing: the row stays, busy while in flight, and a retry works', async () => {
    const { m, merchant } = await openOperated();
    const unfollow = () => rowOf(m, '10000011')!.querySelector<HTMLButtonElement>('.ma-operated__unfollow')!;
    await apiFault('/assistance/unfollow', merchant.token, 'hold');
    try {
      unfollow().click();
      await waitFor(() => sheet(m), 'the confirm sheet');
      sheetButton(m, 'Unfollow').click();
      await waitFor(() => !sheet(m), 'the sheet closed on confirming');
      await waitFor(() => unfollow().getAttribute('aria-busy') === 'true', 'busy while in flight');
      await waitFor(async () => (await apiCalls('/assistance/unfollow', merchant.token)) === 1, 'the request, held');
      // A second tap on the busy button asks nothing and sends nothing.
      unfollow().click();
      expect(sheet(m), 'no second sheet').to.equal(null);
      await apiFault('/assistance/unfollow', merchant.token, 'fail');
      await waitFor(
        () => toastText(m).includes('Could not unfollow. You still follow this operator; please try again.'),
        'the failure, said',
      );
      expect(sheet(m)).to.equal(null);
      expect(listed(m)).to.deep.equal(['10000012', '10000011']);
      expect(names(m)).to.deep.equal(['Harbor Coffee', 'Sunrise Bakery']);
      await waitFor(() => unfollow().getAttribute('aria-busy') === null, 'not busy any more');
      expect(await apiCalls('/assistance/unfollow', merchant.token)).to.equal(1);

      await apiFault('/assistance/unfollow', merchant.token, null);
      unfollow().click();
      await waitFor(() => sheet(m), 'the confirm sheet again');
      sheetButton(m, 'Unfollow').click();
      await waitFor(() => listed(m).length === 1 && listed(m)[0] === '10000012', 'removed by the retry');
      await waitFor(() => toastText(m).includes('You no longer follow Sunrise Bakery'), 'success toast');
    } finally {
      await apiFault('/assistance/unfollow', merchant.token, null);
    }
  });

  it('an operator already unfollowed elsewhere: said neutrally, and the row goes', async () => {
    const { m, merchant } = await openOperated();
    const record = (
      await (await fetch('/api/assistance/list', { headers: { 'X-CT': merchant.token } })).json()
    ).data.list.find((r: { proxy_id: string }) => r.proxy_id === '10000011');
    const r = await fetch('/api/assistance/unfollow', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CT': merchant.token },
      body: JSON.stringify({ id: record.id, request_id: unique('unfollow') }),
    });
    expect((await r.json()).code).to.equal(200);
    rowOf(m, '10000011')!.querySelector<HTMLButtonElement>('.ma-operated__unfollow')!.click();
    await waitFor(() => sheet(m), 'the confirm sheet');
    sheetButton(m, 'Unfollow').click();
    await waitFor(() => toastText(m).includes('You had already unfollowed this operator.'), 'neutral message');
    await waitFor(() => listed(m).length === 1, 'the row gone');
    expect(listed(m)).to.deep.equal(['10000012']);
  });
});
