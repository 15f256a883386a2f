/**
 * A tiny runtime schema: one description of each request serves the server (which rejects bad input with
 * code 400) and the client's forms (which show the same rule as a translated message before sending).
 * Each failure names a field and a rule; the client translates `validation.<rule>`.
 */

export type Rule =
  | 'required' | 'type' | 'min' | 'max' | 'minLength' | 'maxLength' | 'pattern' | 'email' | 'phone'
  | 'enum' | 'money' | 'digits' | 'mismatch' | 'same' | 'terms' | 'chars' | 'url' | 'username'
  | 'bankAccount' | 'walletAddress';

export interface Issue { field: string; rule: Rule; }

export interface Field<T> {
  readonly kind: string;
  readonly optional: boolean;
  /** Limits, so a form can say "at least 6 characters". */
  readonly meta?: { min?: number; max?: number; n?: number };
  /** Returns the parsed value, or the rule it broke. `raw` is never undefined/'' here: emptiness is checked first. */
  parse(raw: unknown): { ok: true; value: T } | { ok: false; rule: Rule };
}

export type Infer<S> = S extends Schema<infer T> ? T : S extends Field<infer T> ? T : never;

export interface Schema<T> {
  readonly fields: { [K in keyof T]-?: Field<T[K]> };
  validate(input: unknown): { ok: true; value: T } | ({ ok: false } & Issue);
  /**
   * Every problem at once (forms show them all), and the parsed value, which is whole when there is none.
   * Cross-field checks run only when each field passes.
   */
  check(input: unknown): { value: T; issues: Issue[] };
}

const fail = (rule: Rule) => ({ ok: false as const, rule });
const pass = <T>(value: T) => ({ ok: true as const, value });

interface StrOptions {
  min?: number; max?: number; pattern?: RegExp; format?: 'email' | 'phone';
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
const FORBIDDEN_CHARS_MULTILINE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]|\p{Cs}/u;

/** Whether text breaks the `chars` rule (multi-line text may hold \t and \n). */
export const breaksChars = (text: string, multiline = false): boolean => (multiline ? FORBIDDEN_CHARS_MULTILINE : FORBIDDEN_CHARS).test(text);

// Deliberately simple: one @, a dot in the domain, no spaces. The server cannot send mail, so stricter is only noise.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// E.164-ish: optional +, 6 to 15 digits, spaces and dashes allowed between them.
const PHONE = /^\+?[0-9](?:[ -]?[0-9]){5,14}$/;

// The builders are marked free of side effects (a bundler annotation): a schema nothing reads is dropped from
// the SDK's bundles, so the server's schemas in the shared contract cost the script tag nothing.
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

/** Where this server serves uploaded files: POST /files/upload answers a root-relative URL under it. */
export const UPLOADS_PATH = '/uploads/';
// Path segments of letters, digits, dot, dash and underscore, none starting with a dot: no "..", no dot files,
// no query or fragment.
const UPLOAD_URL = /^\/uploads\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** The canonical form of an https URL without credentials, or null for anything else (javascript:, data:, http:). */
function httpsUrl(v: string): string | null {
  // "https:host" and "https:/host" parse too; ask for the plain form so what is checked is what was meant.
  if (!/^https:\/\/[^/\\]/i.test(v) || /\s/.test(v)) return null;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return null;
  }
  return url.protocol === 'https:' && url.hostname && !url.username && !url.password ? url.href : null;
}

/**
 * An image address that is safe to put in <img src> and to open: https, or this server's own upload URL
 * (rule `url`). Anything else (javascript:, data:, http:, protocol-relative //host) is refused. An https URL is
 * stored in its canonical form (lower-case scheme and host, non-ASCII percent-encoded); spaces are refused.
 */
