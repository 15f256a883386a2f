/**
 * How long a connection may be held without doing its part, and how many one address may hold. Node keeps a
 * connection open for as long as the client likes by default: thousands of sockets that trickle headers or a
 * body, or say nothing at all, cost nothing to open and fill the server's table until new clients wait.
 *
 * - headers: a request's headers must be complete this long after its first byte (Node's headersTimeout), and
 *   a new connection must send something within the same time (the socket's inactivity timeout);
 * - request: a whole request, body included, this long after its first byte (Node's requestTimeout);
 * - keep-alive: an idle connection between requests is closed after this long (Node's keepAliveTimeout).
 * A request that runs out of time is answered with the envelope `request: timeout` (client-error.ts) and closed.
 * - per address: connections one client may hold at once; more are closed as they arrive, before a byte is read.
 *   Keyed on the socket's address (lib/client-key.ts: an IPv6 client by its /64), as it is all there is before a
 *   byte is read; a trusted proxy's connections (TRUST_PROXY) are not capped per address.
 * - total: connections the whole server holds at once; more are closed as they arrive (Node's maxConnections).
 *   Every socket costs memory and a file descriptor, and many clients each under their own cap together could
 *   still exhaust the process's descriptors, after which it could not even open its database or an upload.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { UPLOAD_TIMEOUT_MS } from '../../src/api/shapes/messages';
import { clientKey } from '../lib/client-key';
import { isTrustedProxy, type TrustProxy } from './trust-proxy';

export interface ConnectionLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  perAddress: number;
  total: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  // As long as the SDK waits for an upload (a 5 MB image over a slow mobile link).
  requestTimeoutMs: UPLOAD_TIMEOUT_MS,
  keepAliveTimeoutMs: 5_000,
  perAddress: 64,
  // Far above what one reference server serves, far below a process's usual descriptor limit (often 65536 or more).
  total: 10_000,
};

/** The limits completed with the defaults; the header time never exceeds the request time (Node requires it). */
export function connectionLimits(given: Partial<ConnectionLimits> = {}): ConnectionLimits {
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...given };
  return { ...limits, headersTimeoutMs: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) };
}

/** Fastify's server options for the timeouts (its `http` options go to http.createServer). */
export function timeoutOptions(limits: ConnectionLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Inactivity, as the last resort: no longer than a whole request may take. A socket stays quiet while the server
    // works out its answer, so a shorter limit would drop a slow answer; a client that sends nothing or trickles
    // is cut off by the header and request times below.
    connectionTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // Node checks the header and request times on this tick; a fraction of the shorter one keeps them close.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
    },
  };
}

/**
 * Closes, as it arrives, every connection beyond `perAddress` from one client (its key: lib/client-key.ts) and
 * every connection beyond `total` on the server. A trusted proxy's connections (TRUST_PROXY) carry many clients
 * and are not capped per address: the proxy bounds its own clients' connections (docs/deploy.md).
 */
export function capConnections(
  server: Server,
  { perAddress, total }: Pick<ConnectionLimits, 'perAddress' | 'total'>,
  trustProxy: TrustProxy | null = null,
): void {
  // Node refuses a connection over this before it is handed to anyone (no 'connection' event, so no count below).
  server.maxConnections = total;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    if (isTrustedProxy(trustProxy, socket.remoteAddress)) return;
    const client = clientKey(socket.remoteAddress);
    const count = open.get(client) ?? 0;
    if (count >= perAddress) {
      socket.destroy();
      return;
    }
    open.set(client, count + 1);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else open.delete(client);
    });
  });
}
