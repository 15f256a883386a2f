/**
 * The one rule for a chosen language (README, "Language"). Whoever chooses it, the merchant in the header's
 * picker or the host (`setLanguage()`, `update({ language })`, the `language` mount option), the choice is the
 * merchant's language: shown at once, kept on this device and, while signed in, saved on the account
 * (user/info/edit `lang`). The account's language is what the server sends back with a 402/403/404 (docs/product.md, "Codes"; and
 * uses for its own texts), so a later answer that "sets the language from the error data" agrees with the choice
 * instead of switching the widget to an older one.
 *
 * A choice made while signed out is saved when a session's user info arrives (it loads when the session starts),
 * as long as the chosen language is still the one on screen; a language the server set since (a partner link, a
 * 402 to a sign-in) is the account's own and is left alone. A save that failed is retried the same way.
 */
import { effect, untracked } from '@preact/signals-react';
import type { Language } from '../api/languages';
import type { UserInfo } from '../api/shapes/account';
import type { LanguageStore } from '../stores/language';
import type { SessionStore } from '../stores/session';

export interface LanguageChoiceDeps {
  language: LanguageStore;
  session: SessionStore;
  /** user/info/edit with `{ lang }`, its failures handled (best effort: a failed save is no reason for a toast). */
  saveLang: (lang: Language) => Promise<UserInfo>;
}

export function createLanguageChoice(deps: LanguageChoiceDeps) {
  /** The language last chosen in this widget, or null while only the default, storage or the server set it. */
  let chosen: Language | null = null;
  let saving: { lang: Language; done: Promise<void> } | null = null;
  /** The last save that succeeded: sync() does not repeat it for the same session (no loop, whatever comes back). */
  let saved: { token: string | null; lang: Language } | null = null;

  const save = (lang: Language): Promise<void> => {
    if (saving?.lang === lang) return saving.done;
    const token = deps.session.token.peek();
    // One save at a time, in the order chosen: the last choice is the one the account ends with.
    const done = (saving?.done ?? Promise.resolve())
      .then(() => deps.saveLang(lang))
      .then(
        (user) => {
          saved = { token, lang };
          // Only for the session it was saved on: a logout or another token meanwhile has its own user.
          if (deps.session.token.peek() === token) deps.session.setUser(user);
        },
        () => undefined,
      )
      .finally(() => {
        if (saving?.done === done) saving = null;
      });
    saving = { lang, done };
    return done;
  };

  /** Saves the chosen language on the signed-in account when it is on screen and the account says otherwise. */
  const sync = (user: UserInfo | null) => {
    const token = deps.session.token.peek();
    if (!user || !chosen || user.lang === chosen || !token || deps.language.lang.peek() !== chosen) return;
    if (saved?.token === token && saved.lang === chosen) return;
    void save(chosen);
  };

  // Whenever a session's user info arrives (sign-in, a host token, a reload of the user), it is checked.
  const stop = effect(() => {
    const user = deps.session.user.value;
    if (user) untracked(() => sync(user));
  });

  return {
    /**
     * The header picker's and the host's way to change the language: applied, stored, and saved on the account
     * while signed in. Settles once the language shows and the save (if any) has settled; null for a code that is
     * neither ours nor in the server's language map (nothing changes then).
     */
    choose: async (code: string | null | undefined): Promise<Language | null> => {
      const lang = await deps.language.set(code);
      if (!lang) return null;
      chosen = lang;
      // Saved even when the cached user info already says so: another device may have changed it since.
      if (deps.session.token.peek()) await save(lang);
      return lang;
    },
    /** The language chosen in this widget (picker, host), or null when only the default, storage or the server set it. */
    chosen: (): Language | null => chosen,
    /** The `language` mount option, already applied by start-up: a choice like any other (saved once the user is known). */
    chosenAtMount: (lang: Language) => {
      chosen = lang;
      sync(deps.session.user.peek());
    },
    dispose: stop,
  };
}
export type LanguageChoice = ReturnType<typeof createLanguageChoice>;
