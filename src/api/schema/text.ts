/** Text fields: plain and multi-line text, secrets, digit codes and MD5 digests. */
import { fail, pass, type Field, type Rule } from './types';

interface StrOptions {
  min?: number;
  max?: number;
  pattern?: RegExp;
  format?: 'email' | 'phone';
  /** Text that may span lines (a message body): allows \n and \t; \r\n and \r become \n. */
  multiline?: boolean;
  /**
   * The one rule a length or pattern failure reports, when its message should say everything that is allowed
   * ("3–32 Latin letters, digits, _ . -") rather than one failed part of it ("Invalid format").
   */
  rule?: Rule;
}

/**
 * Characters no stored text may hold (rule `chars`): they are invisible, reorder what is shown around them, or
 * cannot be stored as UTF-8.
 *   C0 controls and DEL (NUL, ESC sequences that recolour a log or terminal), C1 controls (U+0080-U+009F);
 *   U+2028/U+2029, line breaks that are not \n;
 *   the bidi embeddings, overrides and isolates U+202A-U+202E and U+2066-U+2069, which can make
 *   "evil\u202Egpj.exe" read as "evilexe.jpg" (the "Trojan Source" set, CVE-2021-42574);
 *   lone surrogates, which SQLite would silently turn into U+FFFD.
 * Allowed on purpose: the marks U+200E/U+200F (LRM/RLM) and U+061C (ALM). They only set the direction of
 * neighbouring neutral characters, cannot reorder a run of text, and right-to-left writers need them (a
 * number after a Hebrew or Arabic name); Unicode's Trojan Source guidance leaves them out for the same reason.
 */
const FORBIDDEN_CHARS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]|\p{Cs}/u;
/** The same for multi-line text, minus \t and \n. */
const FORBIDDEN_CHARS_MULTILINE =
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]|\p{Cs}/u;

/** Whether text breaks the `chars` rule (multi-line text may hold \t and \n). */
export const breaksChars = (text: string, multiline = false): boolean =>
  (multiline ? FORBIDDEN_CHARS_MULTILINE : FORBIDDEN_CHARS).test(text);

// Deliberately simple: one @, a dot in the domain, no spaces. The server cannot send mail, so stricter is only noise.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// E.164-ish: optional +, 6 to 15 digits, spaces and dashes allowed between them.
const PHONE = /^\+?[0-9](?:[ -]?[0-9]){5,14}$/;

/*#__NO_SIDE_EFFECTS__*/
export function str(o: StrOptions = {}): Field<string> {
  return {
    kind: 'string',
    optional: false,
    meta: { min: o.min, max: o.max },
    parse(raw) {
      if (typeof raw !== 'string') return fail('type');
      const text = o.multiline ? raw.replace(/\r\n?/g, '\n') : raw;
      if ((o.multiline ? FORBIDDEN_CHARS_MULTILINE : FORBIDDEN_CHARS).test(text)) return fail('chars');
      // One spelling per text (é as one code point, not e + accent), so equal names compare and count equal.
      const v = text.normalize('NFC').trim();
      if (o.min !== undefined && v.length < o.min) return fail(o.rule ?? 'minLength');
      if (o.max !== undefined && v.length > o.max) return fail(o.rule ?? 'maxLength');
      if (o.format === 'email' && !EMAIL.test(v)) return fail('email');
      if (o.format === 'phone' && !PHONE.test(v)) return fail('phone');
      if (o.pattern && !o.pattern.test(v)) return fail(o.rule ?? 'pattern');
      return pass(v);
    },
  };
}

/** Passwords keep their spaces: trimming a secret changes it. */
/*#__NO_SIDE_EFFECTS__*/
export function secret(o: { min?: number; max?: number } = {}): Field<string> {
  return {
    kind: 'secret',
    optional: false,
    meta: { min: o.min, max: o.max },
    parse(raw) {
      if (typeof raw !== 'string') return fail('type');
      if (o.min !== undefined && raw.length < o.min) return fail('minLength');
      if (o.max !== undefined && raw.length > o.max) return fail('maxLength');
      return pass(raw);
    },
  };
}
