/** passwordPrompt: six digits or nothing is sent, their MD5 goes to onOk once, and Cancel checks nothing. */
import { expect } from 'chai';
import md5 from 'blueimp-md5';
import { sendKeys } from '@web/test-runner-commands';
import { cleanup, expectAxeClean, settle, waitFor } from '../../test/browser/support/render';
import { passwordPrompt } from './prompts';
import { html } from './test-dom';
import { openPrompt, setup } from './test-prompts';

describe('passwordPrompt', () => {
  afterEach(cleanup);

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
