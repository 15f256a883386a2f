import { expect } from 'chai';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { $, $$, apiCalls, apiFault, button, freshMerchant, input, mountApp, text, type, unique, unmountAll, waitFor, waitRoute, waitText, type Mounted } from '../../../../test/browser/support/app';
import { expectAxeClean, scrollToEnd } from '../../../../test/browser/support/render';
import { resize } from '../../../../test/browser/support/design';

const ROUTE = '/ad-center/operated';

/** The proxy IDs of the follow list, top first. */
const listed = (m: Mounted) => $$(m, '.ma-operated__record h3').map((h) => h.textContent);
const fieldError = (m: Mounted) => $(m, '.ma-operated__follow .ma-field__error')?.textContent ?? '';
/** The toast's region (pull to refresh has a status region of its own). */
const toastText = (m: Mounted) => $(m, '.ma-toast-region')?.textContent ?? '';

async function openOperated(lang?: string) {
  const merchant = await freshMerchant(lang);
  const m = await mountApp({ token: merchant.token, initialRoute: ROUTE, ...(lang ? { language: lang } : {}) });
  await waitRoute(m, ROUTE);
  // The fresh merchant follows 10000011 and 10000012 already (the seed).
  await waitFor(() => listed(m).length >= 2, 'the seeded follows');
  return { m, merchant };
}

