import { expect } from 'chai';
import md5 from 'blueimp-md5';
import { sendKeys } from '@web/test-runner-commands';
import { cleanup, expectAxeClean, settle, waitFor } from '../../test/browser/support/render';
import { animationsDone, renderWithOverlays } from '../../test/browser/support/overlays';
import { deferred } from '../../test/browser/support/deferred';
import passwordCss from '../ui/password-input/password-input.css';
import buttonCss from '../ui/button/button.css';
import promptsCss from './prompts.css';
import { deepActiveElement } from '../ui/overlay/focus';
import { confirmSheet, passwordPrompt, type PasswordVerdict } from './prompts';

function setup() {
  const r = renderWithOverlays(() => (
    <button type="button" id="trigger">
      Trigger
    </button>
  ));
  // The component styles the app would have added (addStyles) are given to the test shadow root directly.
  const extra = document.createElement('style');
  extra.textContent = [passwordCss, buttonCss, promptsCss].join('\n');
  r.shadow.appendChild(extra);
  r.$('#trigger')!.focus();
  const dialog = () => r.$('[role="dialog"]');
  const active = () => deepActiveElement(r.shadow);
  const shown = async () => {
    await waitFor(() => dialog() && dialog()!.contains(active()), 'dialog open with focus inside');
    await animationsDone(r.shadow);
  };
  const gone = () => waitFor(() => !dialog(), 'dialog closed');
  const button = (name: string) =>
    Array.from(dialog()!.querySelectorAll('button')).find((b) => (b.textContent ?? '').trim() === name) as
      HTMLButtonElement | undefined;
  return { r, o: r.o, t: r.i18n.t, dialog, active, shown, gone, button };
}

/** An element as text for assertions (a failing expect must never be handed a DOM node to serialize). */
const html = (el: Element | null | undefined) => (el ? el.outerHTML.slice(0, 200) : null);

