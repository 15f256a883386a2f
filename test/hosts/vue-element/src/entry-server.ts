// The app rendered to HTML in node (built with `vite build --ssr`). The element's module is imported as in the
// browser: on a server it defines nothing and must throw nothing, and Vue renders <merchant-ads> as a plain tag with
// its attributes, which the element's own module brings to life in the browser.
import 'merchant-ads-sdk/element';
import { createSSRApp } from 'vue';
import { renderToString } from 'vue/server-renderer';
import App from './App.vue';

export function render(): Promise<string> {
  return renderToString(createSSRApp(App));
}