/** Straight to the API, as another device of the same merchant would. */
async function followByApi(token: string, proxyId: string): Promise<void> {
  const r = await fetch('/api/assistance/follow', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CT': token }, body: JSON.stringify({ proxy_id: proxyId }) });
  const j = await r.json();
  if (j.code !== 200) throw new Error(`follow ${proxyId}: ${JSON.stringify(j)}`);
}

const center = (el: Element): [number, number] => {
  const b = el.getBoundingClientRect();
  return [Math.round(b.left + b.width / 2), Math.round(b.top + b.height / 2)];
};

describe('plan follow (/ad-center/operated, issue 11)', () => {
  afterEach(unmountAll);

  it('follows a seeded operator: it goes to the top of the list, the field is cleared and success is said', async () => {
    const { m, merchant } = await openOperated();
    expect(listed(m)).to.deep.equal(['10000012', '10000011']);
    const record = $(m, '.ma-operated__record')!;
    // Masked nickname, live plans and the follow time in the merchant's language.
    expect(record.textContent).to.match(/\*\*\*/);
    expect(record.textContent).to.include('Live plans');
    expect(record.querySelector('time')!.getAttribute('datetime')).to.match(/^\d{4}-\d{2}-\d{2}T/);

    type(m, 'Operated ID', '10000013');
    button(m, 'Follow').click();
    await waitFor(() => listed(m)[0] === '10000013', 'the new follow on top');
    expect(listed(m)).to.deep.equal(['10000013', '10000012', '10000011']);
    expect(input(m, 'Operated ID').value).to.equal('');
    await waitFor(() => toastText(m).includes('You now follow 10000013'), 'success toast');
    expect(fieldError(m)).to.equal('');

    // The server has it too.
    const page = await (await fetch('/api/assistance/list', { headers: { 'X-CT': merchant.token } })).json();
    expect(page.data.list.map((r: { proxy_id: string }) => r.proxy_id)).to.deep.equal(['10000013', '10000012', '10000011']);
  });

  it('keeps the submit busy while the follow is in flight, so a second tap sends nothing', async () => {
    const { m, merchant } = await openOperated();
    await apiFault('/assistance/follow', merchant.token, 'hold');
    try {
      type(m, 'Operated ID', '10000014');
      button(m, 'Follow').click();
      const submit = await waitFor(() => $$(m, 'button[type="submit"]').find((b) => b.getAttribute('aria-disabled') === 'true'), 'busy submit');
      expect(submit.getAttribute('aria-busy')).to.equal('true');
      // The first follow has reached the server's door (and is held there) before the second tap.
      await waitFor(async () => (await apiCalls('/assistance/follow', merchant.token)) === 1, 'the first follow request, held');
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

  it('an unknown ID says "ID error, please re-enter" under the field, keeps the input and adds nothing', async () => {
    const { m } = await openOperated();
    const before = listed(m);
    type(m, 'Operated ID', '99999999');
    button(m, 'Follow').click();
    await waitFor(() => fieldError(m) === 'ID error, please re-enter', 'the server\'s id_error under the field');
    expect(input(m, 'Operated ID').value).to.equal('99999999');
    expect(input(m, 'Operated ID').getAttribute('aria-invalid')).to.equal('true');
    expect(listed(m)).to.deep.equal(before);
    // Shown under the field, not as a toast as well.
    expect(toastText(m)).to.not.include('ID error');
    // Typing again takes the message away until the next submit.
    type(m, 'Operated ID', '999999990');
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
      type(m, 'Operated ID', merchant.proxy_id);
      button(m, 'Follow').click();
      await waitFor(() => fieldError(m) === 'ID error, please re-enter', 'own ID refused');
      expect(input(m, 'Operated ID').value).to.equal(merchant.proxy_id);
      expect($(m, 'button[type="submit"]')!.getAttribute('aria-busy')).to.equal(null);

      type(m, 'Operated ID', '1000-0011');
      button(m, 'Follow').click();
      await waitFor(() => fieldError(m) === 'Use letters and digits only', 'pattern message');
      expect(input(m, 'Operated ID').value).to.equal('1000-0011');

      type(m, 'Operated ID', '');
      button(m, 'Follow').click();
      await waitFor(() => fieldError(m) === 'Cannot be empty', 'required');
      expect(listed(m)).to.deep.equal(before);
    } finally {
      await apiFault('/assistance/follow', merchant.token, null);
    }
  });

  it('shows my own operated ID with a copy button whose copy is confirmed and really lands on the clipboard', async () => {
    const { m, merchant } = await openOperated();
    await waitText(m, merchant.proxy_id);
    expect($(m, '.ma-operated__my-id')!.textContent).to.equal(merchant.proxy_id);
    // A real click (user activation), as a finger's.
    await sendMouse({ type: 'click', position: center(button(m, 'Copy')) });
    await waitFor(() => toastText(m).includes('Copied'), 'copy confirmed');
    // Paste it into the follow field: what was copied is the ID.
    input(m, 'Operated ID').focus();
    await sendKeys({ press: navigator.platform.includes('Mac') ? 'Meta+V' : 'Control+V' });
    await waitFor(() => input(m, 'Operated ID').value === merchant.proxy_id, 'pasted ID');
  });

  it('pages through a long list as it scrolls, and pull to refresh shows a follow made elsewhere', async () => {
    const { m, merchant } = await openOperated();
    // 23 more operators of their own (fresh merchants are followable): 25 follows, more than the page of 20.
    const others = await Promise.all(Array.from({ length: 23 }, () => freshMerchant()));
    for (const o of others) await followByApi(merchant.token, o.proxy_id);
    const scroller = $(m, '.ma-pull-refresh')!;

    // Nothing of it shows until a refresh: pull from the top (touch), as a finger would.
    const touch = (type: string, y: number) => {
      const t = new Touch({ identifier: 1, target: scroller, clientX: 100, clientY: y });
      scroller.dispatchEvent(new TouchEvent(type, { touches: type === 'touchend' ? [] : [t], changedTouches: [t], bubbles: true, cancelable: true, composed: true }));
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
    const username = unique('op');
    const r = await fetch('/api/auth/register', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password: 'secret123', confirm_password: 'secret123', email: `${username}@example.com`, phone: '+4915112345678', license_key: 'DEMO-LICENSE', terms: true }),
    });
    const { data } = await r.json();
    const m = await mountApp({ token: data.token, initialRoute: ROUTE });
    await waitRoute(m, ROUTE);
    await waitText(m, "You don't follow any operator yet.");
    expect(listed(m)).to.deep.equal([]);
    await expectAxeClean(m.shadow);
    button(m, 'Enter an operated ID').click();
    await waitFor(() => m.shadow.activeElement === input(m, 'Operated ID'), 'focus in the field');
    type(m, 'Operated ID', '10000011');
    button(m, 'Follow').click();
    await waitFor(() => listed(m)[0] === '10000011', 'the first follow');
    expect(text(m)).to.not.include("You don't follow");
  });

  it('my ID and the rules: skeletons while they load, a retry when they fail', async () => {
    const merchant = await freshMerchant();
    await apiFault('/user/info', merchant.token, 'hold');
    await apiFault('/basic_config', merchant.token, 'hold');
    try {
      const m = await mountApp({ token: merchant.token, initialRoute: ROUTE });
      await waitRoute(m, ROUTE);
      await waitFor(() => $(m, '.ma-operated__mine .ma-skeleton') && $(m, '.ma-operated__rules .ma-skeleton'), 'both skeletons');
      expect(() => button(m, 'Copy')).to.throw();
      await apiFault('/user/info', merchant.token, 'fail');
      await apiFault('/basic_config', merchant.token, 'fail');
      await waitText(m, 'Could not load your operated ID.');
      await waitText(m, 'Could not load the operating rules.');
      await expectAxeClean(m.shadow);
      await apiFault('/user/info', merchant.token, null);
      await apiFault('/basic_config', merchant.token, null);
      for (const b of $$(m, '.ma-operated button.ma-link')) b.click();
      await waitFor(() => $(m, '.ma-operated__my-id')?.textContent === merchant.proxy_id, 'my ID after the retry');
      await waitFor(() => $(m, '.ma-operated__rules .ma-rich-text'), 'rules after the retry');
      expect(() => button(m, 'Copy')).to.not.throw();
    } finally {
      await apiFault('/user/info', merchant.token, null);
      await apiFault('/basic_config', merchant.token, null);
    }
  });

  it('shows the operating rules as rich text, and is axe clean', async () => {
    const { m } = await openOperated();
    await waitFor(() => $(m, '.ma-operated__rules .ma-rich-text'), 'rules');
    expect($(m, '.ma-operated__rules .ma-rich-text')!.textContent!.trim()).to.not.equal('');
    await expectAxeClean(m.shadow);
  });

  for (const lang of ['de', 'ru', 'th']) {
    it(`holds at 320 px in ${lang}: nothing cut off or wider than the column, targets of 44 px`, async () => {
      const { m } = await openOperated(lang);
      await waitFor(() => $(m, '.ma-operated__rules .ma-rich-text'), 'rules');
      type(m, labelOf(m), '99999999');
      $(m, 'button[type="submit"]')!.click();
      await waitFor(() => fieldError(m) !== '', 'an error under the field');
      await resize(m, 320);
      expectFits(m);
    });
  }
});

/** The follow field's label, whatever the language. */
function labelOf(m: Mounted): string {
  const id = $(m, '.ma-operated__follow input')!.id;
  return m.shadow.querySelector(`label[for="${id}"]`)!.textContent!.replace(/[*\s]+$/, '').trim();
}

/** No element of the screen sticks out of the column or clips its text; every control is at least 44 x 44. */
function expectFits(m: Mounted): void {
  const page = $(m, '.ma-operated')!;
  const right = page.getBoundingClientRect().right + 0.5;
  for (const el of page.querySelectorAll<HTMLElement>('*')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || el.closest('svg') || el.classList.contains('ma-sr-only')) continue;
    expect(box.right, `${el.className || el.tagName}: ${el.textContent?.slice(0, 40)}`).to.be.at.most(right);
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') {
      throw new Error(`clipped: ${el.className || el.tagName} (${el.scrollWidth} > ${el.clientWidth}): ${el.textContent?.slice(0, 60)}`);
    }
  }
  for (const c of page.querySelectorAll<HTMLElement>('button, input')) {
    const box = c.getBoundingClientRect();
    expect(box.height, `${c.textContent || c.tagName} height`).to.be.at.least(44);
    expect(box.width, `${c.textContent || c.tagName} width`).to.be.at.least(44);
  }
}
