import { expect } from 'chai';
import type { FundingDetail } from '../../../api/shapes/wallet';
import { $, $$, mountApp, testApi, unmountAll, waitFor, waitRoute } from '../../../../test/browser/support/app';
import { resize } from '../../../../test/browser/support/design';
import { overflowing } from '../../shared/coupon/test-support';
import { cutTexts, isSeen, seenElements, seenText } from '../../../../test/browser/support/visible';
import { merchant } from '../test-support';
import {
  PAY_PASSWORD,
  property,
  ledger,
  rows,
  headers,
  figure,
  dialogs,
  dialog,
  amountInput,
  fieldError,
  typeInto,
  scrollLedgerToEnd,
} from './test-support';

/** The wallet in the merchant's language: narrow screens, amounts as the merchant writes them, remarks and dates. */

/** The language file's words for a key, with its parameters (the test reads the same file the app loads). */
async function words(lang: string): Promise<(key: string, params?: Record<string, string | number>) => string> {
  const dict = await (await fetch(`/locales/${lang}.json`)).json();
  return (key, params = {}) => {
    const raw = key.split('.').reduce((o: any, k) => o?.[k], dict) as string;
    if (typeof raw !== 'string') throw new Error(`${lang}: no ${key}`);
    return raw.replace(/\{\{(\w+)\}\}/g, (_, k) => String(params[k]));
  };
}
const dePlain = (cents: number, locale: string) =>
  (cents / 100).toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe("wallet in the merchant's language", () => {
  afterEach(unmountAll);

  it('German, Russian and Thai at 320 px: the figures, the entries, the ledger and the withdrawal sheet fit, nothing cut', async function () {
    this.timeout(20_000);
    for (const lang of ['de', 'ru', 'th']) {
      const { token } = await merchant({ pay_password: PAY_PASSWORD, card: 'bank', lang });
      const m = await mountApp({ token, initialRoute: '/wallet', language: lang });
      await waitRoute(m, '/wallet');
      await waitFor(
        () => $(m, '.ma-wallet__total')?.textContent?.includes('$') && rows(m).length > 0,
        `${lang}: the wallet`,
      );
      await resize(m, 320);
      const main = $(m, 'main')!;
      expect(overflowing(main, main), `${lang}: the wallet`).to.deep.equal([]);
      expect(
        $(m, '.ma-wallet__entries')!.getBoundingClientRect().left - main.getBoundingClientRect().left,
        `${lang}: 16 px page gutter`,
      ).to.equal(16);
      $$(m, '.ma-wallet__entry')[0].click();
      await waitFor(() => dialog(m)?.querySelector('.ma-withdraw__balance'), `${lang}: the withdrawal sheet`);
      // What the daily limit leaves today, and an amount above it refused in the merchant's language, both whole.
      const w = await words(lang);
      await waitFor(
        () => seenText(m, dialog(m)).includes(w('withdraw.leftToday')),
        `${lang}: what is left today, seen`,
      );
      typeInto(amountInput(m), '5000');
      dialog(m)!.querySelector<HTMLButtonElement>('.ma-popup__footer button[type="submit"]')!.click();
      await waitFor(
        () => seenText(m, dialog(m)).includes(w('errors.withdrawLimitExceeded')),
        `${lang}: the limit's message, seen`,
      );
      await resize(m, 320);
      expect(overflowing(dialog(m)!, dialog(m)!), `${lang}: the sheet`).to.deep.equal([]);
      expect(cutTexts(m, dialog(m)), `${lang}: the sheet's words cut`).to.deep.equal([]);
      unmountAll();
    }
  });

  for (const lang of ['de', 'ru']) {
    it(`${lang}: "10,5" withdraws exactly 10.50; a wrong password says the tries left; "All" fills the balance in the merchant's format and withdraws all of it`, async function () {
      this.timeout(30_000);
      const locale = lang === 'de' ? 'de-DE' : 'ru-RU';
      const w = await words(lang);
      const { username, token } = await merchant({ pay_password: PAY_PASSWORD, card: 'bank', lang });
      // Within the level's 3,000.00 a day, so "All" can withdraw the whole balance.
      await testApi('wallet', { username, balance: '2600.27' });
      const m = await mountApp({ token, initialRoute: '/wallet', language: lang });
      await waitRoute(m, '/wallet');
      await waitFor(() => $(m, '.ma-wallet__total')?.textContent?.includes('$') && rows(m).length > 0, 'the wallet');
      const submitSheet = () =>
        dialog(m)!.querySelector<HTMLButtonElement>('.ma-popup__footer button[type="submit"]')!.click();
      const pin = () => dialog(m)!.querySelector<HTMLInputElement>('.ma-password-input input')!;
      const okButton = () => dialog(m)!.querySelector<HTMLButtonElement>('.ma-popup__footer button[type="submit"]')!;
      const answer = async (digits: string) => {
        await waitFor(() => dialog(m)?.querySelector('.ma-password-input'), 'the password dialog');
        typeInto(pin(), digits);
        await waitFor(() => !okButton().disabled, 'OK');
        okButton().click();
      };

      $$(m, '.ma-wallet__entry')[0].click();
      await waitFor(() => dialog(m)?.querySelector('.ma-withdraw__balance'), 'the withdrawal sheet');
      typeInto(amountInput(m), '10,5');
      submitSheet();
      await answer('000000');
      const wrong = `${w('errors.payPasswordWrong')} ${w('payPassword.triesLeft', { count: 4 })}`;
      await waitFor(() => seenText(m, dialog(m)).includes(wrong), `"${wrong}"`);
      expect(fieldError(m), 'the amount was taken').to.equal('');
      await answer(PAY_PASSWORD);
      await waitFor(() => dialogs(m).length === 0, 'withdrawn');
      let server = await ledger(token);
      expect(server.rows[0]).to.include({ type: 'manual_withdrawal', amount: '-10.50' });
      expect((await property(token)).balance).to.equal('2589.77');

      // "All": the whole balance, as the merchant writes numbers (German 2.589,77, Russian 2 589,77).
      await waitFor(() => figure(m, w('wallet.balance'))?.startsWith(dePlain(258977, locale)), 'the balance after');
      $$(m, '.ma-wallet__entry')[0].click();
      await waitFor(() => dialog(m)?.querySelector('.ma-withdraw__balance'), 'the withdrawal sheet again');
      dialog(m)!.querySelector<HTMLButtonElement>('.ma-withdraw__all')!.click();
      await waitFor(() => amountInput(m).value === dePlain(258977, locale), `"All" as ${dePlain(258977, locale)}`);
      submitSheet();
      await answer(PAY_PASSWORD);
      await waitFor(() => dialogs(m).length === 0, 'all withdrawn');
      server = await ledger(token);
      expect(server.rows[0]).to.include({ type: 'manual_withdrawal', amount: '-2589.77' });
      expect((await property(token)).balance).to.equal('0.00');
    });
  }

  it("German: every remark worded from its kind (a failed put reads as its refund), an operator's note as written, in the row and its detail", async function () {
    this.timeout(30_000);
    const w = await words('de');
    const { username, token } = await merchant({ pay_password: PAY_PASSWORD, card: 'bank', lang: 'de' });
    const note = 'Gutschrift laut Ticket 4471 (Operator)';
    const p = await property(token);
    await testApi('wallet', { username, balance: (Number(p.balance) + 5).toFixed(2), note });
    await testApi('wallet', { username, balance: (Number(p.balance) + 10).toFixed(2) });
    const server = await ledger(token);
    const m = await mountApp({ token, initialRoute: '/wallet', language: 'de' });
    await waitRoute(m, '/wallet');
    await waitFor(() => rows(m).length > 0, 'the ledger');
    await scrollLedgerToEnd(m, server.rows.length);
    const expected = (f: FundingDetail) =>
      f.remark_data ? w(`wallet.remark.${f.remark_data.kind}`, f.remark_data) : (f.remark ?? w('wallet.none'));
    rows(m).forEach((el, i) =>
      expect(el.querySelector('.ma-flow__remark')!.textContent, JSON.stringify(server.rows[i])).to.equal(
        expected(server.rows[i]),
      ),
    );
    const remarkOfRow = (id: number) =>
      rows(m)
        .find((r) => Number(r.dataset.id) === id)!
        .querySelector('.ma-flow__remark')!.textContent;
    expect(remarkOfRow(server.rows[0].id)).to.equal('Aufladung über den Kundenservice');
    expect(remarkOfRow(server.rows[1].id), "a person's note as written").to.equal(note);
    const refund = server.rows.find((f) => f.remark_data?.kind === 'put_refund')!;
    expect(refund, "a failed put's refund in the ledger").to.not.equal(undefined);
    const plan = (refund.remark_data as { plan: string }).plan;
    expect(remarkOfRow(refund.id)).to.equal(`Erstattung: Schaltung fehlgeschlagen, Plan ${plan}`);
    const put = server.rows.find((f) => f.remark_data?.kind === 'put')!;
    expect(remarkOfRow(put.id)).to.equal(`Schaltung von Plan ${(put.remark_data as { plan: string }).plan}`);
    // The detail says it the same way.
    const row = rows(m).find((r) => Number(r.dataset.id) === refund.id)!;
    row.scrollIntoView();
    row.querySelector('button')!.click();
    await waitFor(
      () =>
        dialog(m)?.querySelector('.ma-flow-detail') &&
        seenText(m, dialog(m)).includes(`Erstattung: Schaltung fehlgeschlagen, Plan ${plan}`),
      'the detail says it too',
    );
  });

  it('Russian at 320 px: a date keeps its year and "г." on one line (month headers, the row\'s detail)', async function () {
    this.timeout(20_000);
    const { token } = await merchant({ pay_password: PAY_PASSWORD, card: 'bank', lang: 'ru' });
    const m = await mountApp({ token, initialRoute: '/wallet', language: 'ru' });
    await waitRoute(m, '/wallet');
    await waitFor(() => rows(m).length > 0 && headers(m).length > 0, 'the ledger');
    await resize(m, 320);
    /** Every "2026 г." inside `el`: joined by a no-break space, and drawn on one line. */
    const yearsTogether = (el: Element) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      let found = 0;
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        for (const match of n.textContent!.matchAll(/\d{4}\s?г\./g)) {
          found++;
          expect(match[0], `"${n.textContent}"`).to.match(/^\d{4}\u00a0г\.$/);
          const range = document.createRange();
          range.setStart(n, match.index);
          range.setEnd(n, match.index + match[0].length);
          const tops = new Set(
            Array.from(range.getClientRects())
              .filter((r) => r.width > 0)
              .map((r) => Math.round(r.top)),
          );
          expect(tops.size, `"${match[0]}" on one line`).to.equal(1);
        }
      }
      return found;
    };
    const seenHeaders = seenElements(m, '.ma-ledger__month');
    expect(seenHeaders.length).to.be.greaterThan(0);
    expect(
      seenHeaders.reduce((a, h) => a + yearsTogether(h), 0),
      'the month headers name their year',
    ).to.be.greaterThan(0);
    const row = rows(m)[0];
    expect(isSeen(m, row)).to.equal(true);
    row.querySelector('button')!.click();
    await waitFor(() => dialog(m)?.querySelector('.ma-flow-detail'), 'the detail');
    expect(yearsTogether(dialog(m)!), "the detail's time").to.be.greaterThan(0);
  });
});
