/** Plan follow: the follow form, what it adds and what it refuses. */
import { expect } from 'chai';
import {
  $,
  $$,
  apiCalls,
  apiFault,
  button,
  input,
  toastText,
  type,
  unmountAll,
  waitFor,
  waitText,
} from '../../../../test/browser/support/app';
import { fieldError, listed, names, openOperated } from './test-support';

describe('plan follow (/ad-center/operated): the follow form', () => {
  afterEach(unmountAll);

  it('follows a seeded operator: it goes to the top of the list, the field is cleared and success is said', async () => {
    const { m, merchant } = await openOperated();
    expect(listed(m)).to.deep.equal(['10000012', '10000011']);
    const record = $(m, '.ma-operated__record')!;
    // The shop's name (whole: the merchant chose to follow it), its follow ID, live plans and the follow time.
    expect(names(m)).to.deep.equal(['Harbor Coffee', 'Sunrise Bakery']);
    expect(record.textContent).to.not.include('***');
    expect(record.textContent).to.include('Follow ID');
    expect(record.textContent).to.include('Live plans');
    expect(record.querySelector('time')!.getAttribute('datetime')).to.match(/^\d{4}-\d{2}-\d{2}T/);

    type(m, 'Follow ID', '10000013');
    button(m, 'Follow').click();
    await waitFor(() => listed(m)[0] === '10000013', 'the new follow on top');
    expect(listed(m)).to.deep.equal(['10000013', '10000012', '10000011']);
    // The list is a signal and the field the form's state: React 19 renders both changes at once, React 18 may render
    // the field's a moment after the list's.
    await waitFor(() => input(m, 'Follow ID').value === '', 'the field cleared');
    expect(names(m)[0]).to.equal('Maple Outfitters');
    await waitFor(() => toastText(m).includes('You now follow Maple Outfitters'), 'success toast');
    expect(fieldError(m)).to.equal('');

    // The server has it too.
    const page = await (await fetch('/api/assistance/list', { headers: { 'X-CT': merchant.token } })).json();
    expect(page.data.list.map((r: { proxy_id: string }) => r.proxy_id)).to.deep.equal([
      '10000013',
      '10000012',
      '10000011',
    ]);
  });

  it('keeps the submit busy while the follow is in flight, so a second tap sends nothing', async () => {
    const { m, merchant } = await openOperated();
    await apiFault('/assistance/follow', merchant.token, 'hold');
    try {
      type(m, 'Follow ID', '10000014');
      button(m, 'Follow').click();
      const submit = await waitFor(
        () => $$(m, 'button[type="submit"]').find((b) => b.getAttribute('aria-disabled') === 'true'),
        'busy submit',
      );
      expect(submit.getAttribute('aria-busy')).to.equal('true');
      // The first follow has reached the server's door (and is held there) before the second tap.
      await waitFor(
        async () => (await apiCalls('/assistance/follow', merchant.token)) === 1,
        'the first follow request, held',
      );
      submit.click();
      await apiFault('/assistance/follow', merchant.token, null);
      await waitFor(() => listed(m)[0] === '10000014', 'followed');
      await waitFor(() => submit.getAttribute('aria-disabled') === null, 'submit enabled again');
      // Requests, not rows (the list would show one row either way): a second follow, had the tap sent one, left
      // at the tap, before the first was even released, so it has been counted by now.
      expect(await apiCalls('/assistance/follow', merchant.token), 'follow requests sent').to.equal(1);
      expect(listed(m).filter((id) => id === '10000014')).to.have.length(1);
    } finally {
      await apiFault('/assistance/follow', merchant.token, null);
    }
  });

  it('an unknown ID says "Follow ID error, please re-enter" under the field, keeps the input and adds nothing', async () => {
    const { m } = await openOperated();
    const before = listed(m);
    type(m, 'Follow ID', '99999999');
    button(m, 'Follow').click();
    await waitFor(() => fieldError(m) === 'Follow ID error, please re-enter', "the server's id_error under the field");
    expect(input(m, 'Follow ID').value).to.equal('99999999');
    expect(input(m, 'Follow ID').getAttribute('aria-invalid')).to.equal('true');
    expect(listed(m)).to.deep.equal(before);
    // Shown under the field, not as a toast as well.
    expect(toastText(m)).to.not.include('ID error');
    // Typing again takes the message away until the next submit.
    type(m, 'Follow ID', '999999990');
    await waitFor(() => fieldError(m) === '', 'error cleared by typing');
  });

  it("the merchant's own ID is refused the same way, before any request; letters and digits only; required", async () => {
    const { m, merchant } = await openOperated();
    const before = listed(m);
    // The screen knows the merchant's own ID once it shows it (user info); until then only the server could refuse it.
    await waitText(m, merchant.proxy_id);
    // Any request would hang here: the refusal must not need one.
    await apiFault('/assistance/follow', merchant.token, 'hold');
    try {
      type(m, 'Follow ID', merchant.proxy_id);
      button(m, 'Follow').click();
      await waitFor(() => fieldError(m) === 'Follow ID error, please re-enter', 'own ID refused');
      expect(input(m, 'Follow ID').value).to.equal(merchant.proxy_id);
      expect($(m, 'button[type="submit"]')!.getAttribute('aria-busy')).to.equal(null);

      type(m, 'Follow ID', '1000-0011');
      button(m, 'Follow').click();
      await waitFor(() => fieldError(m) === 'Use letters and digits only', 'pattern message');
      expect(input(m, 'Follow ID').value).to.equal('1000-0011');

      type(m, 'Follow ID', '');
      button(m, 'Follow').click();
      await waitFor(() => fieldError(m) === 'Cannot be empty', 'required');
      expect(listed(m)).to.deep.equal(before);
    } finally {
      await apiFault('/assistance/follow', merchant.token, null);
    }
  });
});
