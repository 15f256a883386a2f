/**
 * A tiny runtime schema: one description of each request serves the server (which rejects bad input with
 * code 400) and the client's forms (which show the same rule as a translated message before sending).
 * Each failure names a field and a rule; the client translates `validation.<rule>`. The builders are marked free
 * of side effects (a bundler annotation): a schema nothing reads is dropped from a bundle.
 */

export type Rule =
  | 'required'
  | 'type'
  | 'min'
  | 'max'
  | 'minLength'
  | 'maxLength'
  | 'pattern'
  | 'email'
  | 'phone'
  | 'enum'
  | 'money'
  | 'digits'
  | 'mismatch'
  | 'same'
  | 'terms'
  | 'chars'
  | 'url'
  | 'username'
  | 'bankAccount'
  | 'walletAddress';

export interface Issue {
  field: string;
  rule: Rule;
}

export interface Field<T> {
  readonly kind: string;
  readonly optional: boolean;
  /** Limits, so a form can say "at least 6 characters". */
  readonly meta?: { min?: number; max?: number; n?: number };
  /** Returns the parsed value, or the rule it broke. `raw` is never undefined/'' here: emptiness is checked first. */
  parse: (raw: unknown) => { ok: true; value: T } | { ok: false; rule: Rule };
}

export type Infer<S> = S extends Schema<infer T> ? T : S extends Field<infer T> ? T : never;

export interface Schema<T> {
  readonly fields: { [K in keyof T]-?: Field<T[K]> };
  validate: (input: unknown) => { ok: true; value: T } | ({ ok: false } & Issue);
  /**
   * Every problem at once (forms show them all), and the parsed value, which is whole when there is none.
   * Cross-field checks run only when each field passes.
   */
  check: (input: unknown) => { value: T; issues: Issue[] };
}

/** A field's verdict: what it broke, or the value it parsed. */
export const fail = (rule: Rule) => ({ ok: false as const, rule });
export const pass = <T>(value: T) => ({ ok: true as const, value });

/** A check across fields (a confirmation matches, a new password differs from the old). */
export type Check<T> = (v: T) => Issue | null;
