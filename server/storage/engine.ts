/**
 * Opening the database on either engine, behind one query builder (Kysely): SQLite through better-sqlite3 (one
 * connection, the zero-setup default) or PostgreSQL through a `pg` pool (`DATABASE_URL`). Everything above this
 * folder takes a `Db` and never learns which engine answers, except where a statement must differ (`isPostgres`).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { namingPool } from './prepared-statements';
import { registerPostgresFeed } from './changes';

export type Engine = 'sqlite' | 'postgres';

/** What queries run on: the whole database or a transaction of it (every repository takes either). */
export type Db = Kysely<Database>;

export interface Store {
  db: Db;
  engine: Engine;
  /** Ends every connection; queries after it fail. */
  close: () => Promise<void>;
}

/** True when `db` (the database or one of its transactions) is PostgreSQL: for the few statements that differ. */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

// ---------------------------------------------------------------------------------------------------------------
// SQLite

/** Opens a SQLite file (creating its folder), WAL and foreign keys on; `:memory:` works. */
export function openSqliteFile(path: string): BetterSqlite3.Database {
  const memory = path === ':memory:' || path === '';
  if (!memory) mkdirSync(dirname(path), { recursive: true });
  const raw = new BetterSqlite3(path);
  if (!memory) {
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = NORMAL');
  }
  return withConnectionPragmas(raw);
}

/** An in-memory SQLite database made from another's image (`serialize()`): a test's copy of the seeded one. */
export function openSqliteImage(image: Buffer): BetterSqlite3.Database {
  return withConnectionPragmas(new BetterSqlite3(image));
}

function withConnectionPragmas(raw: BetterSqlite3.Database): BetterSqlite3.Database {
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  return raw;
}

/**
 * The query builder over one better-sqlite3 connection. Kysely prepares every statement anew; the connection here
 * keeps each prepared statement for its SQL text, as the server did before the builder, since the builder's text
 * for a query never changes. A transaction begins IMMEDIATE: it holds the write lock from its first read, so a
 * read-then-write inside it is never refused halfway by another writer on the same file.
 */
export function sqliteStore(raw: BetterSqlite3.Database): Store {
  const prepared = new Map<string, BetterSqlite3.Statement>();
  const database = {
    close: () => raw.close(),
    prepare(sql: string) {
      const text = sql === 'begin' ? 'begin immediate' : sql;
      let s = prepared.get(text);
      if (!s) prepared.set(text, (s = raw.prepare(text)));
      return s;
    },
  };
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: database }) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL

export interface PostgresOptions {
  /** postgres://user:password@host:port/database */
  url: string;
  /** Connections this process may hold (default 10): processes × this must stay under the server's max_connections. */
  poolSize?: number;
  /** How long a query waits for a free connection or a new one before failing (default 5 s). */
  connectionTimeoutMs?: number;
  /** The server cancels a statement running longer (default 15 s). */
  statementTimeoutMs?: number;
  /** The server ends a session left idle inside a transaction (default 30 s): a stuck request cannot hold locks. */
  idleInTransactionTimeoutMs?: number;
  /** Told when a connection fails, idle or checked out (the pool replaces it); unheard, it would end the process. */
  onConnectionError?: (err: Error) => void;
  /** Idle connections do not keep the process alive (a test process that keeps one pool across its tests). */
  exitOnIdle?: boolean;
}

/**
 * int8 (ids, counts) and numeric (sums of int8) arrive as text from `pg`: read as numbers, and refused if one could
 * not be held exactly, rather than rounded.
 */
export function exactInteger(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`database value ${text} is not an exact integer`);
  return n;
}
const INT8 = 20;
const NUMERIC = 1700;
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
    if (oid === INT8 || oid === NUMERIC) return exactInteger;
    return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
  },
};

/** Why a PostgreSQL could not be used, in one line for the operator (no stack). */
export class DatabaseUnavailable extends Error {}

function reason(err: unknown): string {
  const e = err as { code?: string; message?: string };
  return [e.code, e.message].filter(Boolean).join(' ') || String(err);
}

/** A pool to `url`, checked with one query: an unreachable server or a wrong name or password throws DatabaseUnavailable. */
export async function openPostgres(o: PostgresOptions): Promise<Store> {
  let url: URL;
  try {
    url = new URL(o.url);
  } catch {
    throw new DatabaseUnavailable('DATABASE_URL is not a URL (expected postgres://user:password@host:port/database)');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new DatabaseUnavailable(`DATABASE_URL must start with postgres://, not ${url.protocol}//`);
  }
  const pool = new pg.Pool({
    connectionString: o.url,
    max: o.poolSize ?? 10,
    connectionTimeoutMillis: o.connectionTimeoutMs ?? 5000,
    statement_timeout: o.statementTimeoutMs ?? 15_000,
    idle_in_transaction_session_timeout: o.idleInTransactionTimeoutMs ?? 30_000,
    types,
    allowExitOnIdle: o.exitOnIdle ?? false,
  });
  pool.on('error', (err) => o.onConnectionError?.(err));
  // A connection lost while checked out but between queries (a transaction's work in TypeScript, say) reports it on
  // the client, where no query hears it: without a listener that would end the process. The work's next query fails
  // instead, its request answers the envelope's server error, and the pool drops the client when it is released.
  pool.on('connect', (client) => client.on('error', (err) => o.onConnectionError?.(err)));
  try {
    await pool.query('SELECT 1');
  } catch (err) {
    await pool.end().catch(() => {});
    const where = `${url.hostname}:${url.port || 5432}${url.pathname}`;
    throw new DatabaseUnavailable(`cannot use the PostgreSQL database at ${where}: ${reason(err)}`);
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namingPool(pool) }) });
  registerPostgresFeed(db, { url: o.url, onError: o.onConnectionError });
  return { db, engine: 'postgres', close: () => db.destroy() };
}

/**
 * Whether the database answers a trivial query within `timeoutMs` (the readiness check). A pool waiting for a
 * connection, or a server that does not answer, counts as not answering; the query itself is left to finish or fail.
 */
export async function databaseAnswers(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref();
  });
  const ping = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([ping, late]);
  } finally {
    clearTimeout(timer);
  }
}
