export { Popup, type PopupProps, type PopupPosition } from './Popup';
