// Stylesheets are imported as strings and injected into the widget's shadow root (rollup-plugin-postcss, inject: false).
declare module '*.css' {
  const css: string;
  export default css;
}
declare const __SDK_VERSION__: string;

// navigo's own path matching (its ES build's utils module), without the Navigo class: see src/router/router.ts.
declare module 'navigo/lib/es/utils' {
  export interface MatchContext {
    currentLocationPath: string;
    to: string;
    instance: { root: string };
  }
  export function matchRoute(
    context: MatchContext,
    route: { path: string },
  ): false | { url: string; data: Record<string, string> | null };
}
