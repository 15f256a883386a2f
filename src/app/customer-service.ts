/** The customer-service popup's state (open or not, its mode and message), as the services that screens use. */
import { signal } from '@preact/signals-react';
import type { AppServices, CustomerServiceState } from './context';

export function createCustomerService(): Pick<
  AppServices,
  'customerService' | 'openCustomerService' | 'closeCustomerService'
> {
  const state = signal<CustomerServiceState>({ open: false, mode: 'normal' });
  return {
    customerService: state,
    openCustomerService(o = {}) {
      state.value = { open: true, mode: o.mode ?? 'normal', message: o.message };
    },
    closeCustomerService() {
      state.value = { ...state.value, open: false };
    },
  };
}
