// Stylesheets are imported as strings and injected into the widget's shadow root (rollup-plugin-postcss, inject: false).
declare module '*.css' {
  const css: string;
  export default css;
}
declare const __SDK_VERSION__: string;
