import { expect } from 'chai';
import { $, $$, input, unmountAll, waitFor, waitText } from '../../../../test/browser/support/app';
import { seenElements } from '../../../../test/browser/support/visible';
import { deepActiveElement } from '../../../ui/overlay/focus';
import { merchant, open } from '../test-support';

/**
 * The transaction password's screens keep the phone's keyboard up: focus moves to the next digits in the same task
 * as the merchant's own action (a tap on Next, the sixth digit typed), never after a render, which on a phone closes
 * the keyboard between steps; and no field offers one-time codes from SMS (autocomplete off).
 */

/** Types into the focused input as a keyboard does: the value, then its input event, in one task. */
function typeHere(value: string): HTMLInputElement {
  const el = deepActiveElement() as HTMLInputElement;
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
  return el;
}

describe('transaction password screens keep the keyboard', () => {
  afterEach(unmountAll);

  it("set: Next focuses step 2's digits in the same task as the tap, and a mismatch focuses step 1's; autocomplete off", async () => {
    const { token } = await merchant();
    const m = await open(token, '/wallet/set-password');
    await waitText(m, 'Step 1 of 2');
    const digits = () => seenElements<HTMLInputElement>(m, '.ma-password-input__native');
    digits()[0].focus();
    typeHere('123456');
    const next = $$(m, 'button').find((b) => b.textContent === 'Next') as HTMLButtonElement;
    await waitFor(() => !next.disabled, 'Next enabled');
    // A tap takes focus to the button, then clicks: the next step's input must be focused before the task ends.
    next.focus();
    next.click();
    const now = deepActiveElement();
    expect(
      now instanceof HTMLInputElement && now.classList.contains('ma-password-input__native'),
      `focused in the tap's task: ${now?.outerHTML.slice(0, 80)}`,
    ).to.equal(true);
    await waitText(m, 'Step 2 of 2');
    expect(deepActiveElement(), 'still the digits after the render').to.equal(digits()[0]);
    expect(digits()[0].value, 'step 2 starts empty').to.equal('');

    typeHere('654321');
    const confirm = $$(m, 'button').find((b) => b.textContent === 'Confirm') as HTMLButtonElement;
    await waitFor(() => !confirm.disabled, 'Confirm enabled');
    confirm.focus();
    confirm.click();
    const back = deepActiveElement();
    expect(
      back instanceof HTMLInputElement && back.classList.contains('ma-password-input__native'),
      "a mismatch: step 1's digits focused in the tap's task",
    ).to.equal(true);
    await waitText(m, 'Step 1 of 2');
    expect(deepActiveElement()).to.equal(digits()[0]);
    expect(
      digits().map((d) => d.autocomplete),
      'no SMS codes offered',
    ).to.deep.equal(['off']);
    // The login password asked for beside them is a real password field: a password manager may fill it.
    expect(input(m, 'Login password').autocomplete).to.equal('current-password');
    expect(input(m, 'Login password').type).to.equal('password');
  });

  it('change: six digits in a field move on to the next field at once; autocomplete off on all three', async () => {
    const { token } = await merchant({ pay_password: '123456' });
    const m = await open(token, '/ad-center/edit-pay-password');
    const OLD = 'Current transaction password',
      NEW = 'New transaction password',
      AGAIN = 'New transaction password again';
    await waitFor(() => $(m, '.ma-password-input__native'), 'the fields');
    input(m, OLD).focus();
    typeHere('12345');
    expect(deepActiveElement(), 'five digits stay').to.equal(input(m, OLD));
    typeHere('123456');
    expect(deepActiveElement(), 'the sixth digit moves on, in the same task').to.equal(input(m, NEW));
    typeHere('222222');
    expect(deepActiveElement()).to.equal(input(m, AGAIN));
    await waitFor(() => input(m, OLD).value === '123456' && input(m, NEW).value === '222222', 'the digits kept');
    expect(
      [OLD, NEW, AGAIN].map((l) => input(m, l).autocomplete),
      'no SMS codes offered',
    ).to.deep.equal(['off', 'off', 'off']);
  });
});
