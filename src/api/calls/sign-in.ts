/**
 * Signing in and registering: the script tag's own calls, and a partner's entry.
 * One module of the call table (api/calls/index.ts).
 */
import type { Call } from '../call';
import type { Language } from '../languages';
import type { AuthResult } from '../shapes/account';

type Ok = { ok: true };

export const authLogin = 'POST /auth/login open' as Call<AuthResult, 'authLogin'>;
// Ends the session of the token it is sent with (that token then answers 503, as an expired one does).
export const authLogout = 'POST /auth/logout' as Call<Ok, 'authLogout'>;
export const authRegister = 'POST /auth/register open' as Call<AuthResult, 'authRegister'>;
export const loginV2 = 'POST /auth/v2/login open' as Call<AuthResult, 'loginV2'>;
export const registerV2 = 'POST /auth/v2/register open' as Call<AuthResult, 'registerV2'>;
export const langV2 = 'GET /auth/v2/lang open' as Call<{ lang: Language }, 'langV2'>;
