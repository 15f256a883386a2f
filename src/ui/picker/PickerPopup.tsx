import { useId } from 'react';
import { Popup } from '../popup/Popup';
import { Picker, type PickerProps } from './Picker';

export interface PickerPopupProps
  extends Pick<PickerProps, 'title' | 'columns' | 'value' | 'onChange' | 'onConfirm' | 'onCancel' | 'confirmText' | 'cancelText'> {
  open: boolean;
  /** Names the sheet and the listbox when there is no title. */
  ariaLabel?: string;
  /**
   * Sheet height. By default the sheet is as tall as the picker (toolbar + 6 options of 44 px, spec §9), as
   * Vant's is: a fixed 50% of a tall phone left ~100 px of blank white under the wheel.
   */
  height?: string;
}

/** A bottom sheet holding a Picker (the language switcher). Overlay tap and Escape cancel. */
export function PickerPopup({ open, title, ariaLabel, height, onCancel, ...picker }: PickerPopupProps) {
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
      <Picker {...picker} title={title} ariaLabel={ariaLabel} titleId={titleId} onCancel={onCancel} />
    </Popup>
  );
}
