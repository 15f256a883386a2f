import { untracked } from '@preact/signals-react';
import type { ApiError } from '../../../api/client';
import type { AppServices } from '../../../app/context';
import { createModel, createResource } from '../../../kit';

/** A load that cannot reach the server is the screen's to show (error state, Retry); a business failure is not. */
const unreachable = (e: ApiError) => e.kind !== 'business';

/** The shop level: the merchant's standing and the server's level table (`level`). */
export const LevelModel = createModel((app: AppServices) => ({
  // Untracked: the session's token, which request reads, changing is no reason to reload.
  overview: createResource((signal) => untracked(() => app.request('level', undefined, { signal, claims: unreachable }))),
}));
