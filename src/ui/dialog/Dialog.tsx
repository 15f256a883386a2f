import { useId } from 'react';
import type { KeyDown } from '../shared/key-down';
import { useSignals } from '@preact/signals-react/runtime';
import { useT } from '../../i18n/context';
import { Popup } from '../popup/Popup';
import { bem } from '../shared/bem';
import type { DialogEntry, DialogStore } from './dialog-store';
import css from './dialog.css';
import { addStyles } from '../styles';

addStyles(css, 'ui', 'dialog');

/** One confirm/alert of the stack; rendered by OverlayHost from the instance's dialog store. */
export function Dialog({ entry, store }: { entry: DialogEntry; store: DialogStore }) {
  const t = useT();
  const titleId = useId();
  const messageId = useId();
  const { options: o, loading, kind } = entry;
  const act = (action: 'confirm' | 'cancel') => () => void store.act(entry.id, action);

  const onKeyDown = (e: KeyDown<HTMLDivElement>) => {
    // Enter on the cancel button is that button's own click, an IME's Enter picks a candidate; elsewhere it confirms.
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    if ((e.target as HTMLElement).closest?.('.ma-dialog__cancel')) return;
    e.preventDefault();
    void store.act(entry.id, 'confirm');
  };

  return (
    <Popup
      open={entry.open}
      position="center"
      round
      role="alertdialog"
      closeOnOverlay={false}
      labelledBy={o.title ? titleId : messageId}
      describedBy={o.title ? messageId : undefined}
      onClose={act('cancel')}
      onClosed={() => store.remove(entry.id)}
      className="ma-dialog"
    >
      <div className="ma-dialog__body" onKeyDown={onKeyDown}>
        {o.title && (
          <h2 className="ma-dialog__title" id={titleId}>
            {o.title}
          </h2>
        )}
        <p className={bem('ma-dialog')('message', { alone: !o.title })} id={messageId}>
          {o.message}
        </p>
        <div className="ma-dialog__footer">
          {kind === 'confirm' && (
            <button
              type="button"
              className="ma-dialog__button ma-dialog__cancel"
              // aria-disabled rather than disabled: a disabled button would drop the focus out of the dialog.
              aria-disabled={loading || undefined}
              onClick={loading ? undefined : act('cancel')}
            >
              {o.cancelText ?? t('ui.dialog.cancel')}
            </button>
          )}
          <button
            type="button"
            className="ma-dialog__button ma-dialog__confirm"
            data-ma-autofocus=""
            aria-disabled={loading || undefined}
            aria-busy={loading || undefined}
            onClick={loading ? undefined : act('confirm')}
          >
            {loading && <span className="ma-spinner ma-dialog__spinner" aria-hidden="true" />}
            <span className={loading ? 'ma-dialog__label--hidden' : undefined}>
              {o.confirmText ?? t('ui.dialog.ok')}
            </span>
          </button>
        </div>
      </div>
    </Popup>
  );
}

/** The stack of open dialogs, newest on top. */
export function DialogStack({ store }: { store: DialogStore }) {
  useSignals();
  return (
    <>
      {store.entries.value.map((e) => (
        <Dialog key={e.id} entry={e} store={store} />
      ))}
    </>
  );
}
