import { untracked } from '@preact/signals-react';
import * as adCenterCalls from '../../../api/calls/ad-center';
import type { AppServices } from '../../../app/context';
import { createModel, createResource, loadFailures } from '../../../kit';

/** The shop level: the merchant's standing and the server's level table (`level`). */
export const LevelModel = createModel((app: AppServices) => ({
  // Untracked: the session's token, which request reads, changing is no reason to reload.
  overview: createResource((signal) =>
    untracked(() => app.request(adCenterCalls.level, undefined, { signal, handles: loadFailures })),
  ),
}));
