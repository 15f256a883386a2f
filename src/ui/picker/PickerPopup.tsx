import { useId } from 'react';
import { Popup } from '../popup/Popup';
import { Picker, type PickerProps } from './Picker';

export interface PickerPopupProps extends Pick<
  PickerProps,
  'title' | 'columns' | 'value' | 'onChange' | 'onConfirm' | 'onCancel' | 'confirmText' | 'cancelText'
> {
  open: boolean;
  /** Names the sheet and the listbox when there is no title. */
  ariaLabel?: string;
  /**
   * Sheet height: half the widget's by default, and never less than the toolbar and six 44 px options
   * (docs/product.md, "Languages"). The wheel fills it, its band in the middle.
   */
  height?: string;
}

/** A bottom sheet holding a Picker (the language switcher). Overlay tap and Escape cancel. */
export function PickerPopup({ open, title, ariaLabel, height = '50%', onCancel, ...picker }: PickerPopupProps) {
  const titleId = useId();
  return (
    <Popup
      open={open}
      position="bottom"
      height={height}
      round
      onClose={onCancel}
      labelledBy={title ? titleId : undefined}
      ariaLabel={ariaLabel}
      className="ma-picker-popup"
    >
      <Picker {...picker} fill title={title} ariaLabel={ariaLabel} titleId={titleId} onCancel={onCancel} />
    </Popup>
  );
}
