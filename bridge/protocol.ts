/**
 * The web ↔ native bridge protocol, version 1 (see PROTOCOL.md). One module for both ends: the web side
 * (bridge/bridge.ts) and any JavaScript shell (React Native, the simulated shell, the tests) encode and
 * validate messages with it. Messages are JSON strings, because React Native and Android pass strings only.
 */
import { obj } from '../src/api/schema/object';
import { str } from '../src/api/schema/text';
import type { Infer, Schema } from '../src/api/schema/types';
import { bool } from '../src/api/schema/bool';
import { oneOf, opt } from '../src/api/schema/choice';
import { list } from '../src/api/schema/list';
import { int } from '../src/api/schema/numbers';

export const NAMESPACE = 'merchant-ads';
export const PROTOCOL_VERSION = 1;
/** Major versions this side understands. */
export const SUPPORTED_VERSIONS: readonly number[] = [1];
/** Larger messages are dropped unread: nothing legitimate comes near it. */
export const MAX_MESSAGE_BYTES = 64 * 1024;

export type Kind = 'event' | 'request' | 'response';

export interface Message<T extends string = string, P = unknown> {
  ns: typeof NAMESPACE;
  v: number;
  id: string;
  kind: Kind;
  type: T;
  payload: P;
  /** On a response: the id of the request it answers. */
  re?: string;
}

const lang = str({ max: 16, pattern: /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/ });
const token = str({ min: 1, max: 2048, pattern: /^[\x21-\x7e]+$/ });

/** Web → shell. The token never travels this way. */
export const webToShell = {
  ready: obj({
    protocols: list(int({ min: 1, max: 999 }), { max: 8 }),
    sdk: str({ max: 32 }),
    capabilities: list(str({ max: 32 }), { max: 32 }),
  }),
  close: obj({ reason: oneOf(['back', 'user'] as const) }),
  openUrl: obj({
    url: str({ max: 2048, pattern: /^https:\/\/[^\s]+$/ }),
    purpose: oneOf(['customerService', 'external'] as const),
  }),
  routeChanged: obj({ path: str({ max: 2048 }), canGoBack: bool() }),
  titleChanged: obj({ title: str({ max: 200 }) }),
  logout: obj({ reason: str({ max: 32 }) }),
  tokenRequest: obj({ reason: oneOf(['missing', 'expired', 'unauthorized'] as const) }),
  /** A message the web side dropped: what and why, so a mismatch is loud, never silent. */
  error: obj({
    reason: oneOf(['malformed', 'too_large', 'unsupported_version', 'invalid_payload'] as const),
    detail: opt(str({ max: 200 })),
  }),
} as const;

/** Shell → web. */
export const shellToWeb = {
  init: obj({
    platform: str({ max: 32 }),
    language: opt(lang),
    token: opt(token),
    protocol: opt(int({ min: 1, max: 999 })),
  }),
  token: obj({ token }),
  language: obj({ language: lang }),
  logout: obj({}),
  back: obj({}),
} as const;

export type WebToShell = { [K in keyof typeof webToShell]: Infer<(typeof webToShell)[K]> };
export type ShellToWeb = { [K in keyof typeof shellToWeb]: Infer<(typeof shellToWeb)[K]> };

/** Capabilities the web side announces in `ready`: the shell→web types it handles. */
export const CAPABILITIES = Object.keys(shellToWeb);

let counter = 0;
export const newId = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;

export function encode<T extends string, P>(type: T, payload: P, kind: Kind = 'event', re?: string): string {
  const m: Message<T, P> = { ns: NAMESPACE, v: PROTOCOL_VERSION, id: newId(), kind, type, payload };
  if (re) m.re = re;
  return JSON.stringify(m);
}

export type Parsed<M extends Record<string, Schema<unknown>>> =
  | { ok: true; message: Message<Extract<keyof M, string>, Infer<M[keyof M]>> }
  /** Not ours (another library's message, or not a string): ignore silently. */
  | { ok: false; ignore: true }
  /** Ours but unusable: dropped, and worth reporting. */
  | { ok: false; ignore: false; reason: WebToShell['error']['reason']; detail: string };

/**
 * Parses one incoming message against a direction's table. Unknown types are ignored; an unknown major
 * version, a malformed or oversized message, or a payload that fails its schema is dropped and reported.
 */
export function parse<M extends Record<string, Schema<unknown>>>(raw: unknown, table: M): Parsed<M> {
  if (typeof raw !== 'string') return { ok: false, ignore: true };
  // Measured in UTF-8 bytes; checked before parsing so a huge string is never parsed. Only a message that
  // claims to be ours is worth a report: other libraries' large strings are none of our business.
  const bytes = raw.length * 3 <= MAX_MESSAGE_BYTES ? raw.length : new TextEncoder().encode(raw).length;
  if (bytes > MAX_MESSAGE_BYTES) {
    return raw.slice(0, 256).includes(NAMESPACE)
      ? { ok: false, ignore: false, reason: 'too_large', detail: `${bytes} bytes` }
      : { ok: false, ignore: true };
  }
  let m: Partial<Message>;
  try {
    m = JSON.parse(raw) as Partial<Message>;
  } catch {
    // Other libraries post strings too: only report text that claims to be ours.
    return raw.includes(NAMESPACE)
      ? { ok: false, ignore: false, reason: 'malformed', detail: 'not JSON' }
      : { ok: false, ignore: true };
  }
  if (!m || typeof m !== 'object' || m.ns !== NAMESPACE) return { ok: false, ignore: true };
  // An integer, exactly: `v: 1.9` is no version 1 (it once passed as one, through Math.floor).
  if (typeof m.v !== 'number' || !Number.isInteger(m.v) || !SUPPORTED_VERSIONS.includes(m.v)) {
    return {
      ok: false,
      ignore: false,
      reason: 'unsupported_version',
      detail: `version ${String(m.v)}; supported ${SUPPORTED_VERSIONS.join(',')}`,
    };
  }
  if (typeof m.type !== 'string' || !Object.prototype.hasOwnProperty.call(table, m.type))
    return { ok: false, ignore: true };
  if (m.kind !== 'event' && m.kind !== 'request' && m.kind !== 'response')
    return { ok: false, ignore: false, reason: 'malformed', detail: 'kind' };
  if (typeof m.id !== 'string' || m.id.length > 64)
    return { ok: false, ignore: false, reason: 'malformed', detail: 'id' };
  const r = table[m.type].validate(m.payload ?? {});
  if (!r.ok) return { ok: false, ignore: false, reason: 'invalid_payload', detail: `${m.type}.${r.field}: ${r.rule}` };
  return {
    ok: true,
    message: {
      ns: NAMESPACE,
      v: m.v,
      id: m.id,
      kind: m.kind,
      type: m.type as Extract<keyof M, string>,
      payload: r.value as Infer<M[keyof M]>,
      re: typeof m.re === 'string' ? m.re : undefined,
    },
  };
}
