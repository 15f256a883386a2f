/**
 * What a partner entry link grants, on the database: each accepted link is remembered until it would have expired
 * (so it works once), and a user who still has to open a store gets an entry ticket for the welcome page.
 * Tickets are 32 random bytes (base64url); like session tokens only their SHA-256 is stored.
 * Every function is safe inside a transaction (pass it the handle). Single use rests on the database, not on a read
 * before the write: a link's signature is its row's primary key, a ticket is used up by a conditional delete.
 */
import type { Db } from '../storage/engine';
import * as store from '../storage/accounts';
import { hashToken, newToken } from '../lib/crypto';

/** Long enough for a merchant to find the authorization code, short enough to be worthless when it leaks later. */
export const ENTRY_TICKET_TTL_SECONDS = 30 * 60;

/** Records that a link's signature was accepted; false if it already was (a replay, also a parallel one). */
export async function useLinkOnce(db: Db, sig: string, expiresAtMs: number, nowMs: number): Promise<boolean> {
  await store.deleteExpiredLinkUses(db, nowMs);
  // Hex case does not change the signature's bytes: remember the bytes, not the spelling.
  return store.insertLinkUse(db, hashToken(sig.toLowerCase()), expiresAtMs);
}

/** A new entry ticket for (entry, uid). */
export async function issueEntryTicket(db: Db, entry: string, uid: string, now: number): Promise<string> {
  await store.deleteExpiredTickets(db, now);
  const { token, hash } = newToken();
  await store.insertTicket(db, {
    ticket_hash: hash,
    entry,
    partner_uid: uid,
    expires_at: now + ENTRY_TICKET_TTL_SECONDS * 1000,
  });
  return token;
}

/**
 * Uses up the ticket if it was issued for exactly this (entry, uid) and has not expired; false otherwise (unknown,
 * expired, used, or for someone else: one answer, so a guesser learns nothing). Call inside the transaction that
 * acts on it, so a failure after it gives the ticket back. Of parallel uses, only the one whose delete removed the
 * row gets true.
 */
export async function takeEntryTicket(
  db: Db,
  ticket: string,
  entry: string,
  uid: string,
  nowMs: number,
): Promise<boolean> {
  return store.deleteLiveTicket(db, hashToken(ticket), entry, uid, nowMs);
}
