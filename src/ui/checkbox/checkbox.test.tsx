import { expect } from 'chai';
import { useState } from 'react';
import { sendKeys } from '@web/test-runner-commands';
import { renderUI, cleanup, expectAxeClean, settle } from '../../../test/browser/support/render';
import { Checkbox } from './index';
import css from './checkbox.css';
import iconCss from '../icon/icon.css';

function Terms(p: { onValue?: (v: boolean) => void; error?: string }) {
  const [on, setOn] = useState(false);
  return (
    <Checkbox
      name="terms"
      checked={on}
      error={p.error}
      onChange={(v) => {
        setOn(v);
        p.onValue?.(v);
      }}
    >
      I agree to the terms
    </Checkbox>
  );
}

describe('Checkbox', () => {
  afterEach(cleanup);

  it('is a native checkbox toggled by clicking its label text', async () => {
    const seen: boolean[] = [];
    const r = renderUI(<Terms onValue={(v) => seen.push(v)} />, [css, iconCss]);
    const input = r.$('input') as HTMLInputElement;
    expect(input.type).to.equal('checkbox');
    expect(input.labels![0].textContent).to.contain('I agree to the terms');
    (r.$('.ma-checkbox__text') as HTMLElement).click();
    await settle();
    expect(seen).to.deep.equal([true]);
    expect(input.checked).to.equal(true);
    await expectAxeClean(r.shadow);
    (r.$('.ma-checkbox__text') as HTMLElement).click();
    await settle();
    expect(seen).to.deep.equal([true, false]);
    expect(input.checked).to.equal(false);
  });

  it('toggles with Space and has a 44 px target', async () => {
    const r = renderUI(<Terms />, [css, iconCss]);
    const input = r.$('input') as HTMLInputElement;
    const box = input.getBoundingClientRect();
    expect(box.width).to.be.at.least(44);
    expect(box.height).to.be.at.least(44);
    input.focus();
    expect(r.shadow.activeElement).to.equal(input);
    await sendKeys({ press: 'Space' });
    await settle();
    expect(input.checked).to.equal(true);
    expect(r.$('.ma-checkbox')!.className).to.contain('ma-checkbox--checked');
  });

  it('stays controlled when the parent refuses the change', async () => {
    const r = renderUI(
      <Checkbox checked={false} onChange={() => undefined}>
        Locked
      </Checkbox>,
      [css, iconCss],
    );
    const input = r.$('input') as HTMLInputElement;
    input.click();
    await settle();
    expect(input.checked).to.equal(false);
  });

  it('links the error text', async () => {
    const r = renderUI(<Terms error="Please check the terms and conditions" />, [css, iconCss]);
    const input = r.$('input')!;
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(r.shadow.getElementById(input.getAttribute('aria-describedby')!)!.textContent).to.equal(
      'Please check the terms and conditions',
    );
    await expectAxeClean(r.shadow);
  });
});
