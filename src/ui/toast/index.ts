export { Toast } from './Toast';
export {
  TOAST_DURATION,
  createToastStore,
  type ToastApi,
  type ToastOptions,
  type ToastType,
  type ToastState,
  type ToastStore,
} from './toast-store';
