/** Open configuration: basic config (language map, contacts, FAQ, ...) and the health check. */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope';
import { API_PREFIX, endpointOf, route } from '../http/route';
import { basicConfig } from '../services/config';

export function configRoutes(app: FastifyInstance): void {
  route(app, 'basicConfig', ({ db, input }) => basicConfig(db, input.lang));
  revalidated(app, API_PREFIX + endpointOf('basicConfig').path);

  app.get(`${API_PREFIX}/health`, async () => ok({}, 'ok'));
}

/**
 * The basic config is large (tens of KB: the FAQ, the terms, the operating rules) and the same for every caller of a
 * language, and each mount asks for it. Its answer carries an ETag and `no-cache` (where the API's other answers
 * are `no-store`): the browser keeps it and asks again with If-None-Match, and an unchanged config costs a 304 with no
 * body, so a remount or a second widget on the page does not download it again, and a change is seen at once.
 * The tag is weak: the body is the same JSON whatever the compression.
 */
function revalidated(app: FastifyInstance, url: string): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (request.routeOptions.url !== url || reply.statusCode !== 200) return payload;
    const etag = `W/"${createHash('sha256').update(JSON.stringify(payload)).digest('base64url').slice(0, 32)}"`;
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) reply.code(304);
    return payload;
  });
}
