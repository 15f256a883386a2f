// Defines <merchant-ads> before Vue renders anything, so Vue creates the real element (and, on a page the server
// rendered, the element already in the HTML upgrades and mounts).
import 'merchant-ads-sdk/element';
import { createApp, createSSRApp } from 'vue';
import App from './App.vue';

// The same bundle serves both pages: the one the server rendered (its markup inside #app) is hydrated, the plain
// one (only the template's <!--app-html--> placeholder inside #app) is rendered from scratch.
const container = document.querySelector('#app')!;
(container.firstElementChild ? createSSRApp : createApp)(App).mount(container);
