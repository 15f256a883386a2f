/**
 * The React APIs the app's own modules call, as the module builds (ES and CommonJS) ship them: one copy of the app
 * serves every entry of the package. `merchant-ads-sdk` and `merchant-ads-sdk/element` run it on preact/compat
 * (renderer-preact.ts), `merchant-ads-sdk/react` on the host's own React (renderer-react.ts); each entry installs its
 * renderer when it loads. The module build (tools/rollup/swaps.mjs) points the app's imports of react, react-dom, react/jsx-runtime and
 * useSignals here, in the module builds only: the script-tag build and the test builds bind those names to one
 * renderer when they are built, and never include this module.
 *
 * Every name here asks for the renderer when it is called, not when the app's modules load: a host's bundler may run
 * the app's files before the entry's renderer file (esbuild's split output, which vite and Angular use in development,
 * does not keep their order), and nothing renders before mount() anyway. A context made at a module's top level is made
 * for the renderer at its first use.
 *
 * One renderer serves every app on a page, since hooks have no way to ask which root is rendering them: the first
 * one installed, except that the host's React replaces preact/compat while no app has started, so a page that loads
 * both entries runs each of its apps on the host's React.
 */
import type * as ReactApi from 'react';
import type * as ReactDomApi from 'react-dom';
import type * as ReactDomClient from 'react-dom/client';
import type * as JsxRuntime from 'react/jsx-runtime';

type React = typeof ReactApi;
type ReactDom = typeof ReactDomApi;
type Client = typeof ReactDomClient;
type Jsx = typeof JsxRuntime;

/** What an entry hands over: each of these names from its renderer, and its signals hook. */
export interface Renderer {
  name: 'preact' | 'react';
  Children: React['Children'];
  createContext: React['createContext'];
  createElement: React['createElement'];
  useContext: React['useContext'];
  useEffect: React['useEffect'];
  useId: React['useId'];
  useImperativeHandle: React['useImperativeHandle'];
  useLayoutEffect: React['useLayoutEffect'];
  useRef: React['useRef'];
  useState: React['useState'];
  /** React's act() (src/app/act-root.ts); preact/compat has none. */
  act?: unknown;
  Fragment: Jsx['Fragment'];
  jsx: Jsx['jsx'];
  jsxs: Jsx['jsxs'];
  createPortal: ReactDom['createPortal'];
  flushSync: ReactDom['flushSync'];
  createRoot: Client['createRoot'];
  useSignals: () => unknown;
}

let current: Renderer | undefined;
let started = false;

function renderer(): Renderer {
  if (!current)
    throw new Error(
      '[merchant-ads] no renderer: import merchant-ads-sdk, merchant-ads-sdk/element or merchant-ads-sdk/react',
    );
  return current;
}

export function installRenderer(r: Renderer): void {
  if (current && (started || current.name === 'react' || r.name !== 'react')) return;
  current = r;
  Fragment = r.Fragment;
  act = r.act;
}

/** The app's root: from here on the renderer is the page's for good. */
export const createRoot = ((...args: Parameters<Client['createRoot']>) => {
  started = true;
  return renderer().createRoot(...args);
}) as Client['createRoot'];

/** Read when an element is made, at render time. */
export let Fragment: Renderer['Fragment'];
export let act: unknown;

const LAZY = Symbol('merchant-ads context');
type Lazy = { [LAZY]?: () => unknown };

export const createContext = ((defaultValue: unknown) => {
  let made: { Provider: unknown; Consumer: unknown } | undefined;
  const real = () =>
    (made ??= renderer().createContext(defaultValue) as unknown as { Provider: unknown; Consumer: unknown });
  return {
    get Provider() {
      return real().Provider;
    },
    get Consumer() {
      return real().Consumer;
    },
    [LAZY]: real,
  };
}) as unknown as Renderer['createContext'];

export const useContext = ((context: Lazy) =>
  renderer().useContext((context[LAZY]?.() ?? context) as never)) as Renderer['useContext'];

// The assertion types the rest parameters below: without it they are any[] under React's own types.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
export const Children = {
  map: (...a) => renderer().Children.map(...a),
  forEach: (...a) => renderer().Children.forEach(...a),
  count: (...a) => renderer().Children.count(...a),
  only: (...a) => renderer().Children.only(...a),
  toArray: (...a) => renderer().Children.toArray(...a),
} as Renderer['Children'];

export const createElement = ((...a: Parameters<Renderer['createElement']>) =>
  renderer().createElement(...a)) as Renderer['createElement'];
export const useEffect: Renderer['useEffect'] = (...a) => renderer().useEffect(...a);
export const useId: Renderer['useId'] = () => renderer().useId();
export const useImperativeHandle = ((...a: Parameters<Renderer['useImperativeHandle']>) =>
  renderer().useImperativeHandle(...a)) as Renderer['useImperativeHandle'];
export const useLayoutEffect: Renderer['useLayoutEffect'] = (...a) => renderer().useLayoutEffect(...a);
export const useRef = ((...a: [unknown]) => renderer().useRef(...a)) as Renderer['useRef'];
export const useState = ((...a: [unknown]) => renderer().useState(...a)) as Renderer['useState'];
export const jsx = ((...a: Parameters<Renderer['jsx']>) => renderer().jsx(...a)) as Renderer['jsx'];
export const jsxs = ((...a: Parameters<Renderer['jsxs']>) => renderer().jsxs(...a)) as Renderer['jsxs'];
export const createPortal = ((...a: Parameters<Renderer['createPortal']>) =>
  renderer().createPortal(...a)) as Renderer['createPortal'];
export const flushSync = ((...a: Parameters<Renderer['flushSync']>) =>
  renderer().flushSync(...a)) as Renderer['flushSync'];
export const useSignals = () => renderer().useSignals();
