/**
 * The app on preact/compat, for the module build's `merchant-ads-sdk` and `merchant-ads-sdk/element` (see
 * renderer.ts). @preact/signals tracks preact components by itself, so the app's useSignals() does nothing here,
 * as in the script tag.
 */
import '@preact/signals';
import {
  Children,
  createContext,
  createElement,
  createPortal,
  flushSync,
  useContext,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'preact/compat';
import { createRoot } from 'preact/compat/client';
import { Fragment, jsx, jsxs } from 'preact/jsx-runtime';
import { installRenderer, type Renderer } from './renderer';
import { useSignals } from './signals-runtime';

installRenderer({
  name: 'preact',
  Children,
  createContext,
  createElement,
  useContext,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  Fragment,
  jsx,
  jsxs,
  createPortal,
  flushSync,
  createRoot,
  useSignals,
} as unknown as Renderer);
