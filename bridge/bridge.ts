/**
 * The web side of the bridge: announces `ready` (re-sent with backoff until the shell answers), queues what
 * it sends before then, validates everything it receives, and falls back for user actions when no shell
 * answers in time. See PROTOCOL.md.
 */
import { detectAdapter, type AdapterName, type CustomAdapter } from './adapters';
import {
  CAPABILITIES,
  MAX_MESSAGE_BYTES,
  SUPPORTED_VERSIONS,
  encode,
  parse,
  shellToWeb,
  webToShell,
  type Message,
  type ShellToWeb,
  type WebToShell,
} from './protocol';

export interface BridgeOptions {
  win: Window;
  sdkVersion: string;
  /** Validated shell → web messages. */
  onMessage: (message: Message<keyof ShellToWeb & string, ShellToWeb[keyof ShellToWeb]>) => void;
  /** What user actions do when no shell answers. */
  fallback: { close: () => void; openUrl: (url: string) => void };
  adapter?: CustomAdapter;
  /** Name of the iOS message handler and of the Android interface (default 'merchantAds'). */
  handlerName?: string;
  /** Exact origins ('https://host:port') a parent window may have; 'null' only when listed. Empty: no iframe. */
  allowedOrigins?: readonly string[];
  /** Delays between `ready` announcements, in ms; the last one repeats. */
  readyBackoff?: readonly number[];
  /** How long a user action waits for a shell that has not answered yet (ms, default 1500). */
  fallbackTimeout?: number;
  /** At most this many messages wait for the shell (default 50); the oldest go first. */
  queueLimit?: number;
  log?: (message: string, detail?: unknown) => void;
}

export interface Bridge {
  readonly adapter: AdapterName;
  /** True once the shell has answered. */
  readonly connected: boolean;
  /** The platform the shell named in `init`. */
  readonly platform: string | null;
  send: <K extends keyof WebToShell>(type: K, payload: WebToShell[K]) => void;
  /** The global receive path (`window.MerchantAdsBridge.receive`), for shells that evaluate JavaScript. */
  receive: (raw: unknown) => void;
  destroy: () => void;
}

// Only the latest of these matters to a shell that connects late.
const LATEST_ONLY = new Set<keyof WebToShell>(['routeChanged', 'titleChanged']);

