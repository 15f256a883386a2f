import { ApiError } from '../../../api/client';
import { type ErrorReason } from '../../../api/reasons';
import { PAY_PASSWORD_LOCK_MINUTES } from '../../../api/shapes/wallet';
import type { Translate } from '../../../i18n/i18n';
import type { PasswordVerdict } from '../../../kit/prompts';
import { retryMinutes } from '../../../kit/wait';

/** The reason a request was refused with, if it was a refusal of the server's. */
export const reasonOf = (e: unknown): ErrorReason | undefined => (e instanceof ApiError ? e.data.reason : undefined);

const LOCKED = 'pay_password_locked';

/**
 * What a refused transaction password is to the 6-digit prompt: a wrong answer with tries left keeps the prompt open
 * and says how many; null for anything else, the answer that used the last try (it locked) included.
 */
export function wrongAnswer(e: unknown): PasswordVerdict | null {
  const left = e instanceof ApiError ? e.data.tries_left : undefined;
  return reasonOf(e) === 'pay_password_wrong' && left !== 0 ? { triesLeft: left } : null;
}

/**
 * The lock's notice, for a refusal that the prompt closed on: locked already (until the server's retry_after), or
 * locked by this very answer (the whole lock); null for any other refusal.
 */
export function lockNotice(t: Translate, refused: ApiError | undefined): string | null {
  const reason = reasonOf(refused);
  if (reason !== LOCKED && reason !== 'pay_password_wrong') return null;
  return t('payPassword.lockedFor', { minutes: reason === LOCKED ? retryMinutes(refused) : PAY_PASSWORD_LOCK_MINUTES });
}
