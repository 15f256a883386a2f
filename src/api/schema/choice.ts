/** Fields that take one of a few values: one of a list, a ticked box, and any field made optional. */
import { fail, pass, type Field } from './types';

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

/** Must be exactly `true`: a ticked box. */
/*#__NO_SIDE_EFFECTS__*/
export function accepted(): Field<true> {
  return {
    kind: 'accepted',
    optional: false,
    parse: (raw) => (raw === true || raw === 'true' ? pass(true as const) : fail('terms')),
  };
}

/*#__NO_SIDE_EFFECTS__*/
export function opt<T>(f: Field<T>): Field<T | undefined> {
  return { ...f, optional: true };
}
