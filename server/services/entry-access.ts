/**
 * What a partner entry link grants, on the database: each accepted link is remembered until it would have expired
 * (so it works once), and a user who still has to open a store gets an entry ticket for the welcome page.
 * Tickets are 32 random bytes (base64url); like session tokens only their SHA-256 is stored.
 * All functions are synchronous and safe inside a transaction.
 */
import { stmt, type DB } from '../db/index';
import { hashToken, newToken } from '../lib/crypto';

/** Long enough for a merchant to find the authorization code, short enough to be worthless when it leaks later. */
export const ENTRY_TICKET_TTL_SECONDS = 30 * 60;

/** Records that a link's signature was accepted; false if it already was (a replay). */
export function useLinkOnce(db: DB, sig: string, expiresAtMs: number): boolean {
  const now = Date.now();
  stmt(db, 'DELETE FROM entry_link_uses WHERE expires_at < ?').run(now);
  // Hex case does not change the signature's bytes: remember the bytes, not the spelling.
  return stmt(db, 'INSERT OR IGNORE INTO entry_link_uses (sig_hash, expires_at) VALUES (?, ?)').run(hashToken(sig.toLowerCase()), expiresAtMs).changes === 1;
}

/** A new entry ticket for (entry, uid). */
export function issueEntryTicket(db: DB, entry: string, uid: string): string {
  const now = Date.now();
  stmt(db, 'DELETE FROM entry_tickets WHERE expires_at < ?').run(now);
  const { token, hash } = newToken();
  stmt(db, 'INSERT INTO entry_tickets (ticket_hash, entry, partner_uid, expires_at) VALUES (?, ?, ?, ?)')
    .run(hash, entry, uid, now + ENTRY_TICKET_TTL_SECONDS * 1000);
  return token;
}

/**
 * Uses up the ticket if it was issued for exactly this (entry, uid) and has not expired; false otherwise (unknown,
 * expired, used, or for someone else: one answer, so a guesser learns nothing). Call inside the transaction that
 * acts on it, so a failure after it gives the ticket back.
 */
export function takeEntryTicket(db: DB, ticket: string, entry: string, uid: string): boolean {
  return stmt(db, 'DELETE FROM entry_tickets WHERE ticket_hash = ? AND entry = ? AND partner_uid = ? AND expires_at > ?')
    .run(hashToken(ticket), entry, uid, Date.now()).changes === 1;
}
