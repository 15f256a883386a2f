/**
 * Per-instance router. navigo matches paths against the route table; history is ours, so that 'memory' mode
 * never touches the host's URL or history and 'hash' mode writes only the hash (internal redirects replace).
 * Only navigo's matcher is used (matchRoute, the function its router's match() runs for each route): the Navigo
 * class adds a window popstate listener and host-wide link handlers (stack-facts), and its weight to the script
 * tag, for a history this router keeps itself.
 */
import { matchRoute } from 'navigo/lib/es/utils';
import { signal, type ReadonlySignal } from '@preact/signals-react';
import type { RouteMeta } from './routes';

export type RoutingMode = 'hash' | 'memory';

export interface Location {
  /** Path with its query, as navigated to: `/customer?url=...`. */
  path: string;
  pathname: string;
  query: URLSearchParams;
  route: RouteMeta;
  notFound: boolean;
}

export interface RouterOptions {
  mode: RoutingMode;
  /** The route table (the shell builds it from the screen groups). */
  routes: readonly RouteMeta[];
  /** What an unknown path shows. */
  notFound: RouteMeta;
  win: Window;
  /** Returns a path to redirect to (by replace), or null to allow. */
  guard: (loc: Location) => string | null;
  /** Where '/' goes (/login; a signed-in user goes home instead of seeing the login form). */
  root: () => string;
  /** The browser went back (hash mode): true when that was taken for something else, and the route stays. */
  interceptBack?: () => boolean;
}

export interface Router {
  current: ReadonlySignal<Location | null>;
  start: (initialPath?: string) => void;
  navigate: (path: string, opts?: { replace?: boolean }) => void;
  replace: (path: string) => void;
  /** Goes back inside the widget's own history; false when there is nothing to go back to. */
  back: () => boolean;
  canGoBack: () => boolean;
  destroy: () => void;
}

const normalise = (path: string) => {
  const p = path.trim() || '/';
  return p.startsWith('/') ? p : `/${p}`;
};

export function createRouter(o: RouterOptions): Router {
  const current = signal<Location | null>(null);
  const stack: string[] = [];
  let destroyed = false;

  const locate = (path: string): Location => {
    const full = normalise(path);
    const [pathname, search = ''] = full.split('?');
    // The first route that matches, as navigo's strategy 'ONE' picks it.
    const hit = o.routes.find((r) => matchRoute({ currentLocationPath: pathname, to: pathname, instance: ROOT }, r));
    return { path: full, pathname, query: new URLSearchParams(search), route: hit ?? o.notFound, notFound: !hit };
  };

  const hashPath = () => decodeURI(o.win.location.hash.replace(/^#/, '')) || '/';

  const writeHash = (path: string, replace: boolean) => {
    if (o.mode !== 'hash' || hashPath() === path) return;
    const l = o.win.location;
    if (replace) o.win.history.replaceState(o.win.history.state, '', `${l.pathname}${l.search}#${path}`);
    else l.hash = path;
  };

  // Resolves a path: '/' goes to /login, the guard may redirect; redirects replace, so Back never lands on them.
  const resolve = (path: string, replace: boolean, hops = 0) => {
    if (destroyed) return;
    let target = normalise(path);
    if (target.split('?')[0] === '/') {
      target = o.root();
      replace = true;
    }
    const loc = locate(target);
    const redirect = hops < 5 ? o.guard(loc) : null;
    if (redirect && redirect !== target) return resolve(redirect, true, hops + 1);
    if (replace && stack.length) stack[stack.length - 1] = loc.path;
    else stack.push(loc.path);
    writeHash(loc.path, replace);
    current.value = loc;
  };

  const onHashChange = () => {
    const path = hashPath();
    if (current.value?.path === path) return;
    // The browser moved (Back/Forward or a typed hash): mirror it in our stack.
    if (stack.length > 1 && stack[stack.length - 2] === path) {
      if (current.value && o.interceptBack?.()) {
        // Back closed a layer instead: the URL goes forward again (a new entry, so the next Back works alike).
        writeHash(current.value.path, false);
        return;
      }
      stack.pop();
      resolve(path, true);
    } else resolve(path, false);
  };

  return {
    current,
    start(initialPath) {
      if (o.mode === 'hash') {
        o.win.addEventListener('hashchange', onHashChange);
        resolve(o.win.location.hash ? hashPath() : initialPath || '/', true);
      } else resolve(initialPath || '/', true);
    },
    navigate(path, opts = {}) {
      if (current.value?.path === normalise(path) && !opts.replace) return;
      resolve(path, !!opts.replace);
    },
    replace(path) {
      resolve(path, true);
    },
    back() {
      if (stack.length < 2) return false;
      if (o.mode === 'hash') {
        o.win.history.back();
      } else {
        stack.pop();
        resolve(stack[stack.length - 1], true);
      }
      return true;
    },
    canGoBack: () => stack.length > 1,
    destroy() {
      destroyed = true;
      o.win.removeEventListener('hashchange', onHashChange);
    },
  };
}

/** navigo's router root, which its matcher strips from a matched URL: ours is the bare path. */
const ROOT = { root: '' };
