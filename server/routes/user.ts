/** The signed-in user's profile and login password. */
import type { FastifyInstance } from 'fastify';
import { Reason } from '../../src/api/contract';
import { stmt } from '../db/index';
import { cpuLane } from '../http/cpu-lane';
import { reserveGuess } from '../http/guess';
import { requireUser, route } from '../http/route';
import { hashPassword, verifyPassword } from '../lib/crypto';
import { nowIso } from '../lib/time';
import { findUserById, revokeTokens, toUserInfo } from '../services/users';

const EDITABLE = ['nickname', 'email', 'phone', 'lang', 'avatar'] as const;

export function userRoutes(app: FastifyInstance): void {
  const db = app.db;

  route(app, 'userInfo', (ctx) => toUserInfo(db, requireUser(ctx)));

  route(app, 'userInfoEdit', (ctx) => {
    const user = requireUser(ctx);
    const sets: string[] = [];
    const values: unknown[] = [];
    for (const key of EDITABLE) {
      const v = ctx.input[key];
      if (v !== undefined) {
        sets.push(`${key} = ?`);
        values.push(v);
      }
    }
    if (sets.length) stmt(db, `UPDATE users SET ${sets.join(', ')}, updated_at = ? WHERE id = ?`).run(...values, nowIso(), user.id);
    return toUserInfo(db, findUserById(db, user.id)!);
  });

  route(app, 'updatePassword', async (ctx) => {
    const user = requireUser(ctx);
    // A stolen session must not be a way to guess the password and take the account over.
    const ticket = reserveGuess(ctx, `old_password:${user.id}`);
    // Partner users have no password (NULL hash): any "old password" is wrong for them.
    ticket.settle(await verifyPassword(ctx.input.old_password, user.password_hash, cpuLane(ctx)), Reason.WRONG_OLD_PASSWORD);
    const hash = await hashPassword(ctx.input.new_password, cpuLane(ctx));
    db.transaction(() => {
      stmt(db, 'UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?').run(hash, nowIso(), user.id);
      revokeTokens(db, user.id); // every session, this one included: the client must log in again
    }).immediate();
    return { ok: true as const };
  });
}
