/** passwordPrompt after a wrong password or a failed check: the hint, the cleared digits, focus, another try. */
import { expect } from 'chai';
import md5 from 'blueimp-md5';
import { sendKeys } from '@web/test-runner-commands';
import { cleanup, settle, waitFor } from '../../test/browser/support/render';
import { html } from './test-dom';
import { openPrompt } from './test-prompts';

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

describe('passwordPrompt after a wrong password or a failed check', () => {
  afterEach(cleanup);

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
});
