/**
 * Signed partner entry links: `/entry?entry=<partner>&uid=<partner user id>&ts=<unix seconds>&sig=<hex>`, where
 *
 *   sig = lowercase hex of HMAC-SHA256(partner secret, "merchant-ads-entry/v1\n" + entry + "\n" + uid + "\n" + ts)
 *
 * The fields are joined with a newline that none of them may contain (ts is decimal digits; entry and uid with a
 * control character are refused), so no two (entry, uid, ts) give the same signed text. The version prefix keeps
 * these signatures from meaning anything else signed with the same key.
 * A link is good from ts until LINK_MAX_AGE_SECONDS later; a partner clock up to LINK_CLOCK_SKEW_SECONDS ahead of
 * ours is tolerated. This module only checks the signature and time; using a link once is the caller's job.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const LINK_MAX_AGE_SECONDS = 5 * 60;
export const LINK_CLOCK_SKEW_SECONDS = 60;

const SIG_HEX = /^[0-9a-f]{64}$/i;
const TS_DIGITS = /^\d{1,12}$/;
const CONTROL = /[\u0000-\u001f\u007f]/;

export const signedText = (entry: string, uid: string, ts: string | number) =>
  `merchant-ads-entry/v1\n${entry}\n${uid}\n${ts}`;

/** The signature a partner puts in its link (lowercase hex). */
export function signEntryLink(secret: string, entry: string, uid: string, ts: number | string): string {
  return createHmac('sha256', secret)
    .update(signedText(entry, uid, ts), 'utf8')
    .digest('hex');
}

/** The link's query string (without '?'), signed now unless `ts` is given. */
export function entryLinkQuery(secret: string, entry: string, uid: string, ts = Math.floor(Date.now() / 1000)): string {
  return new URLSearchParams({ entry, uid, ts: String(ts), sig: signEntryLink(secret, entry, uid, ts) }).toString();
}

export type LinkCheck = 'ok' | 'invalid' | 'expired';

/**
 * Checks a link's signature (in constant time) and then its age. Anything wrong before the signature is
 * proven (missing parts, no key, bad format, wrong signature) is 'invalid', so a caller without the key learns
 * nothing about why; a well-signed link outside its window is 'expired' ('invalid' if from the future).
 */
export function checkEntryLink(
  secret: string | null | undefined,
  link: { entry: string; uid: string; ts?: string | undefined; sig?: string | undefined },
  nowMs = Date.now(),
): LinkCheck {
  const { entry, uid, ts, sig } = link;
  if (!secret || !ts || !sig || !TS_DIGITS.test(ts) || !SIG_HEX.test(sig) || CONTROL.test(entry) || CONTROL.test(uid))
    return 'invalid';
  const expected = Buffer.from(signEntryLink(secret, entry, uid, ts), 'hex');
  const given = Buffer.from(sig, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  const age = Math.floor(nowMs / 1000) - Number(ts);
  if (age < -LINK_CLOCK_SKEW_SECONDS) return 'invalid';
  return age > LINK_MAX_AGE_SECONDS ? 'expired' : 'ok';
}

/** When a link signed at `ts` stops being accepted (epoch ms): how long its use must be remembered. */
export const linkExpiresAtMs = (ts: string) => (Number(ts) + LINK_MAX_AGE_SECONDS + 1) * 1000;
