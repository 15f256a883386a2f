/** Test support for the prompts' tests, imported by them only: a focused trigger, handles on the sheet it opens. */
import { waitFor } from '../../test/browser/support/render';
import { animationsDone, renderWithOverlays } from '../../test/browser/support/overlays';
import { deferred } from '../../test/browser/support/deferred';
import passwordCss from '../ui/password-input/password-input.css';
import buttonCss from '../ui/button/button.css';
import promptsCss from './prompts.css';
import { deepActiveElement } from '../ui/overlay/focus';
import { passwordPrompt, type PasswordVerdict } from './prompts';

export function setup() {
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

/** Opens the prompt with an onOk the test answers; resolves once the input has focus. */
export async function openPrompt(message?: string) {
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
