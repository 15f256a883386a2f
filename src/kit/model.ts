import { useLayoutEffect, useState } from 'react';
import { createModel, type Model, type ModelConstructor } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';

// Screen models are @preact/signals' createModel: a model owns every effect created while its factory runs
// (resources and paged sources keep their teardown in such effects), and disposing the model disposes them.
export { createModel, type Model, type ModelConstructor };

/**
 * Disposes a model made outside useModel (a test, a model kept by the app). Models keep their disposer under
 * Symbol.dispose, which this project's TypeScript lib (ES2022) does not name yet; in a browser without the
 * symbol, signals and this lookup both fall back to the same `undefined` key, so it still finds it.
 */
export function disposeModel(model: object): void {
  const key = (Symbol as { dispose?: symbol }).dispose as PropertyKey;
  const dispose = (model as Record<PropertyKey, unknown>)[key];
  if (typeof dispose === 'function') dispose.call(model);
}

/**
 * One model per component mount, disposed when it unmounts. Not the library's useModel: that one disposes
 * from a passive useEffect, which preact 11 runs after paint, so its cleanup lags the unmount by a frame, and
 * a screen unmounted before its first paint (a redirect on first render) never registers the cleanup at all:
 * its timers and requests would live on. A layout effect is registered in the commit and cleaned up in the
 * unmount itself.
 */
export function useModel<TModel>(factory: ModelConstructor<TModel, []> | (() => Model<TModel>)): Model<TModel> {
  // createModel's constructors are plain functions too (the library's useModel calls them the same way).
  // The caller renders from the model's signals: under React it re-renders on them only while tracked.
  useSignals();
  const [model] = useState(() => (factory as () => Model<TModel>)());
  useLayoutEffect(() => () => disposeModel(model), [model]);
  return model;
}