/** Resolves to whether the promise has settled after the current renders and tasks. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(
    () => (done = true),
    () => (done = true),
  );
  await settle();
  return done;
}

describe('confirmSheet', () => {
  afterEach(cleanup);

  it('shows the title, message and the two buttons; resolves true only for the confirm button', async () => {
    const { o, t, dialog, shown, gone, button } = setup();
    const p = confirmSheet(o, t, {
      title: 'Redeem coupon',
      message: 'Spend 100 points on this coupon?',
      confirm: 'Redeem',
    });
    await shown();
    expect(dialog()!.textContent).to.contain('Redeem coupon');
    expect(dialog()!.textContent).to.contain('Spend 100 points on this coupon?');
    expect(html(button('Cancel')), 'the default cancel text').to.not.equal(null);
    button('Redeem')!.click();
    expect(await p).to.equal(true);
    await gone();
  });

  it('resolves false for Cancel (and says a custom cancel)', async () => {
    const { o, t, shown, button } = setup();
    const p = confirmSheet(o, t, { title: 'Leave', message: 'Leave the plan?', confirm: 'Leave', cancel: 'Stay' });
    await shown();
    expect(html(button('Cancel'))).to.equal(null);
    button('Stay')!.click();
    expect(await p).to.equal(false);
  });

  it('resolves false for Escape', async () => {
    const { o, t, shown, gone } = setup();
    const p = confirmSheet(o, t, { title: 'Redeem', message: 'Sure?', confirm: 'Redeem' });
    await shown();
    await sendKeys({ press: 'Escape' });
    expect(await p).to.equal(false);
    await gone();
  });

  it('resolves false for a tap on the overlay and when the widget goes away', async () => {
    const { r, o, t, shown, gone } = setup();
    const p = confirmSheet(o, t, { title: 'Redeem', message: 'Sure?', confirm: 'Redeem' });
    await shown();
    r.$('.ma-overlay')!.click();
    expect(await p).to.equal(false);
    await gone();
    const q = confirmSheet(o, t, { title: 'Redeem', message: 'Sure?', confirm: 'Redeem' });
    await shown();
    r.unmount();
    expect(await q).to.equal(false);
  });

  it('an open confirm sheet is axe clean', async () => {
    const { r, o, t, shown } = setup();
    void confirmSheet(o, t, { title: 'Redeem coupon', message: 'Spend 100 points?', confirm: 'Redeem' });
    await shown();
    await expectAxeClean(r.shadow);
  });
});

describe('passwordPrompt', () => {
  afterEach(cleanup);

  /** Opens the prompt with an onOk the test answers; resolves once the input has focus. */
  async function openPrompt(message?: string) {
    const s = setup();
    const checks: Array<{ hash: string; answer: ReturnType<typeof deferred<PasswordVerdict>> }> = [];
    const result = passwordPrompt(s.o, s.t, {
      title: 'Transaction password',
      message,
      onOk(hash) {
        const answer = deferred<PasswordVerdict>();
        checks.push({ hash, answer });
        return answer.promise;
      },
    });
    await s.shown();
    const input = () => s.dialog()!.querySelector('input') as HTMLInputElement;
    // The user taps the cells (see 'opens with the input focused' for what should happen without the tap).
    input().focus();
    await waitFor(() => s.active() === input(), 'the input focused');
    const ok = () => s.button('OK')!;
    const hint = () => s.dialog()!.querySelector('.ma-password-input__error');
    return { ...s, checks, result, input, ok, hint, form: () => s.dialog()!.querySelector('form') as HTMLFormElement };
  }

  it('opens with the input focused, so the numeric keyboard comes up and typing fills the cells', async () => {
    const s = setup();
    void passwordPrompt(s.o, s.t, { title: 'Transaction password', onOk: async () => 'ok' });
    await s.shown();
    const input = s.dialog()!.querySelector('input') as HTMLInputElement;
    const active = s.active();
    expect(active === input, `focused: ${html(active)}`).to.equal(true);
    await sendKeys({ type: '12' });
    await settle();
    expect(input.value).to.equal('12');
  });

  it('keeps OK disabled until six digits, stripping non-digits as they are typed', async () => {
    const p = await openPrompt('Enter it to redeem the coupon');
    expect(p.dialog()!.textContent).to.contain('Enter it to redeem the coupon');
    expect(p.ok().disabled).to.equal(true);
    await sendKeys({ type: '12ab3' });
    await settle();
    expect(p.input().value).to.equal('123');
    expect(p.ok().disabled).to.equal(true);
    await sendKeys({ type: '4-5' });
    await settle();
    expect(p.input().value).to.equal('12345');
    expect(p.ok().disabled, 'five digits').to.equal(true);
    await sendKeys({ type: 'x6' });
    await settle();
    expect(p.input().value).to.equal('123456');
    expect(p.ok().disabled).to.equal(false);
    p.form().requestSubmit();
    await settle();
    expect(p.checks, 'not sent while incomplete earlier, sent now').to.have.length(1);
    p.checks[0].answer.resolve('ok');
    expect(await p.result).to.equal(true);
  });

  it('submitting fewer than six digits does not call onOk', async () => {
    const p = await openPrompt();
    await sendKeys({ type: '123' });
    await settle();
    p.form().requestSubmit();
    await sendKeys({ press: 'Enter' });
    await settle();
    expect(p.checks).to.have.length(0);
  });

  it('onOk receives the MD5 hex of the digits; "ok" closes and resolves true', async () => {
    const p = await openPrompt();
    await sendKeys({ type: '204816' });
    await settle();
    p.ok().click();
    await waitFor(() => p.checks.length === 1, 'onOk called');
    expect(p.checks[0].hash).to.equal(md5('204816'));
    expect(p.checks[0].hash).to.match(/^[0-9a-f]{32}$/);
    expect(p.checks[0].hash).to.not.contain('204816');
    p.checks[0].answer.resolve('ok');
    expect(await p.result).to.equal(true);
    await p.gone();
  });

  it('"wrong" shows the hint under the cells, keeps the dialog open, clears the digits and drops the input\'s focus; typing again clears it', async () => {
    const p = await openPrompt();
    await sendKeys({ type: '111111' });
    await settle();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => p.checks.length === 1, 'onOk called');
    p.checks[0].answer.resolve('wrong');
    const hint = await waitFor(() => p.hint(), 'the hint');
    expect(hint.textContent).to.equal('Please enter the correct transaction password');
    // Under the cells: after them in the document and below them on screen.
    const cells = p.dialog()!.querySelector('.ma-password-input__cells')!;
    expect(cells.compareDocumentPosition(hint) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    expect(hint.getBoundingClientRect().top).to.be.at.least(cells.getBoundingClientRect().bottom - 1);
    expect(p.input().getAttribute('aria-invalid')).to.equal('true');
    expect(p.input().getAttribute('aria-describedby')).to.contain(hint.id);
    expect(html(p.dialog()), 'still open').to.not.equal(null);
    expect(await settled(p.result)).to.equal(false);
    expect(p.active() === p.input(), 'the input is no longer focused').to.equal(false);
    expect(p.r.shadow.activeElement === p.input()).to.equal(false);
    // The wrong digits go and OK is disabled again, so a second tap cannot send them again.
    expect(p.input().value, 'the digits cleared').to.equal('');
    expect(p.ok().disabled, 'OK disabled again').to.equal(true);
    expect(p.ok().getAttribute('aria-busy'), 'no longer loading').to.equal(null);

    p.input().focus();
    await sendKeys({ type: '1' });
    await waitFor(() => !p.hint(), 'the hint cleared by the edit');
    expect(p.input().getAttribute('aria-invalid')).to.equal(null);
    await sendKeys({ type: '11112' });
    await settle();
    p.ok().click();
    await waitFor(() => p.checks.length === 2, 'second check');
    expect(p.checks[1].hash).to.equal(md5('111112'));
    p.checks[1].answer.resolve('ok');
    expect(await p.result).to.equal(true);
  });

  it('after a wrong password, focus stays inside the modal dialog, so Escape still cancels it', async () => {
    const p = await openPrompt();
    await sendKeys({ type: '111111' });
    await settle();
    p.ok().click();
    await waitFor(() => p.checks.length === 1, 'onOk called');
    p.checks[0].answer.resolve('wrong');
    await waitFor(() => p.hint(), 'the hint');
    await settle();
    const active = p.active();
    expect(active === p.input(), 'not the input (the keyboard goes away)').to.equal(false);
    expect(
      !!active && p.dialog()!.contains(active),
      `focus inside the dialog, not ${html(active) ?? 'nowhere'}`,
    ).to.equal(true);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !p.dialog(), 'closed by Escape', 2000);
    expect(await p.result).to.equal(false);
  });

  it('while onOk is pending OK shows loading and a second submit does not call onOk again', async () => {
    const p = await openPrompt();
    await sendKeys({ type: '123456' });
    await settle();
    p.ok().click();
    await waitFor(() => p.ok().getAttribute('aria-busy') === 'true', 'OK loading');
    expect(html(p.ok().querySelector('.ma-spinner'))).to.not.equal(null);
    expect(p.checks).to.have.length(1);
    p.ok().click();
    p.form().requestSubmit();
    p.input().focus();
    await sendKeys({ press: 'Enter' });
    await settle();
    expect(p.checks, 'one check in flight').to.have.length(1);
    p.checks[0].answer.resolve('ok');
    expect(await p.result).to.equal(true);
  });

  it('two submits in the same tick call onOk once', async () => {
    const p = await openPrompt();
    await sendKeys({ type: '654321' });
    await settle();
    p.form().requestSubmit();
    p.form().requestSubmit();
    await settle();
    expect(p.checks).to.have.length(1);
    p.checks[0].answer.resolve('wrong');
    await waitFor(() => p.hint(), 'hint');
  });

  it('a rejected onOk keeps the dialog open with the digits, ready for another try', async () => {
    const p = await openPrompt();
    await sendKeys({ type: '123456' });
    await settle();
    p.ok().click();
    await waitFor(() => p.checks.length === 1, 'check');
    p.checks[0].answer.reject(new Error('network'));
    await waitFor(() => p.ok().getAttribute('aria-busy') === null, 'not loading');
    expect(html(p.dialog())).to.not.equal(null);
    expect(html(p.hint()), 'no wrong-password hint for a failure').to.equal(null);
    expect(p.input().value).to.equal('123456');
    p.ok().click();
    await waitFor(() => p.checks.length === 2, 'tried again');
    p.checks[1].answer.resolve('ok');
    expect(await p.result).to.equal(true);
  });

  it('Cancel resolves false without checking anything', async () => {
    const p = await openPrompt();
    await sendKeys({ type: '123456' });
    await settle();
    p.button('Cancel')!.click();
    expect(await p.result).to.equal(false);
    expect(p.checks).to.have.length(0);
    await p.gone();
  });

  it('an open prompt is axe clean, with the hint too', async () => {
    const p = await openPrompt('For the coupon');
    await expectAxeClean(p.r.shadow);
    await sendKeys({ type: '999999' });
    await settle();
    p.ok().click();
    await waitFor(() => p.checks.length === 1, 'check');
    p.checks[0].answer.resolve('wrong');
    await waitFor(() => p.hint(), 'hint');
    await expectAxeClean(p.r.shadow);
  });
});
