export { Popup, PopupFooter, type PopupProps, type PopupPosition } from './Popup';
