/**
 * The module build's main entry, merchant-ads-sdk: the app (./index) on preact/compat, which importing this installs
 * (lib/renderer.ts says why the module build chooses its renderer when it starts).
 */
import './lib/renderer-preact';

export * from './index';
