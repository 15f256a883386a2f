/** Fields more than one call's schema holds. */
import { LANGUAGES } from '../languages';
import { secret } from '../schema/text';
import { oneOf } from '../schema/choice';

/** A new password's rule (registration and a change of password). */
export const newPassword = secret({ min: 6, max: 64 });
/** A language the merchant picked. */
export const lang = oneOf(LANGUAGES);
