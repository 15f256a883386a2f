/**
 * One racer of race.ts: a worker thread with its own better-sqlite3 connection to the database file, which is
 * exactly how a second server process would meet the first. Each job waits at a barrier shared with the other
 * racers, then calls the service at once; the answer is what the service returned or the reason it refused.
 */
import { parentPort } from 'node:worker_threads';
import { open, type DB } from '../db/index';
import { parseTz } from '../lib/tz';
import { receiveActivity } from '../services/activities';
import { signIn } from '../services/ad-center/sign-in';
import { clientZone } from '../services/ad-center/zone';
import { receiveCoupon } from '../services/coupons';
import { Refusal } from '../services/errors';
import { follow } from '../services/follow';
import { payPasswordHash } from '../services/pay-password';
import { withdraw } from '../services/withdraw';
import type { RaceJob, RaceOutcome } from './race';

const connections = new Map<string, DB>();
const connection = (path: string) => {
  let db = connections.get(path);
  if (!db) connections.set(path, (db = open(path)));
  return db;
};

/** Everyone arrives, then everyone goes: no racer starts before the last one is ready. */
function barrier(shared: SharedArrayBuffer, count: number): void {
  const cell = new Int32Array(shared);
  Atomics.add(cell, 0, 1);
  Atomics.notify(cell, 0);
  for (let seen = Atomics.load(cell, 0); seen < count; seen = Atomics.load(cell, 0)) Atomics.wait(cell, 0, seen, 100);
}

function run(db: DB, job: RaceJob): unknown {
  const { op, index } = job;
  const now = new Date(op.nowMs);
  const requestId = op.requestId ?? `race-${process.pid}-${index}-${op.nowMs}`;
  switch (op.kind) {
    case 'activityReceive':
      return receiveActivity(db, op.userId, { activity_id: op.activityId, request_id: requestId }, parseTz(op.tz), now);
    case 'couponReceive':
      return receiveCoupon(db, op.userId, { coupon_id: op.couponIds[index % op.couponIds.length]!, request_id: requestId }, parseTz(op.tz), now);
    case 'signIn':
      return signIn(db, op.userId, clientZone(parseTz(op.tz)), op.nowMs);
    case 'follow':
      return follow(db, { id: op.userId, proxy_id: op.ownProxyId }, op.proxyId, now);
    case 'withdraw':
      // As the route does once the password is proved: the hash it matched, the session that asked.
      return withdraw(db, op.userId, { amount: op.amount, request_id: requestId }, { zone: clientZone(parseTz(op.tz)), now },
        { hash: payPasswordHash(db, op.userId)!, token: op.token });
  }
}

parentPort!.on('message', (job: RaceJob) => {
  const db = connection(job.path);
  barrier(job.barrier, job.count);
  let outcome: RaceOutcome;
  try {
    outcome = { ok: true, value: run(db, job) };
  } catch (err) {
    outcome = err instanceof Refusal ? { ok: false, reason: err.reason } : { ok: false, error: String(err) };
  }
  parentPort!.postMessage(outcome);
});
parentPort!.postMessage('ready');
