import * as signInCalls from '../../../api/calls/sign-in';
import { ApiError } from '../../../api/client';
import { Code } from '../../../api/envelope';
import type { AppServices } from '../../../app/context';
import { reasonKey } from '../../../app/error-text';
import { computed, untracked } from '@preact/signals-react';
import { anyFailure } from '../../../kit/handled-failures';
import { createModel } from '../../../kit/model';
import { createResource } from '../../../kit/resource';

export interface EntryLink {
  entry: string;
  uid: string;
  ts: string;
  sig: string;
}

/** The partner link failures this page explains itself (with the way forward), instead of a passing toast. */
export const isEntryLinkError = (e: unknown): e is ApiError =>
  e instanceof ApiError && (e.data.reason === 'entry_link_invalid' || e.data.reason === 'entry_link_expired');

/**
 * Entering through a signed partner link: the partner's language, then v2 login, then in. Leaving the page aborts
 * it (no sign-in lands on another screen). The link's own failures become `problem`; the rest are the error
 * policy's (401 → the welcome page with the ticket, 402-404 dialogs).
 */
export const EntryModel = createModel((app: AppServices, link: EntryLink, lang: string | null) => {
  // Untracked: it depends on no signal (the token the request reads is set by this very sign-in, which must not
  // run the login again with a link that is already used).
  const entering = createResource((signal) => untracked(() => enter(signal)));
  async function enter(signal: AbortSignal) {
    // A language someone named wins: the link's (the partner's app naming the merchant's), else the one the host or
    // the merchant chose in this widget. The partner's own language is for when no one named any.
    const named = (lang ? await app.language.set(lang) : null) ?? app.chosenLanguage();
    // The partner's language is a nicety: any failure of it leaves the current one, unreported.
    if (!named)
      await app.request(signInCalls.langV2, { entry: link.entry }, { handles: anyFailure, signal }).then(
        (r) => app.language.set(r.lang),
        () => undefined,
      );
    try {
      // The 401 that sends a new user to the welcome page sets the language from its data: told the
      // named one, the server answers with it, so that switch repeats the choice instead of overturning it.
      const { token } = await app.request(signInCalls.loginV2, named ? { ...link, lang: named } : link, {
        handles: isEntryLinkError,
        signal,
      });
      if (!signal.aborted) await app.signIn(token);
    } catch (e) {
      if (isEntryLinkError(e))
        app.events.emit('error', { code: Code.DATA, msg: app.i18n.t(reasonKey(e.data.reason!)) });
      throw e;
    }
  }
  return {
    entering,
    /**
     * The message key of the link's own failure, if that is how it ended. A computed, not a method: a model's
     * methods run as untracked actions, so a view reading a signal through one would never re-render.
     */
    problem: computed(() => {
      const e = entering.error.value;
      return isEntryLinkError(e) ? reasonKey(e.data.reason!) : null;
    }),
  };
});
