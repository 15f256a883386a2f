import { useLayoutEffect, useRef } from 'react';
import { OverlayContext, type Overlays } from './overlays';
import { Toast } from '../toast/Toast';
import { DialogStack } from '../dialog/Dialog';
import { CustomOverlayStack } from './CustomOverlay';

/**
 * Rendered once at the app root, inside .ma-root: the layer that popups portal into, the dialog stack, the
 * layers opened with overlays.open() and the toast. Absolute, not fixed: the widget may be a phone-sized box
 * on a desktop page.
 */
export function OverlayHost({ overlays }: { overlays: Overlays }) {
  const portal = useRef<HTMLDivElement>(null);
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
        <DialogStack store={overlays.dialogStore} />
        <CustomOverlayStack store={overlays.customStore} />
        <Toast store={overlays.toastStore} />
      </div>
    </OverlayContext.Provider>
  );
}