/*#__NO_SIDE_EFFECTS__*/
export function imageUrl(o: { max: number }): Field<string> {
  const text = str({ max: o.max });
  return {
    kind: 'url',
    optional: false,
    meta: text.meta,
    parse(raw) {
      const r = text.parse(raw);
      if (!r.ok || UPLOAD_URL.test(r.value)) return r;
      const href = httpsUrl(r.value);
      if (!href) return fail('url');
      return href.length > o.max ? fail('maxLength') : pass(href);
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

/** Exactly n digits (the transaction password before hashing). */
/*#__NO_SIDE_EFFECTS__*/
export function digits(n: number): Field<string> {
  return { kind: 'digits', optional: false, meta: { n }, parse: (raw) => (typeof raw === 'string' && new RegExp(`^\\d{${n}}$`).test(raw) ? pass(raw) : fail('digits')) };
}

/** An MD5 hex digest (what /check/password and friends carry instead of the digits). */
/*#__NO_SIDE_EFFECTS__*/
export function md5hex(): Field<string> {
  return { kind: 'md5', optional: false, parse: (raw) => (typeof raw === 'string' && /^[0-9a-f]{32}$/.test(raw) ? pass(raw) : fail('pattern')) };
}

/** Integers; query strings arrive as text, so numeric strings are accepted. */
/*#__NO_SIDE_EFFECTS__*/
export function int(o: { min?: number; max?: number } = {}): Field<number> {
  return {
    kind: 'int',
    optional: false,
    parse(raw) {
      const n = typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : raw;
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) return fail('type');
      if (o.min !== undefined && n < o.min) return fail('min');
      if (o.max !== undefined && n > o.max) return fail('max');
      return pass(n);
    },
  };
}

/** Money travels as a decimal string with at most two places ("12.50"), never a float. */
/*#__NO_SIDE_EFFECTS__*/
export function money(o: { positive?: boolean } = {}): Field<string> {
  return {
    kind: 'money',
    optional: false,
    parse(raw) {
      const v = typeof raw === 'number' ? String(raw) : raw;
      if (typeof v !== 'string' || !/^\d{1,12}(\.\d{1,2})?$/.test(v.trim())) return fail('money');
      const t = v.trim();
      if (o.positive && /^0+(\.0+)?$/.test(t)) return fail('min');
      return pass(t);
    },
  };
}

/*#__NO_SIDE_EFFECTS__*/
export function bool(): Field<boolean> {
  return {
    kind: 'bool',
    optional: false,
    parse: (raw) => (raw === true || raw === 'true' || raw === '1' ? pass(true) : raw === false || raw === 'false' || raw === '0' ? pass(false) : fail('type')),
  };
}

/** Must be exactly `true`: a ticked box. */
/*#__NO_SIDE_EFFECTS__*/
export function accepted(): Field<true> {
  return { kind: 'accepted', optional: false, parse: (raw) => (raw === true || raw === 'true' ? pass(true as const) : fail('terms')) };
}

/*#__NO_SIDE_EFFECTS__*/
export function oneOf<const T extends string | number>(values: readonly T[]): Field<T> {
  return {
    kind: 'enum',
    optional: false,
    parse(raw) {
      const hit = values.find((v) => v === raw || String(v) === raw);
      return hit === undefined ? fail('enum') : pass(hit);
    },
  };
}

/** An array of at most `max` items, each checked by `item`. */
/*#__NO_SIDE_EFFECTS__*/
export function list<T>(item: Field<T>, o: { max: number }): Field<T[]> {
  return {
    kind: 'list',
    optional: false,
    parse(raw) {
      if (!Array.isArray(raw)) return fail('type');
      if (raw.length > o.max) return fail('maxLength');
      const out: T[] = [];
      for (const x of raw) {
        const r = item.parse(x);
        if (!r.ok) return r;
        out.push(r.value);
      }
      return pass(out);
    },
  };
}

/*#__NO_SIDE_EFFECTS__*/
export function opt<T>(f: Field<T>): Field<T | undefined> {
  return { ...f, optional: true } as Field<T | undefined>;
}

type Check<T> = (v: T) => Issue | null;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
/** Fields built with opt() become optional keys. */
export type Shape<S extends Record<string, Field<any>>> = Simplify<
  { [K in keyof S as undefined extends Infer<S[K]> ? never : K]: Infer<S[K]> } &
  { [K in keyof S as undefined extends Infer<S[K]> ? K : never]?: Infer<S[K]> }
>;

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** An object schema. Unknown keys are dropped, not echoed back; checks run in field order, then `checks`. */
/*#__NO_SIDE_EFFECTS__*/
export function obj<S extends Record<string, Field<any>>>(
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
export const matches = /*#__NO_SIDE_EFFECTS__*/ <T>(a: keyof T & string, b: keyof T & string): Check<T> => (v) => (v[a] === v[b] ? null : { field: b, rule: 'mismatch' });
/** `a` must differ from `b` (a new password must not be the old one). */
export const differs = /*#__NO_SIDE_EFFECTS__*/ <T>(a: keyof T & string, b: keyof T & string): Check<T> => (v) => (v[a] !== v[b] ? null : { field: b, rule: 'same' });

export const empty = obj({});
