/** Object schemas, and the checks across their fields. */
import type { Check, Field, Infer, Issue, Schema } from './types';

type Simplify<T> = { [K in keyof T]: T[K] } & {};
/** Fields built with opt() become optional keys. */
export type Shape<S extends Record<string, Field<unknown>>> = Simplify<
  { [K in keyof S as undefined extends Infer<S[K]> ? never : K]: Infer<S[K]> } & {
    [K in keyof S as undefined extends Infer<S[K]> ? K : never]?: Infer<S[K]>;
  }
>;

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** An object schema. Unknown keys are dropped, not echoed back; checks run in field order, then `checks`. */
/*#__NO_SIDE_EFFECTS__*/
export function obj<S extends Record<string, Field<unknown>>>(
  fields: S,
  checks: Check<Shape<S>>[] = [],
): Schema<Shape<S>> {
  type T = Shape<S>;
  const run = (input: unknown, all: boolean): { value: T; issues: Issue[] } => {
    const src = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    const issues: Issue[] = [];
    for (const [name, field] of Object.entries(fields)) {
      const raw = src[name];
      if (isEmpty(raw)) {
        if (!field.optional) issues.push({ field: name, rule: field.kind === 'accepted' ? 'terms' : 'required' });
      } else {
        const r = field.parse(raw);
        if (r.ok) out[name] = r.value;
        else issues.push({ field: name, rule: r.rule });
      }
      if (issues.length && !all) break;
    }
    // Cross-field checks (confirmation matches, new differs from old). The server stops at the first issue; a
    // form (all) shows every problem at once, so a mismatch is reported alongside a bad e-mail, judged on the
    // parsed values where a field parsed and on what was typed where it did not, and never on a field that
    // already has its own issue.
    if (all || !issues.length) {
      const seen = all ? ({ ...src, ...out } as T) : (out as T);
      for (const check of checks) {
        const issue = check(seen);
        if (issue && !issues.some((i) => i.field === issue.field)) issues.push(issue);
        if (issues.length && !all) break;
      }
    }
    return { value: out as T, issues };
  };
  return {
    fields: fields as unknown as Schema<T>['fields'],
    validate(input) {
      const r = run(input, false);
      return r.issues.length ? { ok: false, ...r.issues[0] } : { ok: true, value: r.value };
    },
    check: (input) => run(input, true),
  };
}

/** `a` must equal `b` (confirmation fields). */
export const matches = /*#__NO_SIDE_EFFECTS__*/ <T>(a: keyof T & string, b: keyof T & string): Check<T> =>
  (v) =>
    v[a] === v[b] ? null : { field: b, rule: 'mismatch' };
/** `a` must differ from `b` (a new password must not be the old one). */
export const differs = /*#__NO_SIDE_EFFECTS__*/ <T>(a: keyof T & string, b: keyof T & string): Check<T> =>
  (v) =>
    v[a] !== v[b] ? null : { field: b, rule: 'same' };

export const empty = obj({});
