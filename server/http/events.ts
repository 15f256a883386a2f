/**
 * The change stream, `GET /api/events` (its contract: src/api/stream.ts): one server-sent-events response per
 * signed-in app, held open, told what changed for its merchant (storage/changes.ts) so the app re-reads it.
 *
 * What a stream costs is what keeps one process holding tens of thousands: its socket and one small record. Nothing
 * per stream runs on a timer: one heartbeat walks every stream, one flush writes every stream that has news. Changes
 * arriving close together are folded into one event of each kind (FLUSH_MS apart at most).
 *
 * A stream ends when the client goes, when its session's time is up (checked at each heartbeat), when the session is
 * ended or the account leaves the active state (learnt at the next heartbeat from the database, in one query for all
 * the streams of this process), and when the process drains (a `bye` first, so the app connects to another).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { EVENTS_PATH, HEARTBEAT_MS, type ChangeKind, type StreamEventName } from '../../src/api/stream';
import { changeFeedOf, type Change } from '../storage/changes';
import { liveTokenHashes } from '../storage/accounts';
import { API_PREFIX, sessionOfRequest } from './route';
import { ApiError, rateLimited, serverError } from './envelope';
import { asApiError } from './domain-errors';

/** How long changes wait to be folded together before they are written. */
const FLUSH_MS = 50;
/** Streams one merchant may hold on one process (tabs, devices): more are refused, and those apps keep polling. */
export const STREAMS_PER_MERCHANT = 8;

interface Stream {
  user: number;
  /** Its session's token hash: how the heartbeat asks which sessions still live. */
  session: string;
  expiresAt: number;
  res: ServerResponse;
  /** Kinds with news not yet written (null: none). */
  news: Set<ChangeKind> | null;
  plans: Set<number> | null;
}

export interface EventStreamOptions {
  heartbeatMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The open change streams of this process (tests and the benchmark read it). */
    streams: { count: () => number };
  }
}

const frame = (event: StreamEventName, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export function registerEventStream(app: FastifyInstance, o: EventStreamOptions = {}): void {
  const heartbeatMs = o.heartbeatMs ?? HEARTBEAT_MS;
  const byUser = new Map<number, Set<Stream>>();
  const all = new Set<Stream>();
  const dirty = new Set<Stream>();
  let flushTimer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | null = null;
  let closing = false;

  const remove = (s: Stream) => {
    all.delete(s);
    dirty.delete(s);
    const mine = byUser.get(s.user);
    mine?.delete(s);
    if (mine?.size === 0) byUser.delete(s.user);
    if (all.size === 0) stopListening();
  };
  const end = (s: Stream, bye: boolean) => {
    remove(s);
    if (!s.res.writableEnded) s.res.end(bye ? frame('bye', {}) : undefined);
  };

  const flush = () => {
    flushTimer = undefined;
    for (const s of dirty) {
      let text = '';
      for (const kind of s.news ?? []) text += frame(kind, kind === 'plans' ? { ids: [...(s.plans ?? [])] } : {});
      s.news = null;
      s.plans = null;
      if (text) s.res.write(text);
    }
    dirty.clear();
  };
  const tell = (s: Stream, c: Change) => {
    (s.news ??= new Set()).add(c.kind);
    if (c.plan !== undefined) (s.plans ??= new Set()).add(c.plan);
    dirty.add(s);
  };
  const hear = (changes: readonly Change[] | 'resync') => {
    if (changes === 'resync') {
      for (const s of all) s.res.write(frame('resync', {}));
      return;
    }
    for (const c of changes) {
      if (c.user === null) for (const s of all) tell(s, c);
      else for (const s of byUser.get(c.user) ?? []) tell(s, c);
    }
    if (dirty.size && !flushTimer) flushTimer = setTimeout(flush, FLUSH_MS);
  };
  const startListening = () => {
    unsubscribe ??= changeFeedOf(app.db).subscribe(hear);
  };
  const stopListening = () => {
    unsubscribe?.();
    unsubscribe = null;
  };

  // One walk over every stream: a comment line keeps each connection warm, and a stream whose session has ended
  // (its time, a logout elsewhere, an account no longer active) is closed with a `bye`.
  const beat = async () => {
    if (all.size === 0) return;
    const now = app.clock();
    for (const s of all) {
      if (s.expiresAt <= now) end(s, true);
      else s.res.write(': \n\n');
    }
    // Judged: the streams open now. One opened while the query runs was authenticated after it began.
    const judged = [...all];
    try {
      const live = await liveTokenHashes(app.db, [...new Set(judged.map((s) => s.session))], now);
      for (const s of judged) if (all.has(s) && !live.has(s.session)) end(s, true);
    } catch {
      // The database is away: the streams stay as they are; their apps' calls meet the outage themselves.
    }
  };
  // A beat never rejects: its one query's failure is caught inside.
  const heartbeat = setInterval(() => void beat(), heartbeatMs);
  heartbeat.unref();

  const closeAll = () => {
    closing = true;
    flush();
    for (const s of [...all]) end(s, true);
  };
  app.onDrain(closeAll);
  app.addHook('preClose', async () => closeAll());
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    clearTimeout(flushTimer);
    stopListening();
  });
  app.decorate('streams', { count: () => all.size });

  app.get(API_PREFIX + EVENTS_PATH, async (request, reply) => {
    let session;
    try {
      // Stopping: the app's calls go on (to another process), and its stream comes back there.
      if (closing) return reply.code(200).send(serverError());
      session = await sessionOfRequest(app, request);
      if ((byUser.get(session.user.id)?.size ?? 0) >= STREAMS_PER_MERCHANT) throw rateLimited(60);
    } catch (thrown) {
      const err = asApiError(thrown);
      if (err instanceof ApiError) return reply.code(200).send(err.envelope);
      throw err;
    }
    // From here on the response is this route's own, written as changes come, past Fastify's hooks (compression
    // would hold the events back). The headers other hooks set (CORS) go out with it.
    reply.hijack();
    const res = reply.raw;
    const given = Object.entries(reply.getHeaders()).filter(
      (e): e is [string, string | number | string[]] => e[1] !== undefined,
    );
    res.writeHead(200, {
      ...Object.fromEntries(given),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx passes the events on as they come, whatever its proxy_buffering says.
      'x-accel-buffering': 'no',
    });
    res.write(frame('ready', { heartbeat_ms: heartbeatMs }));
    const s: Stream = {
      user: session.user.id,
      session: session.tokenHash,
      expiresAt: session.expiresAt,
      res,
      news: null,
      plans: null,
    };
    all.add(s);
    let mine = byUser.get(s.user);
    if (!mine) byUser.set(s.user, (mine = new Set()));
    mine.add(s);
    startListening();
    res.once('close', () => remove(s));
  });
}
