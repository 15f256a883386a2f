/**
 * What a load balancer, an orchestrator or a person asks of a server process, and how it leaves:
 *   GET /healthz  200 {"status":"ok"} while the process answers at all (restart it when this fails);
 *   GET /readyz   200 {"status":"ready"} when its database answers within READY_TIMEOUT_MS; 503 with
 *                 {"status":"database_unavailable"} when not, or {"status":"draining"} once it is stopping (send it
 *                 no new requests).
 * Neither needs a session, neither is logged below a warning (they are asked every few seconds).
 *
 * Draining (`app.drain()`, main.ts on SIGTERM): from then on every answer closes its connection, so a proxy's
 * kept-alive connection is given back after the answer it is waiting for instead of being cut between two
 * requests; the caller then closes the app, which stops listening and waits for the connections, then waits for the
 * calls' work still running (`workDone`: a client that hung up leaves its call working) before the database closes.
 */
import type { FastifyInstance } from 'fastify';
import { databaseAnswers, type Db } from '../storage/engine';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the process is stopping (readyz says so). */
    draining: () => boolean;
    /** Starts stopping: readyz answers 503, every answer closes its connection. Runs the drain listeners once. */
    drain: () => void;
    /** Runs `listener` when draining starts (the event streams say goodbye). */
    onDrain: (listener: () => void) => void;
    /**
     * Counts an API call's work as in flight until the returned function is called (route.ts does it for every
     * call). A closed connection does not end the work: a client that hung up leaves its handler running.
     */
    beginWork: () => () => void;
    /** Resolves once no work is in flight, or after `ms`, whichever comes first (the stop waits for it). */
    workDone: (ms: number) => Promise<void>;
  }
}

export const READY_TIMEOUT_MS = 2_000;

export function registerHealth(app: FastifyInstance, db: Db): void {
  let draining = false;
  const listeners: (() => void)[] = [];
  app.decorate('draining', () => draining);
  app.decorate('drain', () => {
    if (draining) return;
    draining = true;
    for (const listener of listeners.splice(0)) listener();
  });
  app.decorate('onDrain', (listener: () => void) => {
    if (draining) listener();
    else listeners.push(listener);
  });
  let working = 0;
  const idle: (() => void)[] = [];
  app.decorate('beginWork', () => {
    working++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      if (--working === 0) for (const wake of idle.splice(0)) wake();
    };
  });
  app.decorate(
    'workDone',
    (ms: number) =>
      new Promise<void>((resolve) => {
        if (working === 0) return resolve();
        const timer = setTimeout(resolve, ms);
        idle.push(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  );
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  const quiet = { logLevel: 'warn' as const };
  app.get('/healthz', quiet, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', quiet, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (draining) return reply.code(503).send({ status: 'draining' });
    if (!(await databaseAnswers(db, READY_TIMEOUT_MS))) return reply.code(503).send({ status: 'database_unavailable' });
    return reply.send({ status: 'ready' });
  });
}
