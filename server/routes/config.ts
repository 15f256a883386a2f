/** Open configuration: basic config (language map, contacts, FAQ, ...) and the health check. */
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope';
import { API_PREFIX, route } from '../http/route';
import { basicConfig } from '../services/config';

export function configRoutes(app: FastifyInstance): void {
  route(app, 'basicConfig', ({ db, input }) => basicConfig(db, input.lang));

  app.get(`${API_PREFIX}/health`, async () => ok({}, 'ok'));
}
