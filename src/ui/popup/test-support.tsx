/** Test support for the popup's tests, imported by them only: a screen with a trigger and one or two popups. */
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { waitFor } from '../../../test/browser/support/render';
import { renderWithOverlays } from '../../../test/browser/support/overlays';
import { deepActiveElement } from '../overlay/focus';
import { Popup, type PopupProps } from './Popup';

type Extra = Partial<PopupProps>;

/** A trigger button plus a popup whose open state lives in a signal, like an app screen would hold it. */
export function setup(extra: Extra = {}, second = false) {
  const open = signal(false);
  const open2 = signal(false);
  const log: string[] = [];
  function Screen() {
    useSignals();
    return (
      <>
        <button type="button" id="trigger" onClick={() => (open.value = true)}>
          Open
        </button>
        <Popup
          open={open.value}
          onClose={() => {
            log.push('close');
            open.value = false;
          }}
          onOpened={() => log.push('opened')}
          onClosed={() => log.push('closed')}
          title="Sheet"
          className="first"
          {...extra}
        >
          <button type="button" id="a">
            A
          </button>
          <button type="button" id="b">
            B
          </button>
          <button type="button" id="open2" onClick={() => (open2.value = true)}>
            Second
          </button>
        </Popup>
        {second && (
          <Popup open={open2.value} onClose={() => (open2.value = false)} ariaLabel="Second" className="second">
            <button type="button" id="c">
              C
            </button>
          </Popup>
        )}
      </>
    );
  }
  const r = renderWithOverlays(() => <Screen />);
  const active = () => deepActiveElement(r.shadow);
  const openIt = async () => {
    const trigger = r.$('#trigger')!;
    trigger.focus();
    trigger.click();
    await waitFor(() => log.includes('opened'), 'popup opened');
  };
  return { r, open, open2, log, active, openIt };
}
