// A popup's title and its × button, which stay in sight above the scrolling middle.
import { Icon } from '../icon';

export interface PopupHeaderProps {
  title?: string;
  titleId: string;
  /** The × button's label; no button without it. */
  closeLabel?: string;
  onClose: () => void;
}

export function PopupHeader({ title, titleId, closeLabel, onClose }: PopupHeaderProps) {
  return (
    <>
      {title && (
        <div className="ma-popup__header">
          <h2 className="ma-popup__title" id={titleId}>
            {title}
          </h2>
        </div>
      )}
      {closeLabel && (
        <button type="button" className="ma-popup__close" aria-label={closeLabel} onClick={onClose}>
          <Icon name="close" size={18} />
        </button>
      )}
    </>
  );
}
