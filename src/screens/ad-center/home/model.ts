import { signal, untracked } from '@preact/signals-react';
import { ApiError } from '../../../api/client';
import { Code, REFRESH_MS, Reason, type StatPeriod } from '../../../api/contract';
import type { AppServices } from '../../../app/context';
import { createModel, createResource } from '../../../kit';
import { timeZoneName } from '../../../lib/timezone';

/** Codes the error policy must keep handling (sign the merchant out, name the account's state). */
const SESSION_CODES: readonly number[] = [Code.NO_AUTH, Code.NOT_ACTIVATED, Code.NOT_ENABLED, Code.DELETED, Code.TOKEN_EXPIRED];

/** A failure the screen shows itself, quietly: everything but what ends or blocks the session. */
export const quietly = (err: ApiError): boolean => !(err.kind === 'business' && SESSION_CODES.includes(err.code ?? 0));

export type SignInOutcome = 'signed' | 'already' | 'failed';

/**
 * The ad-centre home's data. The overview and the ticker refresh every REFRESH_MS (spec §9) through the kit's
 * resources, which pause while the page is hidden, refresh at once when it is shown again, never stack a refresh
 * on one in flight, and stop with the model, so leaving the route or unmounting the widget ends them.
 */
export const HomeModel = createModel((app: AppServices) => {
  const period = signal<StatPeriod>('today');
  const signingIn = signal(false);

  // The user info is the session's (shared with start-up and sign-in), so leaving Home does not cancel it.
  // Untracked: the session's token, which loadUser reads, changing is the session's business, not a reload.
  const user = createResource(() => untracked(() => app.loadUser()));

  const stats = createResource(
    (abort) => {
      const type = period.value; // tracked: choosing another tab reloads
      return untracked(() => app.request('statistics', { type, user_time_zone: timeZoneName() }, { claims: quietly, signal: abort }));
    },
    { refreshMs: REFRESH_MS },
  );

  // The ticker is decoration: its failures are never worth a message; the last figures stay.
  const broadcast = createResource(
    (abort) => untracked(() => app.request('broadcast', undefined, { claims: () => true, signal: abort })),
    { refreshMs: REFRESH_MS },
  );

  return {
    period,
    signingIn,
    user,
    stats,
    broadcast,

    choosePeriod(p: StatPeriod) {
      period.value = p;
    },

    /** Pull to refresh: everything on the page, settled together. */
    async refreshAll(): Promise<void> {
      await Promise.all([user.reload(), stats.reload(), broadcast.reload(), app.config.load(app.i18n.lang.peek()).catch(() => undefined)]);
      if (stats.error.peek() !== undefined) throw stats.error.peek();
    },

    /** The daily sign-in: the server decides the merchant's day from X-TZ; a second tap is told so. */
    async signIn(): Promise<SignInOutcome | undefined> {
      if (signingIn.peek()) return undefined;
      signingIn.value = true;
      try {
        await app.request('signIn', undefined, { claims: quietly });
        void stats.reload();
        return 'signed';
      } catch (err) {
        if (!(err instanceof ApiError) || !quietly(err)) return undefined; // the policy has shown it
        return err.data.reason === Reason.ALREADY_SIGNED ? 'already' : 'failed';
      } finally {
        signingIn.value = false;
      }
    },
  };
});

/** A HomeModel as the views receive it. */
export type HomeModelInstance = InstanceType<typeof HomeModel>;
