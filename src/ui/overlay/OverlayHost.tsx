import { useEffect, useLayoutEffect, useRef } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useT } from '../../i18n/context';
import { useLazyFile } from '../../lib/lazy-file';
import { OverlayContext, type Overlays } from './overlays';
import { Toast } from '../toast/Toast';
import { overlayViews } from './views-file';

/**
 * Rendered once at the app root, inside .ma-root: the layer that popups portal into, the dialog stack, the
 * layers opened with overlays.open() and the toast. Absolute, not fixed: the widget may be a phone-sized box
 * on a desktop page. The dialog and layer views come in a file of their own when the first one opens; if it cannot
 * be fetched, the open layers settle as cancelled and a toast says so.
 */
export function OverlayHost({ overlays }: { overlays: Overlays }) {
  useSignals();
  const t = useT();
  const portal = useRef<HTMLDivElement>(null);
  const { customStore } = overlays;
  // Dialogs fetch the file themselves (overlays.ts): their store exists once it is in.
  const dialogStore = overlays.dialogStore.value;
  const wanted = customStore.entries.value.length > 0;
  const views = useLazyFile(overlayViews, wanted, overlays.assets());
  useEffect(() => {
    if (!wanted || !views.failed) return;
    for (const e of customStore.entries.peek()) {
      e.close(undefined);
      customStore.remove(e.id);
    }
    overlays.toast.fail(t('app.screenLoadFailed'));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reacts once to a failure; the toast's words are those of the moment it fails
  }, [wanted, views.failed]);
  const { DialogStack, CustomOverlayStack } = views.module ?? {};
  useLayoutEffect(() => {
    const el = portal.current;
    overlays.layerRoot.value = el;
    return () => {
      if (overlays.layerRoot.value === el) overlays.layerRoot.value = null;
    };
  }, [overlays]);
  return (
    <OverlayContext.Provider value={overlays}>
      <div className="ma-layers">
        {/* Its own element, so preact never diffs portalled popups against the host's other children. */}
        <div className="ma-layers__portal" ref={portal} />
        {DialogStack && dialogStore && <DialogStack store={dialogStore} />}
        {CustomOverlayStack && <CustomOverlayStack store={customStore} />}
        <Toast store={overlays.toastStore} />
      </div>
    </OverlayContext.Provider>
  );
}
