import { useEffect, type RefObject } from 'react';
import { useApp } from '../app/context';
import type { LazyFile } from '../lib/lazy-file';
import { serviceFile } from '../screens/service/file';
import { badgeFile } from '../ui/badge/badge-file';
import { overlayViews } from '../ui/overlay/views-file';
import { GROUP_FILES } from './groups';

/**
 * What a merchant opens next: the login form leads to the ad centre and its header's badge; dialogs and sheets. A
 * session adds its tools.
 */
const FROM_LOGIN: readonly LazyFile<unknown>[] = [GROUP_FILES['ad-center'], badgeFile, overlayViews, serviceFile];
const IN_SESSION: readonly LazyFile<unknown>[] = [
  ...FROM_LOGIN,
  GROUP_FILES['ad-center-tools'],
  GROUP_FILES.messages,
  GROUP_FILES.plan,
  GROUP_FILES.wallet,
];

/**
 * Fetches the files the merchant opens next, at low priority once the browser is idle: while a session exists, or
 * once the login form shows, so sign-in → home waits for no download. The script-tag build only brings them into
 * the browser's cache: none of them runs on the main thread while the merchant types. Off with the mount option
 * `prefetch: false`. A failure is silent here: the route or sheet itself loads (and explains) when it is opened.
 */
export function usePrefetch(routeName: string | undefined, main: RefObject<HTMLElement | null>): void {
  const app = useApp();
  const signedIn = !!app.session.token.value;
  const wanted = app.prefetch && (signedIn || routeName === 'login');
  // Once the login form is sent, the ad centre's file runs while the sign-in request is in flight (the main thread
  // waits on the network then, and the merchant is no longer typing), so home need not wait for it after the answer.
  const signingIn = wanted && !signedIn;
  useEffect(() => {
    const el = main.current;
    if (!signingIn || !el) return;
    const run = () => void GROUP_FILES['ad-center'].load(app.assets).catch(() => undefined);
    el.addEventListener('submit', run);
    return () => el.removeEventListener('submit', run);
  }, [signingIn, main, app]);
  useEffect(() => {
    if (!wanted) return;
    const win = window;
    const run = () => {
      for (const file of signedIn ? IN_SESSION : FROM_LOGIN)
        file.load({ ...app.assets, low: true }).catch(() => undefined);
    };
    if (win.requestIdleCallback) {
      const id = win.requestIdleCallback(run, { timeout: 2000 });
      return () => win.cancelIdleCallback(id);
    }
    const id = setTimeout(run, 200);
    return () => clearTimeout(id);
  }, [wanted, signedIn, app]);
}
