import { untracked } from '@preact/signals-react';
import type { AppServices } from '../../../app/context';
import { createModel, createResource } from '../../../kit';

/**
 * The home screen's data: the merchant's user info, which the header icons and the greeting read from the session.
 * The request is the session's own, shared with start-up and sign-in, so leaving Home does not cancel it.
 */
export const HomeModel = createModel((app: AppServices) => ({
  // Untracked: the session's token, which loadUser reads, changing is the session's business, not a reload of Home.
  user: createResource(() => untracked(() => app.loadUser())),
}));
