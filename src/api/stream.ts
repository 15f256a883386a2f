/**
 * The change stream: one per signed-in app, telling it what changed for its merchant so it re-reads that through
 * the usual calls instead of asking every 30 seconds. Shared by the SDK (app/change-stream.ts) and the server
 * (server/http/events.ts).
 *
 * `GET /api/events` with the session in `X-CT`, as every call (never in the URL: URLs are logged). The answer is
 * `text/event-stream` (server-sent events over HTTP/1.1), read with fetch's streaming body, since EventSource cannot
 * send a header. A request the server will not stream to (no session, an account not active, too many streams)
 * gets the usual JSON envelope instead, and the app keeps its 30-second refresh.
 *
 * Events, each `event: <name>` with a JSON `data` line:
 *   ready          {heartbeat_ms}  the stream is live; a comment line (": ") follows every heartbeat_ms
 *   notifications  {}              the unread count (and the inbox) may have changed
 *   wallet         {}              the wallet figures or the ledger changed
 *   plans          {ids}           these plans changed status or progress (and with them the home figures)
 *   ticker         {}              the ticker has news (at most once per REFRESH_MS)
 *   resync         {}              the server may have missed changes: re-read everything shown
 *   bye            {}              the server is stopping (or the session ended): connect again later
 * A notice carries no figures: the app reads them from the calls, so a missed or doubled notice costs a read,
 * never a wrong figure. Several changes close together come as one event of each kind.
 */
export const EVENTS_PATH = '/events';

/** What the server writes at least this often, so no proxy or carrier drops the idle connection. */
export const HEARTBEAT_MS = 25_000;

export const CHANGE_KINDS = ['notifications', 'wallet', 'plans', 'ticker'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export type StreamEventName = ChangeKind | 'ready' | 'resync' | 'bye';

export interface ReadyEvent {
  heartbeat_ms: number;
}
export interface PlansEvent {
  ids: number[];
}
