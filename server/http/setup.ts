/**
 * App-wide HTTP behaviour: body parsing, the error and not-found handlers, and headers. Never answers with a
 * stack trace or an internal message. See envelope.ts for the HTTP status policy.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../src/api/envelope';
import { API_PREFIX } from './route';
import { notFoundEnvelope, serverError } from './envelope';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './body-limits';

/** The parser's refusal of a body nested deeper than MAX_JSON_DEPTH (answered as rule `depth`). */
const TOO_DEEP = 'BODY_TOO_DEEP';

export const isApiUrl = (url: string) =>
  url === API_PREFIX || url.startsWith(API_PREFIX + '/') || url.startsWith(API_PREFIX + '?');

/** Request-level failures (bad JSON, wrong content type, body too large or too deep, bad URL) → code 400 with field "body". */
export function clientError(err: Pick<FastifyError, 'code'>) {
  const rule =
    err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
      ? 'maxLength'
      : err.code === TOO_DEEP
        ? 'depth'
        : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
            err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
            err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'type'
          : null;
  return rule
    ? { code: Code.PARAMS, msg: `body: ${rule}`, data: { field: 'body', rule } }
    : { code: Code.PARAMS, msg: 'Bad request', data: {} };
}

/** Whether a request carries a body (chunked, or a Content-Length other than 0). */
const hasBody = (headers: FastifyRequest['headers']) =>
  headers['transfer-encoding'] !== undefined ||
  (headers['content-length'] !== undefined && headers['content-length'] !== '0');

function answerNotFound(request: FastifyRequest, reply: FastifyReply) {
  if (isApiUrl(request.url)) return reply.code(404).send(notFoundEnvelope());
  return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
}

export interface HttpSetup {
  /**
   * Requests a route refuses by answering as if it did not exist (the test API to anyone but this machine), and
   * so answered here exactly as an unknown path when they carry a body: at once, before it is read.
   */
  hidden?: (request: FastifyRequest) => boolean;
}

export function setupHttp(app: FastifyInstance, { hidden }: HttpSetup = {}): void {
  // JSON: an empty body means {} (some clients send Content-Type without a body); prototype poisoning → 400.
  // Its size is bounded per route (route.ts, the call's bodyLimit) before this runs.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, {});
    if (nestsDeeperThan(text, MAX_JSON_DEPTH))
      return done(Object.assign(new Error('body nested too deep'), { code: TOO_DEEP, statusCode: 400 }), undefined);
    void parseJson(req, text, done);
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    // An unknown path or method (a POST to a GET-only call included) reads no body: it is answered before one is
    // parsed, and the connection closes rather than reading the rest.
    if (hasBody(request.headers) && (request.is404 || hidden?.(request))) {
      reply.header('connection', 'close');
      return answerNotFound(request, reply);
    }
    if (!isApiUrl(request.url)) return undefined;
    reply.header('cache-control', 'no-store');
    // The API serves OPTIONS only as a CORS preflight. Anything else (no Origin or no
    // Access-Control-Request-Method) is an unknown method, answered as such before @fastify/cors (registered
    // later, so its hook runs after this one) would send a text/plain 400.
    if (request.method === 'OPTIONS' && !(request.headers.origin && request.headers['access-control-request-method'])) {
      reply.callNotFound();
      return reply;
    }
    return undefined;
  });

  app.setErrorHandler((err: FastifyError, request, reply) => {
    const status = err.statusCode ?? 500;
    // Static files (outside /api) keep plain HTTP semantics, e.g. 403 for a path escaping the folder.
    if (!isApiUrl(request.url)) {
      if (status >= 500) request.log.error({ err }, 'unhandled error');
      const code = status >= 400 && status < 600 ? status : 500;
      return reply
        .code(code)
        .type('text/plain; charset=utf-8')
        .send(code < 500 ? 'Bad request' : 'Server error');
    }
    if (status >= 400 && status < 500) {
      request.log.info({ code: err.code }, 'rejected request: %s', err.message);
      // A body refused before it was read (wrong type, too large) is not read after the answer either.
      if (!request.raw.complete) reply.header('connection', 'close');
      return reply.code(200).send(clientError(err));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(200).send(serverError());
  });

  app.setNotFoundHandler(answerNotFound);
}
