/**
 * What the sign-in and registration calls accept, each named after its call in api/calls/: the sign-in forms
 * check what is typed with the same schemas before sending.
 */
import { matches, obj } from '../schema/object';
import { secret, str } from '../schema/text';
import { accepted, opt } from '../schema/choice';
import { lang, newPassword } from './fields';

const username = str({ min: 3, max: 32, pattern: /^[A-Za-z0-9_.-]+$/, rule: 'username' });

export const authLogin = obj({ username: str({ max: 32 }), password: secret({ max: 64 }) });
export const authRegister = obj(
  {
    username,
    nickname: opt(str({ max: 32 })),
    password: newPassword,
    confirm_password: secret({ max: 64 }),
    email: str({ max: 120, format: 'email' }),
    phone: str({ max: 24, format: 'phone' }),
    license_key: str({ max: 64 }),
    terms: accepted(),
    lang: opt(lang),
  },
  [matches('password', 'confirm_password')],
);
// ts and sig are optional here so that an unsigned or cut link gets the entry_link_invalid answer, not a 400.
export const loginV2 = obj({
  entry: str({ max: 32 }),
  uid: str({ max: 64 }),
  ts: opt(str({ max: 16 })),
  sig: opt(str({ max: 128 })),
  lang: opt(lang),
});
export const registerV2 = obj({
  entry: str({ max: 32 }),
  uid: str({ max: 64 }),
  nickname: opt(str({ max: 32 })),
  lang: opt(lang),
  ticket: str({ max: 128 }),
});
export const langV2 = obj({ entry: str({ max: 32 }) });
