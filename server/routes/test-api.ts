/**
 * Test-only routes (ENABLE_TEST_API=1 / buildApp({testApi:true})): let end-to-end tests reach states that take
 * days or an operator in real life. Never enable in production.
 *   POST /api/__test__/expire-tokens {username}        → {expired: n}: the user's tokens now answer 503
 *   POST /api/__test__/set-state     {username, state} → {username, state}  (active | not_activated | disabled | deleted)
 */
import type { FastifyInstance } from 'fastify';
import { Reason } from '../../src/api/contract';
import { obj, oneOf, str } from '../../src/api/schema';
import { stmt } from '../db/index';
import { fail } from '../http/envelope';
import { endpoint } from '../http/route';
import { nowIso } from '../lib/time';
import { findUserByUsername } from '../services/users';

const STATES = ['active', 'not_activated', 'disabled', 'deleted'] as const;

export function testRoutes(app: FastifyInstance): void {
  const db = app.db;

  endpoint(app, { method: 'POST', path: '/__test__/expire-tokens', auth: false, schema: obj({ username: str({ max: 200 }) }) }, ({ input }) => {
    const user = findUserByUsername(db, input.username);
    if (!user) throw fail(Reason.NOT_FOUND, 'Unknown user');
    const now = Date.now();
    const expired = stmt(db, 'UPDATE tokens SET expires_at = ? WHERE user_id = ? AND expires_at > ?').run(now - 1, user.id, now - 1).changes;
    return { expired };
  });

  endpoint(app, { method: 'POST', path: '/__test__/set-state', auth: false, schema: obj({ username: str({ max: 200 }), state: oneOf(STATES) }) }, ({ input }) => {
    const user = findUserByUsername(db, input.username);
    if (!user) throw fail(Reason.NOT_FOUND, 'Unknown user');
    stmt(db, 'UPDATE users SET state = ?, updated_at = ? WHERE id = ?').run(input.state, nowIso(), user.id);
    return { username: user.username, state: input.state };
  });
}
