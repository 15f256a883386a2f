/**
 * Boot: the first language (asked for before the rest of the widget is built, since it is all the first render
 * waits for), then the router's first route and the first render; what the first screen does not need waits until
 * it has painted. A widget without any language file shows the bundle's own few words and retries on a tap.
 */
import type { createRoot } from 'react-dom/client';
import type { Language } from '../api/languages';
import { isLanguage } from '../i18n/i18n';
import { I18nContext } from '../i18n/context';
import { afterPaint, nextTask } from '../lib/after-paint';
import { mapLanguage, type ConfigStore } from '../stores/config';
import type { LanguageStore } from '../stores/language';
import { OverlayContext } from '../ui/overlay/overlays';
import { BOOT_FAILURE_TEXT, BootFailure } from './BootFailure';
import { AppContext, type AppServices } from './context';
import type { LanguageChoice } from './language-choice';
import type { SessionFlow } from './session-flow';
import type { MountOptions, Shell } from './types';

type Root = ReturnType<typeof createRoot>;

/** The language the widget starts in: the host's option, else the stored one, else English; null if unknown. */
export function firstLanguage(options: MountOptions, language: LanguageStore, config: ConfigStore): Language | null {
  const wanted = options.language ?? language.stored() ?? 'en';
  return isLanguage(wanted) ? wanted : mapLanguage(wanted, config.config.value.client_language_map);
}

/** What boot() starts the widget with. */
export interface BootParts {
  app: AppServices;
  reactRoot: Root;
  win: Window;
  App: Shell['App'];
  /** The first language, when the mount option, storage or the server's map names one we have. */
  known: Language | null;
  /** The first language's files, asked for already. */
  loading: Promise<void>;
  /** The mount options as they are now. */
  options: () => MountOptions;
  languageChoice: LanguageChoice;
  flow: SessionFlow;
  routerStarted: () => void;
  /** Nothing renders once it has ended. */
  life: AbortSignal;
  /** Where the pending warm-up goes. */
  cleanups: (() => void)[];
}

/** Starts the widget once `loading` settles; resolves when it has rendered into `reactRoot`. */
export function boot({
  app,
  reactRoot,
  win,
  App,
  known,
  loading,
  options,
  languageChoice,
  flow,
  routerStarted,
  life,
  cleanups,
}: BootParts): Promise<void> {
  const { i18n, router } = app;
  let first: Promise<void> | null = loading;

  const start = async (): Promise<void> => {
    try {
      await (first ?? i18n.setLanguage(known ?? 'en'));
    } catch {
      // That language failed: English, fetched beside it, is shown if it came.
      if (i18n.ready.peek() === false) await i18n.setLanguage('en').catch(() => undefined);
    }
    first = null; // a Retry asks again
    // The first render gets a task of its own: the app's set-up and its first screen, in one go, would hold the host
    // page's main thread for the two together (the language file is often in already, when the app starts late).
    await nextTask(win);
    if (life.aborted) return;
    if (!i18n.ready.peek()) {
      // No language file at all (offline, a wrong localesBase, a CDN that sends no CORS header): say so in the
      // bundle's own few words, retry on a tap, and tell the host, which otherwise hears neither ready nor error.
      const text = BOOT_FAILURE_TEXT[known ?? 'en'];
      reactRoot.render(<BootFailure text={text} onRetry={() => void start()} />);
      app.events.emit('error', { code: 'language_files', msg: text[0] });
      return;
    }
    const o = options();
    // The host's language option is a choice like setLanguage(): the signed-in account takes it too.
    if (o.language && known && i18n.lang.peek() === known) languageChoice.chosenAtMount(known);
    router.start(o.initialRoute);
    routerStarted();
    reactRoot.render(
      <AppContext.Provider value={app}>
        <I18nContext.Provider value={i18n}>
          <OverlayContext.Provider value={app.overlays}>
            <App />
          </OverlayContext.Provider>
        </I18nContext.Provider>
      </AppContext.Provider>,
    );
    // What the first screen does not need waits until it has painted: the first request works out the time zone for
    // its header, and a browser's first Intl call sets up its time zone data (about 35 ms of a phone's CPU).
    cleanups.push(
      afterPaint(win, () => {
        void app.config.load(i18n.lang.peek()).catch(() => undefined);
        if (app.session.token.value) flow.warmUp();
      }),
    );
    app.events.emit('ready', { version: __SDK_VERSION__, route: router.current.peek()?.path ?? '' });
  };
  return start();
}
