import { useSignals } from '@preact/signals-react/runtime';
import { Popup } from '../popup/Popup';
import type { CustomEntry, CustomStore } from './custom-store';

/**
 * One overlays.open() layer: a Popup, so it gets the focus trap, Escape (closes with undefined), the z-index
 * order, the scroll lock and focus given back on close like every other layer.
 */
function CustomOverlay({ entry, store }: { entry: CustomEntry; store: CustomStore }) {
  useSignals();
  const { options: o } = entry;
  const position = o.position ?? 'center';
  return (
    <Popup
      open={entry.open}
      position={position}
      round={o.round ?? true}
      height={o.height}
      closeable={o.closeable}
      title={o.title}
      ariaLabel={o.ariaLabel}
      closeOnOverlay={o.closeOnOverlay ?? position !== 'center'}
      onClose={() => entry.close(undefined)}
      onClosed={() => store.remove(entry.id)}
      className={o.className}
    >
      {entry.render(entry.close)}
    </Popup>
  );
}

/** Every open custom layer, newest on top. */
export function CustomOverlayStack({ store }: { store: CustomStore }) {
  useSignals();
  return (
    <>
      {store.entries.value.map((e) => (
        <CustomOverlay key={e.id} entry={e} store={store} />
      ))}
    </>
  );
}
