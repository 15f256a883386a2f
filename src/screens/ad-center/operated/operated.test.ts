import { expect } from 'chai';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import {
  $,
  $$,
  apiCalls,
  apiFault,
  button,
  freshMerchant,
  input,
  mountApp,
  text,
  type,
  unique,
  unmountAll,
  waitFor,
  waitRoute,
  waitText,
  type Mounted,
} from '../../../../test/browser/support/app';
import { expectAxeClean, scrollToEnd } from '../../../../test/browser/support/render';
import { resize } from '../../../../test/browser/support/design';

const ROUTE = '/ad-center/operated';

/** The follow IDs of the follow list, top first. */
const listed = (m: Mounted) => $$(m, '.ma-operated__record-id').map((h) => h.textContent);
/** The shops' names of the follow list, top first. */
const names = (m: Mounted) => $$(m, '.ma-operated__record h3').map((h) => h.textContent);
/** The row of the follow with this follow ID. */
const rowOf = (m: Mounted, id: string) =>
  $$(m, '.ma-operated__record').find((r) => r.querySelector('.ma-operated__record-id')?.textContent === id);
/** The open confirm sheet, if any. */
const sheet = (m: Mounted) => $(m, '.ma-prompt-sheet');
const sheetButton = (m: Mounted, name: string) => {
  const b = Array.from(sheet(m)?.querySelectorAll('button') ?? []).find((x) => x.textContent?.trim() === name);
  if (!b) throw new Error(`no button "${name}" in the sheet`);
  return b;
};
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
  const r = await fetch('/api/assistance/follow', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CT': token },
    body: JSON.stringify({ proxy_id: proxyId }),
  });
  const j = await r.json();
  if (j.code !== 200) throw new Error(`follow ${proxyId}: ${JSON.stringify(j)}`);
}

const center = (el: Element): [number, number] => {
  const b = el.getBoundingClientRect();
  return [Math.round(b.left + b.width / 2), Math.round(b.top + b.height / 2)];
};

