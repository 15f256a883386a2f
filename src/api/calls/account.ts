/**
 * What every signed-in page may ask: the merchant's account, the server's config and the bell's count.
 * One module of the call table (api/calls/index.ts).
 */
import type { Call } from '../call';
import type { UserInfo } from '../shapes/account';
import type { BasicConfig } from '../shapes/config';

type Ok = { ok: true };

export const userInfo = 'GET /user/info' as Call<UserInfo, 'userInfo'>;
export const userInfoEdit = 'POST /user/info/edit' as Call<UserInfo, 'userInfoEdit'>;
export const updatePassword = 'POST /update/password' as Call<Ok, 'updatePassword'>;
export const openingStore = 'POST /opening_store' as Call<UserInfo, 'openingStore'>;
export const basicConfig = 'GET /basic_config open' as Call<BasicConfig, 'basicConfig'>;
export const unreadNotificationsCount = 'POST /user/notifications/unread_count' as Call<
  { unread_total: number },
  'unreadNotificationsCount'
>;
