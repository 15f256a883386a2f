/**
 * One racer of race.ts: a worker thread with its own connection to the database (a better-sqlite3 connection to
 * the file, or a small PostgreSQL pool), which is exactly how a second server process would meet the first. Each
 * job waits at a barrier shared with the other racers, then calls the service at once; the answer is what the
 * service returned or the reason it refused.
 */
import { parentPort } from 'node:worker_threads';
import { openPostgres, openSqliteFile, sqliteStore, type Store } from '../storage/engine';
import { parseTz } from '../lib/tz';
import { acceptWithCode } from '../services/acceptor';
import { receiveActivity } from '../services/activities';
import { signIn } from '../services/ad-center/sign-in';
import { clientZone } from '../services/ad-center/zone';
import { receiveCoupon } from '../services/coupons';
import { Refusal } from '../services/errors';
import { follow } from '../services/follow';
import { payPasswordHash } from '../services/pay-password';
import { withdraw } from '../services/withdraw';
import type { RaceJob, RaceOutcome, RaceTarget } from './race';

const stores = new Map<string, Promise<Store>>();
function connection(target: RaceTarget): Promise<Store> {
  const key = 'url' in target ? target.url : target.path;
  let store = stores.get(key);
  if (!store) {
    store =
      'url' in target
        ? openPostgres({ url: target.url, poolSize: 2 })
        : Promise.resolve(sqliteStore(openSqliteFile(target.path)));
    stores.set(key, store);
  }
  return store;
}

/** Everyone arrives, then everyone goes: no racer starts before the last one is ready. */
function barrier(shared: SharedArrayBuffer, count: number): void {
  const cell = new Int32Array(shared);
  Atomics.add(cell, 0, 1);
  Atomics.notify(cell, 0);
  for (let seen = Atomics.load(cell, 0); seen < count; seen = Atomics.load(cell, 0)) Atomics.wait(cell, 0, seen, 100);
}

async function run(store: Store, job: RaceJob): Promise<unknown> {
  const { db } = store;
  const { op, index } = job;
  const now = new Date(op.nowMs);
  const requestId = op.requestId ?? `race-${process.pid}-${index}-${op.nowMs}`;
  switch (op.kind) {
    case 'activityReceive':
      return receiveActivity(db, op.userId, { activity_id: op.activityId, request_id: requestId }, parseTz(op.tz), now);
    case 'couponReceive':
      return receiveCoupon(
        db,
        op.userId,
        { coupon_id: op.couponIds[index % op.couponIds.length], request_id: requestId },
        parseTz(op.tz),
        now,
      );
    case 'signIn':
      return signIn(db, op.userId, clientZone(parseTz(op.tz)), op.nowMs);
    case 'follow':
      return follow(db, { id: op.userId, proxy_id: op.ownProxyId }, op.proxyId, now);
    case 'withdraw':
      // As the route does once the password is proved: the hash it matched, the session that asked.
      return withdraw(
        db,
        op.userId,
        { amount: op.amount, request_id: requestId },
        { zone: clientZone(parseTz(op.tz)), now },
        { hash: (await payPasswordHash(db, op.userId))!, token: op.token },
      );
    case 'accept':
      return acceptWithCode(db, op.userIds[index % op.userIds.length], { type: op.type, code: op.code }, now);
  }
}

async function handle(job: RaceJob | 'close') {
  if (job === 'close') {
    await Promise.all([...stores.values()].map(async (s) => (await s).close()));
    stores.clear();
    parentPort!.postMessage('closed');
    return;
  }
  // Connected (one query made) before the barrier, so the racers start together rather than a connection apart;
  // a racer that cannot connect still arrives, so the others are not left waiting.
  let store: Store | undefined;
  let failed: unknown;
  try {
    store = await connection(job.target);
    await store.db.selectFrom('users').select('id').limit(1).execute();
  } catch (err) {
    failed = err ?? new Error('no connection');
  }
  barrier(job.barrier, job.count);
  let outcome: RaceOutcome;
  try {
    if (failed !== undefined || !store) throw failed;
    outcome = { ok: true, value: await run(store, job) };
  } catch (err) {
    outcome = err instanceof Refusal ? { ok: false, reason: err.reason } : { ok: false, error: String(err) };
  }
  parentPort!.postMessage(outcome);
}
parentPort!.on('message', (job: RaceJob | 'close') => void handle(job));
parentPort!.postMessage('ready');
