import { useSignals } from '@preact/signals-react/runtime';
import { Icon } from '../icon/Icon';
import { bem } from '../shared/bem';
import type { ToastStore, ToastType } from './toast-store';
import css from './toast.css';
import { addStyles } from '../styles';

addStyles(css, 'ui', 'toast');

function ToastIcon({ type }: { type: ToastType }) {
  if (type === 'loading') return <span className="ma-spinner ma-toast__spinner" aria-hidden="true" />;
  if (type === 'text') return null;
  return (
    <Icon
      className="ma-toast__icon"
      d={type === 'success' ? 'M5 12.5l4.5 4.5L19 7.5' : 'M7 7l10 10M17 7L7 17'}
      size={36}
      stroke={2.2}
    />
  );
}

/**
 * The instance's toast. The live region is always in the DOM, even empty: screen readers only announce
 * changes inside a region they already know about.
 */
export function Toast({ store }: { store: ToastStore }) {
  useSignals();
  const s = store.state.value;
  return (
    <>
      {s?.forbidClick && <div className="ma-toast-blocker" style={{ zIndex: String(s.zIndex) }} />}
      <div
        className="ma-toast-region"
        role="status"
        aria-live="polite"
        aria-atomic="true"
        style={s ? { zIndex: String(s.zIndex) } : undefined}
      >
        {s && (
          <div key={s.id} className={bem('ma-toast')([s.type])}>
            <ToastIcon type={s.type} />
            {s.message && <span className="ma-toast__text">{s.message}</span>}
          </div>
        )}
      </div>
    </>
  );
}
