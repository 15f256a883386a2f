/**
 * The overlay views: dialogs, overlays.open() layers and the popup they are drawn in. A file of their own, fetched
 * when the first layer opens (or ahead, at idle time: src/shell/prefetch.ts), since a signed-out visitor may never
 * see one. The dialogs' store comes here too (overlays.ts makes it when the first dialog is asked for); the store of
 * overlays.open() layers and the toast stay in the script.
 */
import '../styles/palette';
export { DialogStack } from '../dialog/Dialog';
export { createDialogStore } from '../dialog/dialog-store';
export { CustomOverlayStack } from './CustomOverlay';
