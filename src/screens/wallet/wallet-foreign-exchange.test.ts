import { expect } from 'chai';
import type { AcceptorOrder, AcceptorPage } from '../../api/shapes/wallet';
import {
  $,
  $$,
  apiCalls,
  apiFault,
  input,
  type,
  unmountAll,
  waitFor,
  waitText,
} from '../../../test/browser/support/app';
import { contrast, parseColor } from '../../../test/browser/support/design';
import { seenElements, seenText } from '../../../test/browser/support/visible';
import { expectAxeClean, scrollToEnd, settleAnimations } from '../../../test/browser/support/render';
import { toastNow } from '../shared/coupon/test-support';
import { FX_PAGE_SIZE } from './foreign-exchange/model';
import { merchant, data, open, buttonNamed, fieldError, radio } from './test-support';

/** Foreign exchange against the reference server: acceptance codes, the current acceptance, the records, failures. */

// The reusable demo codes are the seed's (server/seed/seed-wallet.ts).
const PERSONAL_CODE = 'FX-PERSONAL-2026';
const ENTERPRISE_CODE = 'FX-ENTERPRISE-2026';

/** WCAG 2 contrast of two computed colours (any syntax: a token's color-mix() computes to color(srgb …)). */
const contrastOf = (a: string, b: string) => contrast(parseColor(a), parseColor(b));