export function createBridge(o: BridgeOptions): Bridge {
  const win = o.win;
  const allowed = (o.allowedOrigins ?? []).map((x) => x.trim()).filter(Boolean);
  const adapter = detectAdapter(win, {
    adapter: o.adapter,
    handlerName: o.handlerName ?? 'merchantAds',
    allowedOrigins: allowed,
  });
  const backoff = o.readyBackoff?.length ? o.readyBackoff : [250, 500, 1000, 2000, 4000, 8000];
  const fallbackTimeout = o.fallbackTimeout ?? 1500;
  const queueLimit = o.queueLimit ?? 50;
  const log = o.log ?? ((m: string, d?: unknown) => console.warn(`[merchant-ads bridge] ${m}`, d ?? ''));
  const startedAt = Date.now();

  let connected = false;
  let platform: string | null = null;
  let destroyed = false;
  // The iframe adapter talks to the parent's origin once a valid message from it has proved it.
  let parentOrigin: string | null = null;
  const queue: { type: keyof WebToShell; payload: unknown; fallback?: () => void }[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const later = (fn: () => void, ms: number) => {
    const id = setTimeout(() => {
      timers.delete(id);
      fn();
    }, ms);
    timers.add(id);
  };

  const deliver = (type: keyof WebToShell, payload: unknown) => {
    const raw = encode(type, payload);
    if (raw.length > MAX_MESSAGE_BYTES) return log(`not sent: ${type} is over ${MAX_MESSAGE_BYTES} characters`);
    // Only `ready`, which carries nothing secret, may go to any origin; the rest only to the proven parent.
    const target = type === 'ready' ? '*' : parentOrigin === 'null' ? '*' : (parentOrigin ?? '');
    if (adapter.name === 'iframe' && !target) return;
    try {
      adapter.send(raw, target);
    } catch (e) {
      log(`could not send ${type}`, e);
    }
  };

  // Only user actions have one: what the page does itself when no shell takes the message.
  const fallbackFor = (type: keyof WebToShell, payload: unknown): (() => void) | undefined => {
    if (type === 'close') return () => o.fallback.close();
    if (type === 'openUrl') return () => o.fallback.openUrl((payload as WebToShell['openUrl']).url);
    return undefined;
  };

  const send = <K extends keyof WebToShell>(type: K, payload: WebToShell[K]) => {
    if (destroyed) return;
    // What we send is checked like what we receive: an http: link or an oversized title never leaves.
    const check = webToShell[type].validate(payload);
    if (!check.ok) return log(`not sent: ${type}.${check.field} breaks ${check.rule}`);
    if (connected) return deliver(type, payload);
    const fb = fallbackFor(type, payload);
    // No shell at all, or it had its chance: do it ourselves.
    if (fb && (adapter.name === 'none' || Date.now() - startedAt >= fallbackTimeout)) return fb();
    if (LATEST_ONLY.has(type)) {
      const i = queue.findIndex((q) => q.type === type);
      if (i >= 0) queue.splice(i, 1);
    }
    const entry = { type, payload, fallback: fb };
    queue.push(entry);
    while (queue.length > queueLimit) {
      // Make room from what can be lost; a user action pushed out still happens, through its fallback.
      const i = queue.findIndex((q) => !q.fallback);
      const [dropped] = queue.splice(i >= 0 ? i : 0, 1);
      dropped.fallback?.();
    }
    if (fb) {
      later(
        () => {
          const i = queue.indexOf(entry);
          if (!connected && i >= 0) {
            queue.splice(i, 1);
            fb();
          }
        },
        fallbackTimeout - (Date.now() - startedAt),
      );
    }
  };

  const report = (reason: WebToShell['error']['reason'], detail: string) => {
    log(`dropped a message: ${reason}`, detail);
    send('error', { reason, detail: detail.slice(0, 200) });
  };

  const accept = (raw: unknown, origin: string | null) => {
    if (destroyed) return;
    const r = parse(raw, shellToWeb);
    if (!r.ok) {
      if (!r.ignore) report(r.reason, r.detail);
      return;
    }
    if (adapter.name === 'iframe' && origin !== null) parentOrigin = origin;
    const m = r.message;
    if (m.type === 'init') platform = (m.payload as ShellToWeb['init']).platform;
    if (!connected) {
      connected = true;
      for (const q of queue.splice(0)) deliver(q.type, q.payload);
    }
    try {
      o.onMessage(m);
    } catch (e) {
      log(`handler for ${m.type} failed`, e);
    }
  };

  const originAllowed = (origin: string) => allowed.includes(origin);

  const onWindowMessage = (e: Event) => {
    const ev = e as MessageEvent;
    if (adapter.name === 'iframe') {
      // Exactly our parent, from an allowed origin; a sibling or child frame with the right origin is not enough.
      if (ev.source !== win.parent || !originAllowed(ev.origin)) return;
      return accept(ev.data, ev.origin);
    }
    // Native shells dispatch into the page itself (source null or this window); never accept other frames.
    if (ev.source !== null && ev.source !== win) return;
    accept(ev.data, null);
  };

  const doc = win.document;
  if (adapter.name !== 'none') {
    win.addEventListener('message', onWindowMessage);
    // react-native-webview delivers on document on Android and on window on iOS.
    if (adapter.name !== 'iframe') doc.addEventListener('message', onWindowMessage);
  }

  const announce = (attempt: number) => {
    if (connected || destroyed || adapter.name === 'none') return;
    deliver('ready', { protocols: [...SUPPORTED_VERSIONS], sdk: o.sdkVersion, capabilities: CAPABILITIES });
    later(() => announce(attempt + 1), backoff[Math.min(attempt, backoff.length - 1)]);
  };
  announce(0);

  return {
    adapter: adapter.name,
    get connected() {
      return connected;
    },
    get platform() {
      return platform;
    },
    send,
    receive: (raw) => (adapter.name === 'iframe' ? undefined : accept(raw, null)),
    destroy() {
      destroyed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      queue.length = 0;
      win.removeEventListener('message', onWindowMessage);
      doc.removeEventListener('message', onWindowMessage);
    },
  };
}
