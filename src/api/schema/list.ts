/** A list field. */
import { fail, pass, type Field } from './types';

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
