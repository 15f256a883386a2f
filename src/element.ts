/**
 * merchant-ads-sdk/element: importing it defines `<merchant-ads>` at once (as element packages do on import), in a
 * browser. On a server, where there is no customElements, importing it does nothing, so a framework's server render
 * of a page that imports it writes the element's tag and the browser upgrades it. The app runs on preact/compat
 * (lib/renderer.ts), which importing this installs.
 */
import './lib/renderer-preact';
import { defineElement } from './app/element';
import { mountApp } from './mount';

export * from './index';

if (typeof customElements !== 'undefined') defineElement(mountApp);
