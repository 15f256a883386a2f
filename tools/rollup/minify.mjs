// terser as every build minifies.
// The IIFE-like script files keep their top-level `var MerchantAds`: only the module builds have their top-level
// names mangled (`toplevel`). An ES file is minified as a module; a CommonJS file is not one to terser (no implied
// strict mode, no import/export), but node and every bundler wrap it in a function of its own, so its top-level
// names are its own to mangle too.
// unsafe_methods writes `{ get: function () {} }` as `{ get() {} }`: unsafe only for a function that is called with
// `new`, which no object property here is (constructors are declarations: preact's Component, signals' Signal).
// (unsafe_arrows, tried too, broke the script tag: the end-to-end tests caught it.)
import terser from '@rollup/plugin-terser';

export const minify = (module, toplevel = module) =>
  terser({ ecma: 2020, module, toplevel, compress: { passes: 2, unsafe_methods: true }, format: { comments: false } });
