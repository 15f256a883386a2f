/**
 * Helpers for the host-page tests: the built page (dist/bridge/index.html), its config script written by the test
 * server (test/web-test-runner.config.mjs), is framed from the other loopback name, a real second origin; this
 * test page plays the shell through postMessage.
 */
import { parse, webToShell, type Message } from '../../../bridge/protocol';
import { waitFor } from '../support/render';

export type WebMessage = Message<keyof typeof webToShell & string, any>;

let origin: string | null = null;
/** The host page's origin: a second port of the test server (same site, other origin). */
export async function hostOrigin(): Promise<string> {
  if (!origin) {
    origin = (await (await fetch('/__host-origin')).text()).trim();
    if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(origin)) throw new Error(`unexpected host page origin "${origin}"`);
    if (origin === location.origin) throw new Error('the host page origin must differ from the test page origin');
  }
  return origin;
}

export const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

let seq = 0;
export const shellMessage = (type: string, payload: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ ns: 'merchant-ads', v: 1, id: `test-shell-${++seq}`, kind: 'event', type, payload, ...extra });

/** Collects what a frame posts (raw and parsed), from one source window only. */
export class Inbox {
  raw: { data: unknown; origin: string }[] = [];
  messages: WebMessage[] = [];
  /** Anything posted that is not a valid web → shell message. */
  invalid: unknown[] = [];
  /** Called synchronously for each valid message, inside the message event (for shells that answer at once). */
  onMessage?: (m: WebMessage) => void;

  add(data: unknown, origin: string): void {
    this.raw.push({ data, origin });
    const p = parse(data, webToShell);
    if (p.ok) {
      this.messages.push(p.message as WebMessage);
      this.onMessage?.(p.message as WebMessage);
    } else this.invalid.push(data);
  }
  of(type: string, from = 0): WebMessage[] {
    return this.messages.slice(from).filter((m) => m.type === type);
  }
  nonReady(from = 0): WebMessage[] {
    return this.messages.slice(from).filter((m) => m.type !== 'ready');
  }
  /** The path of the latest routeChanged. */
  route(): string | undefined {
    return this.of('routeChanged').at(-1)?.payload.path;
  }
  title(): string | undefined {
    return this.of('titleChanged').at(-1)?.payload.title;
  }
  async next(
    type: string,
    from: number,
    pred: (m: WebMessage) => boolean = () => true,
    timeout = 10000,
  ): Promise<WebMessage> {
    return waitFor(() => this.of(type, from).find(pred), `${type} message (have: ${this.summary(from)})`, timeout);
  }
  summary(from = 0): string {
    return (
      this.messages
        .slice(from)
        .map((m) => `${m.type}${m.type === 'ready' ? '' : ` ${JSON.stringify(m.payload)}`}`)
        .join(', ') || 'none'
    );
  }
}

const cleanups: (() => void)[] = [];
export function cleanupFrames(): void {
  for (const fn of cleanups.splice(0).reverse()) fn();
}

export interface HostFrame {
  iframe: HTMLIFrameElement;
  inbox: Inbox;
  loaded: Promise<void>;
  /** Posts a raw string to the host page, targeted at the API origin. */
  post: (raw: string) => void;
  send: (type: string, payload: unknown, extra?: Record<string, unknown>) => void;
}

/** Frames the host page with the given query string (after `?`; see hostQuery for its config). */
export async function openHost(query: string, id = 'ma-host'): Promise<HostFrame> {
  const api = await hostOrigin();
  const iframe = document.createElement('iframe');
  iframe.id = id;
  iframe.title = 'Merchant Ads host page';
  iframe.style.cssText = 'width:375px;height:667px;border:0;';
  const inbox = new Inbox();
  const on = (e: MessageEvent) => {
    if (e.source !== iframe.contentWindow || e.source === null) return;
    inbox.add(e.data, e.origin);
  };
  window.addEventListener('message', on);
  const loaded = new Promise<void>((ok) => iframe.addEventListener('load', () => ok(), { once: true }));
  iframe.src = `${api}/bridge/index.html?${query}`;
  document.body.appendChild(iframe);
  cleanups.push(() => {
    window.removeEventListener('message', on);
    iframe.remove();
  });
  const post = (raw: string) => iframe.contentWindow!.postMessage(raw, api);
  return { iframe, inbox, loaded, post, send: (type, payload, extra) => post(shellMessage(type, payload, extra)) };
}

/**
 * The host page URL query: the config script's allowlist (comma separated, as a deployer lists them) and `more`
 * URL parameters (the harmless ones a link may set, or hostile ones the page must ignore).
 */
export function hostQuery(origins: string, more = '', config: Record<string, unknown> = {}): string {
  const allowedOrigins = origins
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return `config=${encodeURIComponent(JSON.stringify({ apiBase: '/api', allowedOrigins, ...config }))}${more}`;
}

/** Adds a frame to this page and returns it (removed by cleanupFrames). */
export function addFrame(setup: (f: HTMLIFrameElement) => void): HTMLIFrameElement {
  const f = document.createElement('iframe');
  setup(f);
  document.body.appendChild(f);
  cleanups.push(() => f.remove());
  return f;
}

/** Listens for messages from a frame's window (removed by cleanupFrames). */
export function listen(from: () => Window | null, fn: (e: MessageEvent) => void): void {
  const on = (e: MessageEvent) => {
    if (e.source !== null && e.source === from()) fn(e);
  };
  window.addEventListener('message', on);
  cleanups.push(() => window.removeEventListener('message', on));
}

/** A JSON value written safely into an inline script. */
export const js = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');
