/**
 * The overlay views: dialogs, overlays.open() layers and the popup they are drawn in. A file of their own, fetched
 * when the first layer opens (or ahead, at idle time: src/shell/prefetch.ts), since a signed-out visitor may never
 * see one. The stores that hold their state (and the toast) stay in the script.
 */
import '../styles/palette';
export { DialogStack } from '../dialog/Dialog';
export { CustomOverlayStack } from './CustomOverlay';
