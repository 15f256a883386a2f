/**
 * The module build's main entry, merchant-ads-sdk: the app (./index) on preact/compat, installed before any of the
 * app's modules runs (lib/renderer.ts says why the module build chooses its renderer when it starts).
 */
import './lib/renderer-preact';

export * from './index';
