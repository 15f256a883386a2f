// In the bundle @preact/signals-react is served by @preact/signals, which tracks preact components on its
// own; useSignals() is then only needed by the React build of the library, so here it does nothing.
export function useSignals(): void {}
