/** Number fields: integers, and money as a decimal string. */
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
