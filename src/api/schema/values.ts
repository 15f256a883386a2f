/** Fields of other values: integers, money, booleans, a ticked box, one of a list, a list, an optional field. */
import { fail, pass, type Field } from './types';

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
