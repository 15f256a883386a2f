import { signal } from '@preact/signals-react';
import * as accountCalls from '../api/calls/account';
import type { ApiCall } from '../api/client';

/** Unread notification count (the bell's badge): a load is skipped while another runs; decrease never goes below 0. */
export function createNotificationStore(api: ApiCall) {
  const unreadTotal = signal(0);
  let loading: Promise<void> | null = null;

  return {
    unreadTotal,
    load(): Promise<void> {
      if (loading) return loading;
      loading = api(accountCalls.unreadNotificationsCount)
        .then((r) => {
          unreadTotal.value = Math.max(0, Math.floor(Number(r.unread_total) || 0));
        })
        .finally(() => (loading = null));
      return loading;
    },
    reset() {
      unreadTotal.value = 0;
    },
    /** The count as the server answered it with a list page or a read mark (the inbox's own calls). */
    set(n: number) {
      unreadTotal.value = Math.max(0, Math.floor(n) || 0);
    },
    decrease(n = 1) {
      unreadTotal.value = Math.max(0, unreadTotal.value - n);
    },
  };
}
export type NotificationStore = ReturnType<typeof createNotificationStore>;
