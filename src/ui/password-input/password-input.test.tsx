import { expect } from 'chai';
import { useState } from 'react';
import { sendKeys } from '@web/test-runner-commands';
import { renderUI, cleanup, expectAxeClean, settle } from '../../../test/browser/support/render';
import { PasswordInput } from './index';
import css from './password-input.css';

function Pin(p: { mask?: boolean; onComplete?: (v: string) => void; log?: string[]; error?: string }) {
  const [v, setV] = useState('');
  return (
    <PasswordInput
      value={v}
      mask={p.mask}
      error={p.error}
      onChange={(x) => {
        setV(x);
        p.log?.push(x);
      }}
      onComplete={p.onComplete}
    />
  );
}

const cells = (r: ReturnType<typeof renderUI>) => r.$$('.ma-password-input__cell');

describe('PasswordInput', () => {
  afterEach(cleanup);

  it('is a labelled numeric input with 6 cells', async () => {
    const r = renderUI(<Pin />, [css]);
    const input = r.$('input') as HTMLInputElement;
    expect(input.inputMode).to.equal('numeric');
    expect(input.pattern).to.equal('[0-9]*');
    expect(input.autocomplete, 'no SMS codes offered for a transaction password').to.equal('off');
    expect(input.maxLength).to.equal(6);
    expect(input.getAttribute('aria-label')).to.equal('6-digit password');
    expect(cells(r)).to.have.length(6);
    // The input lies over the cells, so a tap on any cell reaches it.
    const box = r.$('.ma-password-input__cells')!.getBoundingClientRect();
    const hit = r.shadow.elementFromPoint(box.left + box.width * 0.8, box.top + box.height / 2);
    expect(hit).to.equal(input);
    await expectAxeClean(r.shadow);
  });

  it('fills cells as digits are typed and shows a caret on the current cell', async () => {
    const r = renderUI(<Pin />, [css]);
    const input = r.$('input') as HTMLInputElement;
    input.focus();
    await settle();
    expect(cells(r)[0].className).to.contain('--active');
    await sendKeys({ type: '12' });
    await settle();
    expect(cells(r).map((c) => c.querySelectorAll('.ma-password-input__dot').length)).to.deep.equal([1, 1, 0, 0, 0, 0]);
    expect(cells(r)[2].querySelector('.ma-password-input__caret')).to.not.equal(null);
    expect(r.shadow.getElementById(input.getAttribute('aria-describedby')!)!.textContent).to.equal(
      '2 of 6 digits entered',
    );
    await expectAxeClean(r.shadow);
  });

  it('strips non-digits as they are typed', async () => {
    const log: string[] = [];
    const r = renderUI(<Pin mask={false} log={log} />, [css]);
    const input = r.$('input') as HTMLInputElement;
    input.focus();
    await sendKeys({ type: '1a2b3' });
    await settle();
    expect(input.value).to.equal('123');
    expect(log).to.deep.equal(['1', '12', '123']);
    expect(cells(r).map((c) => c.textContent)).to.deep.equal(['1', '2', '3', '', '', '']);
  });

  it('stops at 6 digits and calls onComplete once', async () => {
    const done: string[] = [];
    const r = renderUI(<Pin onComplete={(v) => done.push(v)} />, [css]);
    const input = r.$('input') as HTMLInputElement;
    input.focus();
    await sendKeys({ type: '12345678' });
    await settle();
    expect(input.value).to.equal('123456');
    expect(done).to.deep.equal(['123456']);
    expect(r.$$('.ma-password-input__dot')).to.have.length(6);
    await sendKeys({ press: 'Backspace' });
    await settle();
    expect(input.value).to.equal('12345');
    await sendKeys({ type: '9' });
    await settle();
    expect(done).to.deep.equal(['123456', '123459']);
  });

  it('keeps the digits of a pasted, formatted code', async () => {
    const log: string[] = [];
    const r = renderUI(<Pin mask={false} log={log} />, [css]);
    const input = r.$('input') as HTMLInputElement;
    input.focus();
    const data = new DataTransfer();
    data.setData('text', '12a3-4');
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    await settle();
    expect(input.value).to.equal('1234');
    const more = new DataTransfer();
    more.setData('text', ' 5-6-7');
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: more, bubbles: true, cancelable: true }));
    await settle();
    expect(log).to.deep.equal(['1234', '123456']);
  });

  it('shows the error under the cells, linked to the input', async () => {
    const r = renderUI(<Pin error="Transaction password must be 6 digits" />, [css]);
    const input = r.$('input')!;
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    const ids = input.getAttribute('aria-describedby')!.split(' ');
    expect(r.shadow.getElementById(ids[0])!.textContent).to.equal('Transaction password must be 6 digits');
    await expectAxeClean(r.shadow);
  });
});
