/**
 * The React APIs the app's own modules call, as the module builds (ES and CommonJS) ship them: one copy of the app
 * serves every entry of the package. `merchant-ads-sdk` and `merchant-ads-sdk/element` run it on preact/compat
 * (renderer-preact.ts), `merchant-ads-sdk/react` on the host's own React (renderer-react.ts); each entry installs its
 * renderer before any module of the app runs (their top level creates contexts). rollup.config.mjs points the app's
 * imports of react, react-dom, react/jsx-runtime and useSignals here, in the module builds only: the script-tag
 * builds and the test builds bind those names to one renderer when they are built, and never include this module.
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
  forwardRef: React['forwardRef'];
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

export let Children: Renderer['Children'];
export let createContext: Renderer['createContext'];
export let createElement: Renderer['createElement'];
export let forwardRef: Renderer['forwardRef'];
export let useContext: Renderer['useContext'];
export let useEffect: Renderer['useEffect'];
export let useId: Renderer['useId'];
export let useImperativeHandle: Renderer['useImperativeHandle'];
export let useLayoutEffect: Renderer['useLayoutEffect'];
export let useRef: Renderer['useRef'];
export let useState: Renderer['useState'];
export let act: unknown;
export let Fragment: Renderer['Fragment'];
export let jsx: Renderer['jsx'];
export let jsxs: Renderer['jsxs'];
export let createPortal: Renderer['createPortal'];
export let flushSync: Renderer['flushSync'];
export let useSignals: Renderer['useSignals'];

let current: Renderer | undefined;
let started = false;

/** The app's root: from here on the renderer is the page's for good. */
export const createRoot = ((...args: Parameters<Client['createRoot']>) => {
  started = true;
  return current!.createRoot(...args);
}) as Client['createRoot'];

export function installRenderer(r: Renderer): void {
  if (current && (started || current.name === 'react' || r.name !== 'react')) return;
  current = r;
  ({ Children, createContext, createElement, forwardRef, useContext, useEffect, useId, useImperativeHandle, useLayoutEffect, useRef, useState, act } = r);
  ({ Fragment, jsx, jsxs, createPortal, flushSync, useSignals } = r);
}
