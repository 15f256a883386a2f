/**
 * Change notices: what a write changed for whom (a merchant, or everyone), published when its transaction commits
 * and never when it rolls back, to every server process on the database, where the event streams pass them on
 * (http/events.ts). A notice carries no data, only what to read again.
 *
 * The storage functions that write what an app shows note their change here, in the same transaction as the write
 * (`noteChange`). inTransaction (transaction.ts) gathers a transaction's notices and publishes them:
 *   - PostgreSQL: `pg_notify` on one channel, inside the transaction, just before it commits, so PostgreSQL delivers
 *     them at the commit to every process that LISTENs (one dedicated connection each, opened while something
 *     subscribes), and drops them on a rollback;
 *   - SQLite: after the commit, to this process's subscribers (one process owns a SQLite file's streams).
 * A notice noted outside inTransaction's bookkeeping is published at once: on PostgreSQL still inside whatever
 * transaction the handle belongs to; on SQLite before a commit, which a re-read cannot overtake, since SQLite's one
 * connection serves the re-read only after the transaction.
 *
 * Lost notices (the listening connection broke) are made up for with a `resync`: the subscribers re-read everything.
 */
import pg from 'pg';
import { PostgresAdapter, sql, type DialectAdapter, type Kysely } from 'kysely';
import type { ChangeKind } from '../../src/api/stream';
import type { Database } from './schema';

/** engine.ts's Db, named here from its parts: engine.ts opens each database's feed through this module. */
type Db = Kysely<Database>;

export interface Change {
  /** The merchant it concerns, or null for everyone. */
  user: number | null;
  kind: ChangeKind;
  /** The plan, for kind 'plans'. */
  plan?: number;
}

/** What a subscriber hears: changes, or 'resync' when some may have been missed. */
export type ChangeListener = (changes: readonly Change[] | 'resync') => void;

export interface ChangeFeed {
  subscribe: (listener: ChangeListener) => () => void;
}

const CHANNEL = 'merchant_ads_changes';

/** "user:kind[:plan]" with "*" for everyone: a notice's payload, and the key that folds repeats together. */
const encode = (c: Change) => `${c.user ?? '*'}:${c.kind}${c.plan === undefined ? '' : `:${c.plan}`}`;

function decode(text: string): Change | null {
  const [user, kind, plan] = text.split(':');
  if (!user || !kind) return null;
  const change: Change = { user: user === '*' ? null : Number(user), kind: kind as ChangeKind };
  if (plan !== undefined) change.plan = Number(plan);
  return change;
}

// ---------------------------------------------------------------------------------------------------------------
// Noting, per transaction

const pending = new WeakMap<Db, Map<string, Change>>();

/** Notes a change the write beside it made; published with its transaction (see the top of this file). */
export async function noteChange(db: Db, change: Change): Promise<void> {
  const list = pending.get(db);
  if (list) {
    list.set(encode(change), change);
    return;
  }
  await publish(db, [change]);
}

/** inTransaction's part: starts gathering the notices of `trx`. */
export function gatherChanges(trx: Db): void {
  pending.set(trx, new Map());
}

/** inTransaction's part, as the work ends and before the commit: on PostgreSQL, notifies inside the transaction. */
export async function notifyBeforeCommit(trx: Db): Promise<Change[]> {
  const list = [...(pending.get(trx)?.values() ?? [])];
  pending.delete(trx);
  if (list.length && isPostgres(trx)) await pgNotify(trx, list);
  return list;
}

/** inTransaction's part, once committed: on SQLite, tells this process's subscribers. */
export function publishAfterCommit(db: Db, list: readonly Change[]): void {
  if (list.length && !isPostgres(db)) localFeed(db).emit(list);
}

async function publish(db: Db, list: readonly Change[]): Promise<void> {
  if (isPostgres(db)) await pgNotify(db, list);
  else localFeed(db).emit(list);
}

async function pgNotify(db: Db, list: readonly Change[]): Promise<void> {
  const payloads = [...new Set(list.map(encode))];
  await sql`select pg_notify(${CHANNEL}, p) from unnest(${payloads}::text[]) as p`.execute(db);
}

// ---------------------------------------------------------------------------------------------------------------
// Hearing: one feed per database, keyed by its dialect's adapter (shared by the database and its transactions)

const adapterOf = (db: Db): DialectAdapter => db.getExecutor().adapter;
const isPostgres = (db: Db): boolean => adapterOf(db) instanceof PostgresAdapter;

class LocalFeed implements ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();
  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit(list: readonly Change[] | 'resync'): void {
    for (const l of this.listeners) l(list);
  }
  get size(): number {
    return this.listeners.size;
  }
}

const localFeeds = new WeakMap<DialectAdapter, LocalFeed>();
const postgresFeeds = new WeakMap<DialectAdapter, ChangeFeed>();

function localFeed(db: Db): LocalFeed {
  const adapter = adapterOf(db);
  let feed = localFeeds.get(adapter);
  if (!feed) localFeeds.set(adapter, (feed = new LocalFeed()));
  return feed;
}

/** The changes of the database `db` belongs to, as this process hears them. */
export function changeFeedOf(db: Db): ChangeFeed {
  if (!isPostgres(db)) return localFeed(db);
  const feed = postgresFeeds.get(adapterOf(db));
  if (!feed) throw new Error('this PostgreSQL database was not opened with openPostgres: no change feed');
  return feed;
}

export interface ListenOptions {
  url: string;
  /** Told when the listening connection breaks (it is opened again, and the subscribers told to resync). */
  onError?: (err: Error) => void;
}

/**
 * The PostgreSQL feed of the database `db` (engine.ts openPostgres registers it): one connection of its own,
 * outside the pool, LISTENing while anyone subscribes. When it breaks it is opened again, waiting a little longer
 * each time (up to 10 s), and the subscribers are told to resync once it is back.
 */
export function registerPostgresFeed(db: Db, o: ListenOptions): void {
  const feed = new LocalFeed();
  let client: pg.Client | null = null;
  let retryMs = 250;
  let timer: NodeJS.Timeout | undefined;
  let missed = false;

  const open = async () => {
    timer = undefined;
    if (feed.size === 0 || client) return;
    const c = new pg.Client({ connectionString: o.url, connectionTimeoutMillis: 5000 });
    client = c;
    const broke = (err: Error) => {
      if (client !== c) return;
      client = null;
      missed = true;
      o.onError?.(err);
      c.end().catch(() => undefined);
      if (feed.size > 0 && !timer) timer = setTimeout(() => void open(), retryMs);
      retryMs = Math.min(retryMs * 2, 10_000);
    };
    c.on('error', broke);
    c.on('end', () => broke(new Error('the listening connection ended')));
    c.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      const change = decode(n.payload);
      if (change) feed.emit([change]);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
      if (client !== c) return;
      retryMs = 250;
      if (missed) {
        missed = false;
        feed.emit('resync');
      }
      // Everyone left while it was connecting.
      if (feed.size === 0) close();
    } catch (err) {
      broke(err as Error);
    }
  };
  const close = () => {
    clearTimeout(timer);
    timer = undefined;
    const c = client;
    client = null;
    c?.end().catch(() => undefined);
  };
  postgresFeeds.set(adapterOf(db), {
    subscribe(listener) {
      const off = feed.subscribe(listener);
      void open();
      return () => {
        off();
        if (feed.size === 0) close();
      };
    },
  });
}