describe('plan follow (/ad-center/operated)', () => {
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

  it('shows my own follow ID with a copy button whose copy is confirmed and really lands on the clipboard', async () => {
    const { m, merchant } = await openOperated();
    await waitText(m, merchant.proxy_id);
    expect($(m, '.ma-operated__my-id')!.textContent).to.equal(merchant.proxy_id);
    // A real click (user activation), as a finger's.
    await sendMouse({ type: 'click', position: center(button(m, 'Copy')) });
    await waitFor(() => toastText(m).includes('Copied'), 'copy confirmed');
    // Paste it into the follow field: what was copied is the ID.
    input(m, 'Follow ID').focus();
    await sendKeys({ press: navigator.platform.includes('Mac') ? 'Meta+V' : 'Control+V' });
    await waitFor(() => input(m, 'Follow ID').value === merchant.proxy_id, 'pasted ID');
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
    const username = unique('op');
    const r = await fetch('/api/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        username,
        password: 'secret123',
        confirm_password: 'secret123',
        email: `${username}@example.com`,
        phone: '+4915112345678',
        license_key: 'DEMO-LICENSE',
        terms: true,
      }),
    });
    const { data } = await r.json();
    const m = await mountApp({ token: data.token, initialRoute: ROUTE });
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

  it('my ID and the rules: skeletons while they load, a retry when they fail', async () => {
    const merchant = await freshMerchant();
    await apiFault('/user/info', merchant.token, 'hold');
    await apiFault('/basic_config', merchant.token, 'hold');
    try {
      const m = await mountApp({ token: merchant.token, initialRoute: ROUTE });
      await waitRoute(m, ROUTE);
      await waitFor(
        () => $(m, '.ma-operated__mine .ma-skeleton') && $(m, '.ma-operated__rules .ma-skeleton'),
        'both skeletons',
      );
      expect(() => button(m, 'Copy')).to.throw();
      await apiFault('/user/info', merchant.token, 'fail');
      await apiFault('/basic_config', merchant.token, 'fail');
      await waitText(m, 'Could not load your follow ID.');
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
    expect($(m, '.ma-operated__rules .ma-rich-text')!.textContent.trim()).to.not.equal('');
    await expectAxeClean(m.shadow);
  });

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

  for (const lang of ['en', 'de']) {
    it(`one name for the ID in ${lang}: the home's label, the follow page's field and card, and one title`, async () => {
      const merchant = await freshMerchant(lang);
      const home = await mountApp({ token: merchant.token, initialRoute: '/ad-center', language: lang });
      await waitRoute(home, '/ad-center');
      // The home's ID: the label beside the merchant's own ID (found by the ID, not by the home's class names).
      const idEl = await waitFor(
        () => $$(home, 'span, strong, div').find((e) => e.children.length === 0 && e.textContent === merchant.proxy_id),
        'my ID on home',
      );
      const homeLabel = idEl.parentElement!.textContent.replace(merchant.proxy_id, '').trim();
      const copyName = $$(home, 'button')
        .map((b) => b.getAttribute('aria-label') ?? '')
        .find((n) => n.toLowerCase().includes(homeLabel.toLowerCase()));
      expect(copyName, `a copy button named with "${homeLabel}"`).to.be.a('string');
      const homeButtons = $$(home, 'button').map((b) => b.textContent.trim());
      unmountAll();

      const m = await mountApp({ token: merchant.token, initialRoute: ROUTE, language: lang });
      await waitRoute(m, ROUTE);
      await waitText(m, merchant.proxy_id);
      await waitFor(() => listed(m).length === 2, 'the follow list');
      // The operating rules too (operator content, seeded naming the ID the same way).
      await waitFor(() => $(m, '.ma-operated__rules .ma-rich-text'), 'the rules');
      expect($(m, '.ma-operated__rules')!.textContent.toLowerCase()).to.include(
        { en: 'follow id', de: 'folge-id' }[lang],
      );
      const field = labelOf(m);
      const card = $(m, '.ma-operated__mine h2')!.textContent;
      expect(field, 'the field names the ID as home does').to.equal(homeLabel);
      expect(card.toLowerCase(), 'the card names it too').to.include(homeLabel.toLowerCase());
      expect($(m, '.ma-operated__facts dt')!.textContent, 'each row names it too').to.equal(homeLabel);
      const title = $(m, '.ma-nav-bar__title')!.textContent;
      expect(homeButtons, 'the home grid entry is the title').to.include(title);
      expect(title).to.equal({ en: 'Plan follow', de: 'Plänen folgen' }[lang]);
      // The ID error names it the same way.
      type(m, field, '99999999');
      $(m, 'button[type="submit"]')!.click();
      await waitFor(() => fieldError(m) !== '', 'the ID error');
      expect(fieldError(m).toLowerCase()).to.include(homeLabel.toLowerCase());
      for (const old of ['proxy', 'operated', 'Betreiber-ID', 'About plan follow', 'Über das Folgen']) {
        expect(text(m), old).to.not.include(old);
      }
      expect({ en: 'Follow ID', de: 'Folge-ID' }[lang]).to.equal(homeLabel);
    });
  }

  it('the unfollow sheet holds at 320 px in every language: its words whole, its buttons 44 px', async () => {
    const merchant = await freshMerchant();
    for (const lang of ['cht', 'de', 'en', 'fr', 'jp', 'kor', 'pt', 'ru', 'spa', 'th', 'vi', 'zh']) {
      const m = await mountApp({ token: merchant.token, initialRoute: ROUTE, language: lang });
      await waitRoute(m, ROUTE);
      await waitFor(() => listed(m).length >= 2, 'the seeded follows');
      await resize(m, 320);
      $(m, '.ma-operated__unfollow')!.click();
      const box = await waitFor(() => sheet(m), `the confirm sheet (${lang})`);
      try {
        expectFits(m, box);
      } catch (e) {
        throw new Error(`${lang}: ${(e as Error).message}`, { cause: e });
      }
      $$(m, '.ma-prompt-sheet button')[0].click();
      await waitFor(() => !sheet(m), 'closed');
      unmountAll();
    }
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
      // The unfollow sheet too: its words whole, its buttons 44 px.
      $(m, '.ma-operated__unfollow')!.click();
      const box = await waitFor(() => sheet(m), 'the confirm sheet');
      expectFits(m, box);
      await expectAxeClean(m.shadow);
    });
  }
});

/** The follow field's label, whatever the language. */
function labelOf(m: Mounted): string {
  const id = $(m, '.ma-operated__follow input')!.id;
  return m.shadow
    .querySelector(`label[for="${id}"]`)!
    .textContent.replace(/[*\s]+$/, '')
    .trim();
}

/** No element of the screen (or of `page`) sticks out of the column or clips its text; every control is at least 44 x 44. */
function expectFits(m: Mounted, page: HTMLElement = $(m, '.ma-operated')!): void {
  const right = page.getBoundingClientRect().right + 0.5;
  for (const el of page.querySelectorAll<HTMLElement>('*')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || el.closest('svg') || el.classList.contains('ma-sr-only')) continue;
    expect(box.right, `${el.className || el.tagName}: ${el.textContent?.slice(0, 40)}`).to.be.at.most(right);
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') {
      throw new Error(
        `clipped: ${el.className || el.tagName} (${el.scrollWidth} > ${el.clientWidth}): ${el.textContent?.slice(0, 60)}`,
      );
    }
  }
  for (const c of page.querySelectorAll<HTMLElement>('button, input')) {
    const box = c.getBoundingClientRect();
    expect(box.height, `${c.textContent || c.tagName} height`).to.be.at.least(44);
    expect(box.width, `${c.textContent || c.tagName} width`).to.be.at.least(44);
  }
}
