/**
 * Helpers for the host-page tests: the built page (dist/bridge/index.html) is served by the reference API server,
 * a real second origin; this test page frames it and plays the shell through postMessage.
 */
import { parse, webToShell, type Message } from '../../../bridge/protocol';
import { waitFor } from '../support/render';

export type WebMessage = Message<keyof typeof webToShell & string, any>;

let origin: string | null = null;
/** The API server's origin (it also serves /bridge/index.html). */
export async function apiOrigin(): Promise<string> {
  if (!origin) {
    origin = (await (await fetch('/__api-origin')).text()).trim();
    if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(origin)) throw new Error(`unexpected API origin "${origin}"`);
    if (origin === location.origin) throw new Error('the API origin must differ from the test page origin');
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
  async next(type: string, from: number, pred: (m: WebMessage) => boolean = () => true, timeout = 10000): Promise<WebMessage> {
    return waitFor(() => this.of(type, from).find(pred), `${type} message (have: ${this.summary(from)})`, timeout);
  }
  summary(from = 0): string {
    return this.messages.slice(from).map((m) => `${m.type}${m.type === 'ready' ? '' : ` ${JSON.stringify(m.payload)}`}`).join(', ') || 'none';
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
  post(raw: string): void;
  send(type: string, payload: unknown, extra?: Record<string, unknown>): void;
}

/** Frames the host page with the given query string (after `?`). */
export async function openHost(query: string, id = 'ma-host'): Promise<HostFrame> {
  const api = await apiOrigin();
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

/** The host page URL query for a parent allowlist. */
export const hostQuery = (origins: string, more = '') => `apiBase=/api&origins=${encodeURIComponent(origins)}${more}`;

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
