import { signal, untracked } from '@preact/signals-react';
import * as adCenterCalls from '../../../api/calls/ad-center';
import { REFRESH_MS, type SignInResult, type StatPeriod } from '../../../api/shapes/ad-center';
import type { AppServices } from '../../../app/context';
import { anyFailure, createKeyedAction, createModel, createResource, loadFailures } from '../../../kit';
import { timeZoneName } from '../../../lib/timezone';
import { lastKnownCheckIn } from './check-in-state';
import { noticesOf } from '../../shared/live-changes';

/**
 * The ad-centre home's data. The overview is read again when the server says the merchant's plans or wallet
 * changed, the ticker when it has news (the change stream); while the stream is down both refresh every REFRESH_MS
 * (docs/product.md, "Refresh and polling") through the kit's resources, which pause while the page is hidden,
 * refresh at once when it is shown again, never stack a refresh on one in flight, and stop with the model, so
 * leaving the route or unmounting the widget ends them.
 */
export const HomeModel = createModel((app: AppServices) => {
  const period = signal<StatPeriod>('today');

  // The user info is the session's (shared with start-up and sign-in), so leaving Home does not cancel it.
  // Untracked: the session's token, which loadUser reads, changing is the session's business, not a reload.
  const user = createResource(() => untracked(() => app.loadUser()));

  const stats = createResource(
    (abort) => {
      const type = period.value; // tracked: choosing another tab reloads
      return untracked(() =>
        app.request(
          adCenterCalls.statistics,
          { type, user_time_zone: timeZoneName() },
          { handles: loadFailures, signal: abort },
        ),
      );
    },
    { refreshMs: REFRESH_MS, changes: noticesOf(app, ['plans', 'wallet']) },
  );

  // The ticker is decoration: its failures are never worth a message; the last figures stay.
  const broadcast = createResource(
    (abort) => untracked(() => app.request(adCenterCalls.broadcast, undefined, { handles: anyFailure, signal: abort })),
    // Every app hears the ticker's news at once: each re-reads within 10 s of it, not all in the same instant.
    { refreshMs: REFRESH_MS, changes: noticesOf(app, ['ticker'], { spreadMs: 10_000 }) },
  );

  // The check-in strip's state as last known: kept through a failed refresh, and a check-in's answer counts at once.
  const checkIn = lastKnownCheckIn(stats);

  /**
   * The daily check-in (the wire's sign-in): the server decides the merchant's day, the streak and the reward; a
   * second tap (or device) is told so. Its answer is the strip's new state, whether or not the overview refreshes.
   */
  const signIn = createKeyedAction<void, SignInResult>(
    { t: app.i18n.t, toast: app.overlays.toast },
    {
      key: () => 'check-in',
      run: (_, { handles }) => app.request(adCenterCalls.signIn, undefined, { handles }),
      refusals: { already_signed: { key: 'errors.alreadySigned', tone: 'text' } },
      failed: { handles: loadFailures, key: 'errors.signInFailed' },
      success: (r) => app.i18n.t('home.checkIn.done', { credit: r.reward }),
      onDone: (r) => {
        checkIn.learn(r.check_in);
        void stats.reload();
      },
      // Checked in elsewhere (another device): the overview's answer shows it.
      onRefused: () => void stats.reload(),
    },
  );

  return {
    period,
    user,
    stats,
    broadcast,
    checkIn: checkIn.status,
    signIn,

    choosePeriod(p: StatPeriod) {
      period.value = p;
    },

    /** Pull to refresh: everything on the page, settled together; rejects when the overview did not refresh. */
    async refreshAll(): Promise<void> {
      await Promise.all([
        user.reload(),
        stats.reload(),
        broadcast.reload(),
        app.config.load(app.i18n.lang.peek()).catch(() => undefined),
      ]);
      if (stats.error.peek() !== undefined) throw stats.error.peek();
    },
  };
});

/** A HomeModel as the views receive it. */
export type HomeModelInstance = InstanceType<typeof HomeModel>;
