export { Picker, type PickerOption, type PickerProps } from './Picker';
export { PickerPopup, type PickerPopupProps } from './PickerPopup';
