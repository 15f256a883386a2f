/** What the account calls accept (profile, password, store opening, config), each named after its call in api/calls/. */
import { differs, matches, obj } from '../schema/object';
import { secret, str } from '../schema/text';
import { imageUrl } from '../schema/url';
import { opt } from '../schema/choice';
import { lang, newPassword } from './fields';

export const userInfoEdit = obj({
  nickname: opt(str({ max: 32 })),
  email: opt(str({ max: 120, format: 'email' })),
  phone: opt(str({ max: 24, format: 'phone' })),
  lang: opt(lang),
  avatar: opt(imageUrl({ max: 500 })),
});
export const updatePassword = obj(
  { old_password: secret({ max: 64 }), new_password: newPassword, confirm_password: secret({ max: 64 }) },
  [differs('old_password', 'new_password'), matches('new_password', 'confirm_password')],
);
export const basicConfig = obj({ lang: opt(lang) });
export const openingStore = obj({ auth_code: str({ max: 64 }) });
