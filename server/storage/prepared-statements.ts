/**
 * PostgreSQL statements sent by name, so that each connection parses and plans a statement once and then only binds
 * and runs it. Kysely sends every query as an unnamed statement, which the server parses and plans again each time:
 * for the short statements this server runs, that is most of their cost on the database's side (a named one takes
 * about a third of the server's CPU, and half the round trip).
 *
 * The builder's text for a query never changes, so a name stands for one text for the life of the process. Texts
 * that vary with their input (a list of n values, n rows at once) would each take a name and a plan in every
 * connection's memory, so only the first NAMED_LIMIT texts of the process are named; the rest go unnamed as before.
 * Only plain queries are named: transaction control and settings go as they came.
 */
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

const NAMED_LIMIT = 1000;
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;

const names = new Map<string, string>();

/** The statement's name, or undefined when it goes unnamed. */
function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < NAMED_LIMIT && NAMEABLE.test(text))
    names.set(text, (name = `ma_${names.size + 1}`));
  return name;
}

/** `pool` for Kysely's PostgresDialect, naming the statements its clients send. */
export function namingPool(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      return {
        query: ((text: string | object, values?: readonly unknown[]) =>
          // A cursor (Kysely's streaming) is passed through as it is.
          typeof text === 'string'
            ? client.query({ name: nameOf(text), text, values: values as unknown[] })
            : client.query(text as never)) as unknown as PostgresPoolClient['query'],
        release: (destroy?: boolean) => client.release(destroy),
      };
    },
    end: () => pool.end(),
  };
}
