import { expect } from 'chai';
import { useState } from 'react';
import { sendKeys } from '@web/test-runner-commands';
import { renderUI, cleanup, expectAxeClean, settle, waitFor } from '../../../test/browser/support/render';
import { Field, Form } from './index';
import css from './field.css';
import iconCss from '../icon/icon.css';

function Controlled(p: {
  onValue?: (v: string) => void;
  passwordToggle?: boolean;
  onSubmit?: () => void;
  error?: string;
}) {
  const [v, setV] = useState('');
  return (
    <Form aria-label="Login" onSubmit={() => p.onSubmit?.()}>
      <Field
        label="Username"
        name="username"
        value={v}
        error={p.error}
        type={p.passwordToggle ? 'password' : 'text'}
        passwordToggle={p.passwordToggle}
        onChange={(x) => {
          setV(x);
          p.onValue?.(x);
        }}
      />
    </Form>
  );
}

describe('Field', () => {
  afterEach(cleanup);

  it('associates the label with the input', async () => {
    const r = renderUI(<Field label="Email" value="" onChange={() => undefined} type="email" required />, [
      css,
      iconCss,
    ]);
    const input = r.$('input') as HTMLInputElement;
    const label = r.$('label') as HTMLLabelElement;
    expect(label.htmlFor).to.equal(input.id);
    expect(input.labels![0]).to.equal(label);
    expect(input.type).to.equal('email');
    expect(input.required).to.equal(true);
    expect(getComputedStyle(input).fontSize).to.equal('16px');
    label.click();
    expect(r.shadow.activeElement).to.equal(input);
    await expectAxeClean(r.shadow);
  });

  it('wires the error with aria-invalid and aria-describedby', async () => {
    const r = renderUI(
      <Field label="Phone" value="12" onChange={() => undefined} error="Enter a valid phone number" />,
      [css, iconCss],
    );
    const input = r.$('input')!;
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    const err = r.shadow.getElementById(input.getAttribute('aria-describedby')!)!;
    expect(err.textContent).to.equal('Enter a valid phone number');
    expect(err.getBoundingClientRect().top).to.be.at.least(input.getBoundingClientRect().bottom);
    await expectAxeClean(r.shadow);

    r.rerender(<Field label="Phone" value="12" onChange={() => undefined} />);
    expect(input.hasAttribute('aria-invalid')).to.equal(false);
    expect(input.hasAttribute('aria-describedby')).to.equal(false);
    expect(r.$('.ma-field__error')).to.equal(null);
  });

  it('calls onChange with the typed text and keeps it', async () => {
    const seen: string[] = [];
    const r = renderUI(<Controlled onValue={(v) => seen.push(v)} />, [css, iconCss]);
    const input = r.$('input') as HTMLInputElement;
    input.focus();
    await sendKeys({ type: 'ab c' });
    await settle();
    expect(seen).to.deep.equal(['a', 'ab', 'ab ', 'ab c']);
    expect(input.value).to.equal('ab c');
  });

  it('toggles password visibility with a pressed button', async () => {
    const r = renderUI(<Controlled passwordToggle />, [css, iconCss]);
    const input = r.$('input') as HTMLInputElement;
    const toggle = r.$('.ma-field__toggle') as HTMLButtonElement;
    expect(input.type).to.equal('password');
    expect(toggle.getAttribute('aria-label')).to.equal('Show password');
    expect(toggle.getAttribute('aria-pressed')).to.equal('false');
    toggle.click();
    await settle();
    expect(input.type).to.equal('text');
    expect(toggle.getAttribute('aria-pressed')).to.equal('true');
    expect(toggle.getAttribute('aria-label')).to.equal('Show password');
    expect(input.value).to.equal('');
    await expectAxeClean(r.shadow);
    toggle.click();
    await settle();
    expect(input.type).to.equal('password');
  });

  it('renders a textarea and a suffix', async () => {
    const r = renderUI(
      <Field label="Note" textarea rows={4} value="hello" onChange={() => undefined} suffix={<span>0/100</span>} />,
      [css, iconCss],
    );
    const ta = r.$('textarea') as HTMLTextAreaElement;
    expect(ta.value).to.equal('hello');
    expect(ta.rows).to.equal(4);
    expect(r.$('.ma-field__suffix')!.textContent).to.equal('0/100');
    await expectAxeClean(r.shadow);
  });
});

describe('Form', () => {
  afterEach(cleanup);

  it('submits on Enter in a field without a submit button, preventing navigation', async () => {
    let submits = 0;
    const r = renderUI(
      <div>
        <Controlled onSubmit={() => submits++} />
      </div>,
      [css, iconCss],
    );
    const form = r.$('form') as HTMLFormElement;
    expect(form.noValidate).to.equal(true);
    (r.$('input') as HTMLInputElement).focus();
    await sendKeys({ type: 'x' });
    await sendKeys({ press: 'Enter' });
    await settle();
    expect(submits).to.equal(1);
    expect(location.pathname).to.not.contain('username');
  });

  it("an IME's Enter (confirming a candidate) does not submit; a plain Enter still does", async () => {
    let submits = 0;
    const r = renderUI(<Controlled onSubmit={() => submits++} />, [css, iconCss]);
    const input = r.$('input') as HTMLInputElement;
    // React's own keyboard event has no isComposing: only the browser's event says an IME is composing.
    const enter = (isComposing: boolean) =>
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', isComposing, bubbles: true, cancelable: true }));
    expect(enter(true), 'the IME keeps its Enter').to.equal(true);
    await settle();
    expect(submits, 'no submit while composing').to.equal(0);
    expect(enter(false), 'a plain Enter is taken').to.equal(false);
    await settle();
    expect(submits).to.equal(1);
  });

  it('submits once on Enter with a submit button', async () => {
    let submits = 0;
    const r = renderUI(
      <Form aria-label="Search" onSubmit={() => submits++}>
        <Field label="A" value="" onChange={() => undefined} />
        <Field label="B" value="" onChange={() => undefined} />
        <button type="submit">Go</button>
      </Form>,
      [css, iconCss],
    );
    (r.$$('input')[1] as HTMLInputElement).focus();
    await sendKeys({ press: 'Enter' });
    await settle();
    expect(submits).to.equal(1);
    await expectAxeClean(r.shadow);
  });
});

describe('Form focus', () => {
  afterEach(cleanup);
  it('moves focus to the first invalid field after a submit', async () => {
    function Demo() {
      const [err, setErr] = useState<string | undefined>();
      return (
        <Form onSubmit={() => setErr('Cannot be empty')}>
          <Field label="A" name="a" value="x" onChange={() => undefined} />
          <Field label="B" name="b" value="" onChange={() => undefined} error={err} />
          <button type="submit">Go</button>
        </Form>
      );
    }
    const r = renderUI(<Demo />, [css]);
    (r.$('button[type="submit"]') as HTMLButtonElement).click();
    await waitFor(() => r.shadow.activeElement === r.$('input[name="b"]'), 'focus on the invalid field');
  });
});