describe('wallet forms: foreign exchange', () => {
  afterEach(unmountAll);

  it("foreign exchange: none yet; a wrong code and a code of the other type refused under the field and kept; each type's code opens the current acceptance with its limit; rate limited; axe clean", async () => {
    const { token } = await merchant();
    const m = await open(token, '/wallet/foreign-exchange');
    await waitText(m, 'No acceptance in progress');
    await waitText(m, 'No transaction records yet');
    buttonNamed(m, 'Enter an acceptance code')!.click();
    expect(m.shadow.activeElement, 'the way forward: the code entry').to.equal(input(m, 'Acceptance code'));
    // The transparent header's white words on the hero (a gradient of two theme colours), 4.5:1 at least on both ends.
    const hero = $(m, '.ma-hero')!;
    const title = $(m, '.ma-nav-bar__title')!;
    expect(getComputedStyle(hero).backgroundImage).to.include('gradient');
    // The bar turns transparent with a colour transition: the words are read where it ends, as a person sees them.
    await settleAnimations(m.shadow);
    for (const token of ['--ma-primary-dark', '--ma-primary']) {
      const probe = document.createElement('i');
      probe.style.color = `var(${token})`;
      hero.append(probe);
      const end = getComputedStyle(probe).color;
      probe.remove();
      expect(contrastOf(getComputedStyle(title).color, end), `the title on ${token}`).to.be.at.least(4.5);
      expect(
        contrastOf(getComputedStyle($(m, '.ma-fx__none')!).color, end),
        `the hero's text on ${token}`,
      ).to.be.at.least(4.5);
    }
    await expectAxeClean(m.shadow);
    const CODE = 'Acceptance code';
    const submit = () => buttonNamed(m, 'Submit')!.click();

    expect(radio(m, 'Personal').checked).to.equal(true);
    type(m, CODE, 'NO-SUCH-CODE');
    submit();
    await waitFor(() => fieldError(m, CODE) === 'Acceptance code error', 'wrong code');
    expect(input(m, CODE).value).to.equal('NO-SUCH-CODE');
    type(m, CODE, ENTERPRISE_CODE);
    await waitFor(() => fieldError(m, CODE) === '', 'the error goes as one types');
    submit();
    await waitFor(() => fieldError(m, CODE) === 'Acceptance code error', "the other type's code");
    expect(input(m, CODE).value).to.equal(ENTERPRISE_CODE);
    await expectAxeClean(m.shadow);

    radio(m, 'Enterprise').click();
    submit();
    await waitFor(() => toastNow(m.shadow).includes('Acceptance opened'), 'opened');
    let page = await data<AcceptorPage>(token, '/acceptor/order/list');
    const money = (s: string) => `$${Number(s).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    const heroShows = (type: string, o: { amount: string; limit: string }) =>
      $(m, '.ma-fx__hero .ma-fx__type')?.textContent === type &&
      $(m, '.ma-fx__hero .ma-fx__amount')?.textContent === money(o.amount) &&
      $(m, '.ma-fx__hero .ma-fx__limit')?.textContent === `Limit within ${money(o.limit)}`;
    await waitFor(() => heroShows('Enterprise', page.current!), 'the enterprise acceptance');
    expect($(m, '.ma-fx__hero .ma-fx__state')!.textContent).to.equal('Accepting');
    expect(input(m, CODE).value, 'cleared').to.equal('');
    await waitFor(() => $$(m, '.ma-fx__records article').length === 1, 'the records refreshed');

    radio(m, 'Personal').click();
    type(m, CODE, PERSONAL_CODE.toLowerCase());
    submit();
    await waitFor(() => $$(m, '.ma-fx__records article').length === 2, 'two records');
    page = await data<AcceptorPage>(token, '/acceptor/order/list');
    expect(page.current!.type).to.equal('personal');
    await waitFor(() => heroShows('Personal', page.current!), 'the personal acceptance');
    const rows = $$(m, '.ma-fx__records article');
    expect(rows[0].querySelector('.ma-fx__state')!.textContent).to.equal('Accepting');
    expect(rows[1].querySelector('.ma-fx__type')!.textContent).to.equal('Enterprise');
    expect(rows[1].querySelector('.ma-fx__state')!.textContent).to.equal('Closed');
    expect(rows[1].querySelector('.ma-fx__limit')!.textContent).to.equal(`Limit within ${money(page.list[1].limit)}`);
    await expectAxeClean(m.shadow);

    // Wrong guesses are limited (5 in the window, the two above counted): then the limit's message on the field.
    for (let i = 0; i < 4 && fieldError(m, CODE) !== 'Too many attempts. Please wait a moment and try again.'; i++) {
      type(m, CODE, `WRONG-${i}`);
      await waitFor(() => fieldError(m, CODE) === '', 'cleared');
      submit();
      await waitFor(() => fieldError(m, CODE) !== '', `refusal ${i}`);
    }
    expect(fieldError(m, CODE)).to.equal('Too many attempts. Please wait a moment and try again.');
  });

  it('foreign exchange: the records paged as the list scrolls, each with its type, amount, limit, state and time', async () => {
    const { token } = await merchant();
    const n = FX_PAGE_SIZE + 3;
    for (let i = 0; i < n; i++)
      await data(token, '/acceptor/detail', {
        type: i % 2 ? 'enterprise' : 'personal',
        code: i % 2 ? ENTERPRISE_CODE : PERSONAL_CODE,
      });
    const server = await data<AcceptorPage>(token, `/acceptor/order/list?page_size=${n}`);
    expect(server.total).to.equal(n);
    const m = await open(token, '/wallet/foreign-exchange');
    const rows = () => $$(m, '.ma-fx__records article');
    await waitFor(() => rows().length === FX_PAGE_SIZE, 'the first page');
    await scrollToEnd($(m, 'main')!);
    await waitFor(() => rows().length === n, 'every record');
    const money = (s: string) => `$${Number(s).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    const shown = () =>
      JSON.stringify(
        rows().map((r) => [
          r.querySelector('.ma-fx__type')!.textContent,
          r.querySelector('.ma-fx__amount')!.textContent,
          r.querySelector('.ma-fx__limit')!.textContent,
          r.querySelector('.ma-fx__state')!.textContent,
          r.querySelector('time')!.getAttribute('datetime'),
        ]),
      );
    const want = JSON.stringify(
      server.list.map((o) => [
        o.type === 'personal' ? 'Personal' : 'Enterprise',
        money(o.amount),
        `Limit within ${money(o.limit)}`,
        o.state === 'accepting' ? 'Accepting' : 'Closed',
        o.create_time,
      ]),
    );
    // The amounts take the configured currency once basic config is in (a fresh mount loads it).
    await waitFor(() => shown() === want, 'each record as the server has it').catch((e: Error) => {
      throw new Error(`${e.message}: ${shown()} ≠ ${want}`);
    });
    expect(rows().filter((r) => r.querySelector('.ma-fx__state')!.textContent === 'Accepting')).to.have.length(1);
    await expectAxeClean(m.shadow);
  });

  it('foreign exchange: records shown before basic config is in take its currency once it arrives', async () => {
    const { token } = await merchant();
    const opened = await data<AcceptorOrder>(token, '/acceptor/detail', { type: 'personal', code: PERSONAL_CODE });
    const plain = Number(opened.amount).toLocaleString('en-US', { minimumFractionDigits: 2 });
    await apiFault('/basic_config', token, 'hold');
    try {
      const m = await open(token, '/wallet/foreign-exchange');
      const amounts = () => seenElements(m, '.ma-fx__records .ma-fx__amount').map((e) => e.textContent);
      await waitFor(() => amounts()[0] === plain, 'the record, before the config names a currency');
      await apiFault('/basic_config', token, null);
      await waitFor(() => amounts()[0] === `$${plain}`, 'the record in the configured currency').catch((e: Error) => {
        throw new Error(`${e.message}: ${amounts().join(', ')}`);
      });
    } finally {
      await apiFault('/basic_config', token, null);
    }
  });

  it('foreign exchange offline: the failure with Retry, never "no acceptance in progress" while one is open; Retry shows it', async () => {
    const { token } = await merchant();
    const opened = await data<AcceptorOrder>(token, '/acceptor/detail', { type: 'personal', code: PERSONAL_CODE });
    await apiFault('/acceptor/order/list', token, 'fail');
    try {
      const m = await open(token, '/wallet/foreign-exchange');
      await waitFor(() => seenText(m).includes('The current acceptance could not be loaded'), 'the failure');
      expect(seenText(m)).to.not.include('No acceptance in progress');
      expect(seenText(m), 'the records say so too, not "no records"').to.not.include('No transaction records yet');
      const retry = seenElements<HTMLButtonElement>(m, '.ma-fx__hero button').find((b) => b.textContent === 'Retry');
      expect(retry, 'Retry in the hero').to.not.equal(undefined);
      await expectAxeClean(m.shadow);
      await apiFault('/acceptor/order/list', token, null);
      retry!.click();
      await waitFor(
        () =>
          seenElements(m, '.ma-fx__hero .ma-fx__amount')[0]?.textContent ===
          `$${Number(opened.amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
        'the open acceptance',
      );
      expect(seenText(m)).to.not.include('could not be loaded');
    } finally {
      await apiFault('/acceptor/order/list', token, null);
    }
  });

  it('foreign exchange: a double tap on Submit sends once; after the toast the cleared code shows no error, even when the second tap lands after the answer', async () => {
    const { token } = await merchant();
    const m = await open(token, '/wallet/foreign-exchange');
    await waitText(m, 'No acceptance in progress');
    type(m, 'Acceptance code', PERSONAL_CODE);
    const submit = () => buttonNamed(m, 'Submit')!.click();
    submit();
    submit();
    await waitFor(() => toastNow(m.shadow).includes('Acceptance opened'), 'opened');
    await waitFor(() => input(m, 'Acceptance code').value === '', 'cleared');
    submit();
    // Nothing to wait for: a wrong outcome would be an error under the cleared field within a frame or two.
    await new Promise((ok) => setTimeout(ok, 300));
    expect(await apiCalls('/acceptor/detail', token), 'one request').to.equal(1);
    expect(fieldError(m, 'Acceptance code')).to.equal('');
    expect(seenText(m)).to.not.include('Cannot be empty');
  });
});
