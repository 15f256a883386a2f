export { Dialog, DialogStack } from './Dialog';
export {
  createDialogStore,
  type AlertOptions,
  type ConfirmOptions,
  type DialogAction,
  type DialogApi,
  type DialogEntry,
  type DialogStore,
} from './dialog-store';
