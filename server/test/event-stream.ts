/**
 * A change stream as the app opens it (GET /api/events with the session in X-CT, read with fetch's streaming body),
 * parsed into its events, for the server's tests and the benchmark's shape of a client.
 */
import assert from 'node:assert/strict';
import { EVENTS_PATH } from '../../src/api/stream';

export interface StreamEvent {
  event: string;
  data: any;
}

export interface OpenStream {
  /** Every event so far, in order. */
  events: StreamEvent[];
  /** Heartbeat comment lines so far. */
  heartbeats: number;
  /** Whether the server has ended the stream. */
  ended: () => boolean;
  /** Resolves with the first event from index `from` on that matches, waiting for it (at most `ms`). */
  next: (match: (e: StreamEvent) => boolean, o?: { from?: number; ms?: number }) => Promise<StreamEvent>;
  /** Resolves once the server has ended the stream (at most `ms`). */
  closed: (ms?: number) => Promise<void>;
  close: () => void;
}

/** Opens the stream; the envelope the server answered instead, if it did not stream. */
export async function openStream(
  base: string,
  token: string | undefined,
  headers: Record<string, string> = {},
): Promise<OpenStream | { envelope: any }> {
  const ctrl = new AbortController();
  const r = await fetch(`${base}/api${EVENTS_PATH}`, {
    headers: { ...(token ? { 'X-CT': token } : {}), ...headers },
    signal: ctrl.signal,
  });
  if (!r.headers.get('content-type')?.startsWith('text/event-stream')) return { envelope: await r.json() };
  const events: StreamEvent[] = [];
  let heartbeats = 0;
  let done = false;
  let wake: (() => void)[] = [];
  const poke = () => {
    const w = wake;
    wake = [];
    for (const f of w) f();
  };
  void (async () => {
    const reader = r.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done: over } = await reader.read();
        if (over) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.startsWith(':')) heartbeats++;
          else {
            const name = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
            const data = /^data: (.*)$/m.exec(block)?.[1];
            events.push({ event: name, data: data === undefined ? null : JSON.parse(data) });
          }
          poke();
        }
      }
    } catch {
      // aborted by close()
    }
    done = true;
    poke();
  })();
  const waitFor = async <T>(check: () => T | undefined, ms: number, what: string): Promise<T> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = check();
      if (found !== undefined) return found;
      if (done) assert.fail(`the stream ended before ${what}: ${JSON.stringify(events)}`);
      const left = deadline - Date.now();
      if (left <= 0) assert.fail(`no ${what} within ${ms} ms: ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  return {
    events,
    get heartbeats() {
      return heartbeats;
    },
    ended: () => done,
    next: (match, o = {}) => waitFor(() => events.slice(o.from ?? 0).find(match), o.ms ?? 5000, 'such event'),
    closed: async (ms = 5000) => {
      await waitFor(() => (done ? true : undefined), ms, 'the end');
    },
    close: () => ctrl.abort(),
  };
}

/** The stream, asserted to be one (not an envelope). */
export async function mustStream(base: string, token: string | undefined): Promise<OpenStream> {
  const s = await openStream(base, token);
  assert.ok(!('envelope' in s), `no stream: ${JSON.stringify((s as { envelope: unknown }).envelope)}`);
  await s.next((e) => e.event === 'ready');
  return s;
}
