/**
 * The entry ticket a valid partner link was answered with (its 401), kept for the welcome page, which needs it
 * to register that partner user. Only in this instance's memory: a URL would leak it through history and
 * Referer, and storage would outlive the visit. A reload loses it; the welcome page then asks the merchant to
 * open the link from the partner app again.
 */
export interface EntryTicketStore {
  keep: (entry: string, uid: string, ticket: string) => void;
  /** The ticket of exactly this partner user, or null. */
  get: (entry: string, uid: string) => string | null;
  clear: () => void;
}

export function createEntryTicketStore(): EntryTicketStore {
  let held: { entry: string; uid: string; ticket: string } | null = null;
  return {
    keep(entry, uid, ticket) {
      held = { entry, uid, ticket };
    },
    get: (entry, uid) => (held && held.entry === entry && held.uid === uid ? held.ticket : null),
    clear() {
      held = null;
    },
  };
}
