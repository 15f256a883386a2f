import md5 from 'blueimp-md5';
import { PAY_PASSWORD_LENGTH } from '../api/shapes/wallet';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { Translate } from '../i18n/i18n';
import { Button } from '../ui/button';
import type { Overlays } from '../ui/overlay/overlays';
import { PopupFooter } from '../ui/popup';
import { PasswordInput } from '../ui/password-input';
import { addStyles } from '../ui/styles';
import css from './prompts.css';

addStyles(css, 'kit', 'prompts');

export interface ConfirmOptions {
  title: string;
  /** What will happen, in the user's terms (what it adds and where). */
  message: string;
  /** The confirming button's words (say the action: "Redeem", not "OK"). */
  confirm: string;
  cancel?: string;
}

/**
 * A confirm sheet from the bottom (an action that spends or changes something): resolves true only for the
 * confirming button; Cancel, Escape, the overlay and unmounting the widget all resolve false.
 */
export async function confirmSheet(overlays: Overlays, t: Translate, options: ConfirmOptions): Promise<boolean> {
  const answer = await overlays.open<boolean>(
    (close) => (
      <div className="ma-prompt">
        <p className="ma-prompt__message">{options.message}</p>
        <PopupFooter>
          <div className="ma-prompt__actions">
            <Button block onClick={() => close(false)}>
              {options.cancel ?? t('common.cancel')}
            </Button>
            <Button block variant="primary" onClick={() => close(true)}>
              {options.confirm}
            </Button>
          </div>
        </PopupFooter>
      </div>
    ),
    { title: options.title, position: 'bottom', closeOnOverlay: true, className: 'ma-prompt-sheet' },
  );
  return answer === true;
}

/**
 * What the caller's check of a password hash came to: 'wrong' (or how many tries the server's guess limit leaves,
 * from its refusal's tries_left) shows the hint, clears the digits and keeps the dialog open.
 */
export type PasswordVerdict = 'ok' | 'wrong' | { triesLeft?: number | undefined };

export interface PasswordPromptOptions {
  title: string;
  /** A line above the cells (what the password is for). */
  message?: string;
  /**
   * Runs with the MD5 hash of the 6 digits (the plain digits never leave the dialog) while OK shows loading: the
   * check (`/check/password`) and whatever it guards. A rejection (a failure the error policy has shown) keeps the
   * dialog open with the digits, so the user can try again.
   */
  onOk: (hash: string) => Promise<PasswordVerdict>;
}

function PasswordForm({
  t,
  options,
  close,
}: {
  t: Translate;
  options: PasswordPromptOptions;
  close: (ok: boolean) => void;
}) {
  const [digits, setDigits] = useState('');
  // The digits as last typed, synchronously: a second tap before the re-render must see them cleared.
  const typed = useRef('');
  const [wrong, setWrong] = useState<Exclude<PasswordVerdict, 'ok'> | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const formId = useId();

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    // A ref, not state: a second Enter before the re-render must not check twice.
    if (typed.current.length !== PAY_PASSWORD_LENGTH || running.current) return;
    running.current = true;
    setBusy(true);
    try {
      const verdict = await options.onOk(md5(typed.current));
      if (verdict === 'ok') return close(true);
      // The wrong digits go (OK is disabled again), so a second tap cannot send them again.
      typed.current = '';
      setDigits('');
      setWrong(verdict);
      // The input leaves its focus state and the keyboard goes away, so the hint is seen, not covered; focus stays
      // in the dialog (on the dialog itself), so Escape and the focus trap still work.
      form.current?.closest<HTMLElement>('[role="dialog"]')?.focus({ preventScroll: true });
    } catch {
      // Shown by the error policy; the digits stay for another try.
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return (
    <form ref={form} id={formId} className="ma-prompt" onSubmit={(e) => void submit(e)} noValidate>
      {options.message ? <p className="ma-prompt__message">{options.message}</p> : null}
      <PasswordInput
        value={digits}
        onChange={(v) => {
          typed.current = v;
          setDigits(v);
          setWrong(null);
        }}
        length={PAY_PASSWORD_LENGTH}
        label={options.title}
        error={wrong ? wrongText(t, wrong) : undefined}
        autoFocus
      />
      <PopupFooter>
        <div className="ma-prompt__actions">
          <Button block onClick={() => close(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            block
            variant="primary"
            type="submit"
            form={formId}
            disabled={digits.length !== PAY_PASSWORD_LENGTH}
            loading={busy}
          >
            {t('common.ok')}
          </Button>
        </div>
      </PopupFooter>
    </form>
  );
}

/** A wrong password's words, and on a line of their own how many tries are left before it locks, when known. */
export function withTriesLeft(t: Translate, text: string, left: number | undefined): ReactNode {
  return left === undefined ? (
    text
  ) : (
    <>
      {text}
      <br />
      {t('payPassword.triesLeft', { count: left })}
    </>
  );
}

/** The hint under the cells. */
const wrongText = (t: Translate, v: Exclude<PasswordVerdict, 'ok'>) =>
  withTriesLeft(t, t('errors.payPasswordWrong'), typeof v === 'object' ? v.triesLeft : undefined);

/**
 * The transaction password dialog (docs/product.md, "Transaction password"): six cells over one numeric input (non-digits stripped), OK disabled until
 * six digits, the digits MD5-hashed before the caller sends them; a wrong password shows "please enter the correct
 * transaction password" and the tries left under the cells, clears the digits and drops the input's focus; on success the dialog closes. Resolves true
 * once the caller's onOk said 'ok', false when cancelled.
 */
export async function passwordPrompt(
  overlays: Overlays,
  t: Translate,
  options: PasswordPromptOptions,
): Promise<boolean> {
  const done = await overlays.open<boolean>((close) => <PasswordForm t={t} options={options} close={close} />, {
    title: options.title,
    position: 'bottom',
    className: 'ma-prompt-sheet',
  });
  return done === true;
}
