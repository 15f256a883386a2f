/**
 * Requests Node's HTTP parser rejects never reach Fastify: a URL or headers over Node's 16 KB limit
 * (HPE_HEADER_OVERFLOW, which Node answers 431), a broken request line or header line, a bad chunked body.
 * Fastify's default handler answers those in its own JSON shape; this one writes the envelope instead, with
 * HTTP 200 like every other request-level failure (envelope.ts), then closes the connection (the parser's
 * state is lost, so nothing more can be read from it).
 *
 * Scope: every parser error gets the envelope, not only URLs under /api. When the request line itself is broken
 * there is no path to look at, and browsers never send such requests for the static pages, so a JSON answer
 * there costs nothing while guessing at the path would leave /api requests without one.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
import { paramsError } from './envelope';

/**
 * Overflows (URL, headers, chunk extensions) are "too long"; a request whose headers or body did not arrive within
 * their time (connections.ts) is "timeout"; everything else could not be read at all.
 */
const ruleFor = (code: string | undefined) =>
  code?.endsWith('_OVERFLOW') ? 'maxLength' : code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'timeout' : 'type';

function rawEnvelopeResponse(rule: 'maxLength' | 'type' | 'timeout'): string {
  const body = JSON.stringify(paramsError('request', rule).envelope);
  return [
    'HTTP/1.1 200 OK',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Fastify's `clientErrorHandler` (bound to the instance): the envelope when the socket can still take it. */
export function answerClientError(this: FastifyInstance, err: ConnectionError, socket: Socket): void {
  // A reset connection has no one to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.info({ code: err.code }, 'rejected unparsable request');
  // Node's own rule: never write over a response that has already started on this connection.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent)
    socket.end(rawEnvelopeResponse(ruleFor(err.code)), () => socket.destroy());
  else socket.destroy();
}

/**
 * An `Expect` other than 100-continue makes Node answer an empty 417 itself, unless someone listens for
 * 'checkExpectation'. RFC 9110 §10.1.1 lets a server ignore expectations it does not know, so hand the request
 * to Fastify like any other: the caller gets the route's envelope.
 */
export function serveUnknownExpectations(server: Server): void {
  server.on('checkExpectation', (req, res) => server.emit('request', req, res));
}
