/**
 * What the server does to its database on start: open on the engine chosen, migrate, seed. Kept out of storage/,
 * because the seed runs services (delivery, levels) that themselves use the storage layer.
 */
import type { Store } from './storage/engine';
import { openStore, type StoreOptions } from './storage/open';
import { seed } from './seed/seed';

export async function prepareDatabase(o: StoreOptions): Promise<Store> {
  const store = await openStore(o);
  try {
    await seed(store.db);
  } catch (err) {
    await store.close();
    throw err;
  }
  return store;
}
