/**
 * The app on the host's own React, for the module build's `merchant-ads-sdk/react` (see renderer.ts): react and
 * react-dom stay the host's imports; @preact/signals-react is the app's own state and its runtime tracks each
 * component that calls useSignals().
 */
import '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import * as React from 'react';
import { createPortal, flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { installRenderer, type Renderer } from './renderer';

const {
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
} = React;

installRenderer({
  name: 'react',
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
  // React 18.3 and 19 have act() on the package itself (read, not imported: older Reacts have none).
  act: (React as { act?: unknown }).act,
  Fragment,
  jsx,
  jsxs,
  createPortal,
  flushSync,
  createRoot,
  useSignals,
} as unknown as Renderer);
