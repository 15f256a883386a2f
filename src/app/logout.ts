/**
 * Logging out. Without a reason it is the merchant's own: asked first, then ended here and on the server. With
 * one, the session has ended on the server already (a password change): it ends here.
 */
import * as signInCalls from '../api/calls/sign-in';
import type { ApiCall } from '../api/client';
import type { I18n } from '../i18n/i18n';
import type { Overlays } from '../ui/overlay/overlays';
import type { SessionFlow } from './session-flow';
import type { MerchantAdsEvents } from './types';

export const createLogout =
  (api: ApiCall, overlays: Overlays, i18n: I18n, flow: SessionFlow) =>
  async (reason?: MerchantAdsEvents['logout']['reason']): Promise<void> => {
    if (reason) return flow.end(reason);
    if (!(await overlays.dialog.confirm({ message: i18n.t('header.logoutConfirm') }))) return;
    // Ended on the server too, best effort: the request takes the token before it is forgotten and nobody waits
    // for it, so a failure or a hang never keeps the merchant signed in. It outlives the instance: a host that
    // unmounts on the `logout` event (emitted just below) must not cancel it and leave the token alive. (A host's
    // setToken(null) never comes here: the host may still use its token.)
    api(signInCalls.authLogout, undefined, { outlive: true }).catch(() => undefined);
    flow.end('user');
  };
