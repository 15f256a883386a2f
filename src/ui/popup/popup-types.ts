import type { ReactNode } from 'react';
import type { PopupPosition } from './popup-motion';

export interface PopupProps {
  open: boolean;
  /** Asked to close (overlay tap, Escape, × button) once beforeClose allows it; the parent sets open=false. */
  onClose?: () => void;
  position?: PopupPosition;
  /** CSS length, e.g. '50%' for a bottom sheet. */
  height?: string;
  /** CSS length, e.g. '85%'. */
  width?: string;
  /** Rounded corners on the side facing the screen. */
  round?: boolean;
  closeOnOverlay?: boolean;
  /** Resolving false vetoes a close the user asked for. */
  beforeClose?: () => boolean | Promise<boolean>;
  /** Shows a × button (labelled ui.popup.close). */
  closeable?: boolean;
  title?: string;
  ariaLabel?: string;
  /** Id of the element naming the popup; wins over title and ariaLabel. */
  labelledBy?: string;
  describedBy?: string;
  role?: 'dialog' | 'alertdialog';
  /** Enter/leave transition in ms (0 under prefers-reduced-motion). */
  duration?: number;
  onOpened?: () => void;
  onClosed?: () => void;
  className?: string;
  children?: ReactNode;
}
