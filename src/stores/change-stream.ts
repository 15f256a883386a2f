/**
 * The app's change stream (api/stream.ts): while signed in and the page visible, one `GET /events` held open with
 * the session in X-CT (fetch's streaming body: EventSource cannot send a header), its notices handed to whoever
 * listens; the resources that listen re-read then instead of asking on a timer.
 *
 * - Hidden page, signed out, unmounted: closed. Shown again or signed in: opened.
 * - Dropped (a network change, a proxy's cut, a server stopping with `bye`): opened again after a wait that grows
 *   (1 s, 2 s, 4 s … 30 s, each with a random part, so a restarted server is not met by every app at once).
 * - Silent for longer than two heartbeats: taken for dead and opened again (a connection a carrier dropped quietly).
 * - Answered with an envelope instead of a stream (no session, too many streams, a server without streams): closed,
 *   tried again after the longest wait; the listeners' 30-second refresh goes on meanwhile.
 * - Open again after a gap: `resync` to every listener, since notices in the gap are lost.
 * `live` says whether it is open: a listener refreshes on a timer only while it is not.
 */
import { effect, signal, type ReadonlySignal } from '@preact/signals-react';
import { CHANGE_KINDS, EVENTS_PATH, HEARTBEAT_MS, type ChangeKind, type StreamEventName } from '../api/stream';

export type ChangeNotice = { kind: ChangeKind; ids?: number[] } | { kind: 'resync' };
export type ChangeListener = (notice: ChangeNotice) => void;

export interface ChangeStream {
  /** True while the stream is open and heard from. */
  live: ReadonlySignal<boolean>;
  /** Hears every notice (and `resync`); returns the function that stops hearing. */
  listen: (listener: ChangeListener) => () => void;
}

export interface ChangeStreamOptions {
  /** The API base (absolute, as the calls use it): the stream is `${base}/events`. */
  base: string;
  token: ReadonlySignal<string | null>;
  doc: Document;
  /** The widget's lifetime: aborted, the stream closes for good. */
  lifetime: AbortSignal;
  fetch?: typeof fetch;
  random?: () => number;
}

const FIRST_WAIT_MS = 1_000;
const LONGEST_WAIT_MS = 30_000;
/** A stream that stayed up this long counts as healthy: the next drop starts the waits afresh. */
const HEALTHY_MS = 30_000;
/** A gap shorter than this (the first open, a quick reconnect) loses nothing worth a resync. */
const GAP_MS = 1_000;

const KINDS: ReadonlySet<string> = new Set(CHANGE_KINDS);

export function createChangeStream(options: ChangeStreamOptions): ChangeStream {
  const live = signal(false);
  const listeners = new Set<ChangeListener>();
  const visible = signal(options.doc.visibilityState !== 'hidden');
  const onVisibility = () => (visible.value = options.doc.visibilityState !== 'hidden');
  options.doc.addEventListener('visibilitychange', onVisibility);
  const random = options.random ?? Math.random;
  const doFetch = options.fetch ?? fetch.bind(globalThis);

  let failures = 0;
  let downSince = Date.now();
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let current: AbortController | null = null;
  /** Bumped to wake the effect for another attempt. */
  const attempt = signal(0);

  const tell = (notice: ChangeNotice) => {
    for (const l of [...listeners]) l(notice);
  };
  const retryAfter = (ms: number) => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => attempt.value++, ms);
  };
  const backoff = () => {
    failures++;
    const ceiling = Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - 1));
    return ceiling / 2 + random() * (ceiling / 2);
  };

  async function run(token: string, ctrl: AbortController): Promise<void> {
    let openedAt = 0;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    let silenceMs = 2 * HEARTBEAT_MS + 5_000;
    const heard = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => ctrl.abort(), silenceMs);
    };
    try {
      heard();
      const res = await doFetch(options.base.replace(/\/+$/, '') + EVENTS_PATH, {
        headers: { 'X-CT': token, Accept: 'text/event-stream' },
        cache: 'no-store',
        credentials: 'omit',
        signal: ctrl.signal,
      });
      if (!res.ok || !res.body || !(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
        // An envelope (or a server without streams): the timers carry on; try again, slowly.
        failures = Math.max(failures, 6);
        await res.body?.cancel().catch(() => undefined);
        return;
      }
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        heard();
        buffer += value.replace(/\r\n?/g, '\n');
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const name = /^event: ?(.*)$/m.exec(block)?.[1] as StreamEventName | undefined;
          if (!name) continue; // a heartbeat
          const raw = /^data: ?(.*)$/m.exec(block)?.[1];
          let data: { heartbeat_ms?: number; ids?: number[] } = {};
          try {
            data = raw ? (JSON.parse(raw) as typeof data) : {};
          } catch {
            // A notice it cannot read still says something changed: treated as one without details.
          }
          if (name === 'ready') {
            openedAt = Date.now();
            if (typeof data.heartbeat_ms === 'number') silenceMs = 2 * data.heartbeat_ms + 5_000;
            heard();
            live.value = true;
            if (openedAt - downSince > GAP_MS) tell({ kind: 'resync' });
          } else if (name === 'resync') tell({ kind: 'resync' });
          else if (name === 'bye') ctrl.abort();
          else if (KINDS.has(name))
            tell(
              name === 'plans'
                ? { kind: name, ids: Array.isArray(data.ids) ? data.ids : [] }
                : { kind: name as ChangeKind },
            );
        }
      }
    } catch {
      // Dropped, aborted, or the network is away: the wait below decides when to try again.
    } finally {
      clearTimeout(watchdog);
      if (live.peek()) downSince = Date.now();
      live.value = false;
      if (openedAt && Date.now() - openedAt > HEALTHY_MS) failures = 0;
    }
  }

  const stopEffect = effect(() => {
    void attempt.value; // read, so another attempt runs this again
    const token = options.token.value;
    if (!token || !visible.value || options.lifetime.aborted) return;
    const ctrl = new AbortController();
    current = ctrl;
    void run(token, ctrl).then(() => {
      // Closed by the effect's own cleanup (hidden, signed out, unmounted): it opens again when it should.
      if (current !== ctrl) return;
      current = null;
      retryAfter(backoff());
    });
    return () => {
      current = null;
      ctrl.abort();
      clearTimeout(retryTimer);
    };
  });

  options.lifetime.addEventListener(
    'abort',
    () => {
      stopEffect();
      options.doc.removeEventListener('visibilitychange', onVisibility);
      listeners.clear();
    },
    { once: true },
  );

  return {
    live,
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
