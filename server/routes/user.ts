/** The signed-in user's profile and login password. */
import type { FastifyInstance } from 'fastify';
import { fail } from '../http/envelope';
import { cpuLane } from '../http/cpu-lane';
import { reserveGuess } from '../http/guess';
import { requireUser, route } from '../http/route';
import { hashPassword, verifyPassword } from '../lib/crypto';
import { changePassword, editProfile } from '../services/profile';
import { toUserInfo } from '../services/users';

export function userRoutes(app: FastifyInstance): void {
  const db = app.db;

  route(app, 'userInfo', (ctx) => toUserInfo(db, requireUser(ctx)));

  route(app, 'userInfoEdit', async (ctx) => toUserInfo(db, await editProfile(db, requireUser(ctx).id, ctx.input)));

  route(app, 'updatePassword', async (ctx) => {
    const user = requireUser(ctx);
    // A stolen session must not be a way to guess the password and take the account over.
    const ticket = await reserveGuess(ctx, `old_password:${user.id}`);
    // Partner users have no password (NULL hash): any "old password" is wrong for them.
    ticket.settle(
      await verifyPassword(ctx.input.old_password, user.password_hash, cpuLane(ctx), app.passwordCost),
      'wrong_old_password',
    );
    // Right when checked, but another change may have committed since: then the old password given is no longer
    // the account's, and nothing changes.
    if (
      !(await changePassword(
        db,
        user.id,
        user.password_hash,
        await hashPassword(ctx.input.new_password, cpuLane(ctx), app.passwordCost),
        app.clock(),
      ))
    )
      throw fail('wrong_old_password');
    return { ok: true as const };
  });
}
