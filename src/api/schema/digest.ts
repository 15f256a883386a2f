/** Digit codes, and the MD5 digests the transaction password travels as. */
import { fail, pass, type Field } from './types';

/** Exactly n digits (the transaction password before hashing). */
/*#__NO_SIDE_EFFECTS__*/
export function digits(n: number): Field<string> {
  return {
    kind: 'digits',
    optional: false,
    meta: { n },
    parse: (raw) => (typeof raw === 'string' && new RegExp(`^\\d{${n}}$`).test(raw) ? pass(raw) : fail('digits')),
  };
}

/** An MD5 hex digest (what /check/password and friends carry instead of the digits). */
/*#__NO_SIDE_EFFECTS__*/
export function md5hex(): Field<string> {
  return {
    kind: 'md5',
    optional: false,
    parse: (raw) => (typeof raw === 'string' && /^[0-9a-f]{32}$/.test(raw) ? pass(raw) : fail('pattern')),
  };
}
