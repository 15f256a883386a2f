/** A yes-or-no field. */
import { fail, pass, type Field } from './types';

/*#__NO_SIDE_EFFECTS__*/
export function bool(): Field<boolean> {
  return {
    kind: 'bool',
    optional: false,
    parse: (raw) =>
      raw === true || raw === 'true' || raw === '1'
        ? pass(true)
        : raw === false || raw === 'false' || raw === '0'
          ? pass(false)
          : fail('type'),
  };
}
