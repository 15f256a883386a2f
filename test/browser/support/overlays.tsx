// Test-only helper for the overlay primitives' tests: it lives under test/, since nothing in src/ may import test code.
import type { ReactNode } from 'react';
import popupCss from '../../../src/ui/popup/popup.css';
import toastCss from '../../../src/ui/toast/toast.css';
import dialogCss from '../../../src/ui/dialog/dialog.css';
import pickerCss from '../../../src/ui/picker/picker.css';
import { renderUI, type Rendered } from './render';
import { createOverlays, OverlayContext, type Overlays } from '../../../src/ui/overlay/overlays';
import { OverlayHost } from '../../../src/ui/overlay/OverlayHost';

export const overlayCss = [popupCss, toastCss, dialogCss, pickerCss];

/** Renders `ui` the way the app does: under an OverlayContext with the OverlayHost at the root. */
export function renderWithOverlays(
  ui: (o: Overlays) => ReactNode,
  opts: { zIndexBase?: number } = {},
): Rendered & { o: Overlays } {
  const r = renderUI(null, overlayCss);
  const o = createOverlays({ t: r.i18n.t, zIndexBase: opts.zIndexBase });
  const tree = () => (
    <OverlayContext.Provider value={o}>
      <div className="test-app">{ui(o)}</div>
      <OverlayHost overlays={o} />
    </OverlayContext.Provider>
  );
  r.rerender(tree());
  const unmount = r.unmount;
  return Object.assign(r, {
    o,
    unmount() {
      o.destroy();
      unmount();
    },
  });
}

export const sleep = (ms: number) => new Promise<void>((ok) => setTimeout(ok, ms));

/** Resolves once every running animation in the shadow root (popup entrances, toast fade) has finished. */
export async function animationsDone(root: ShadowRoot): Promise<void> {
  // An endless animation (a blinking caret) never finishes: only the ones that end are waited for.
  const ending = root.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
  await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
}
