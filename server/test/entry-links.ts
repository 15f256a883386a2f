/** Test helpers for partner entry: signed links with the demo keys, and the ticket a new user's link gives. */
import assert from 'node:assert/strict';
import { DEMO_PARTNER_SECRETS } from '../seed/seed';
import { entryLinkQuery } from '../lib/entry-link';
import type { TestServer } from './helpers';

// A link works once, and two links for one user signed in the same second are the same link: back-date repeats.
const issued = new Set<string>();

/** loginV2's input for a link signed now (or `ageSeconds` ago) with the demo partner's key; never the same twice. */
export function signedLink(entry: string, uid: string, ageSeconds = 0): Record<string, string> {
  const secret = DEMO_PARTNER_SECRETS[entry];
  assert.ok(secret, `no demo key for ${entry}`);
  let ts = Math.floor(Date.now() / 1000) - ageSeconds;
  while (issued.has(`${entry}\n${uid}\n${ts}`)) ts--;
  issued.add(`${entry}\n${uid}\n${ts}`);
  return Object.fromEntries(new URLSearchParams(entryLinkQuery(secret, entry, uid, ts)));
}

/** Opens a signed link for a user without an open store and returns the entry ticket of its 401. */
export async function entryTicket(s: TestServer, entry: string, uid: string): Promise<string> {
  const r = await s.call('loginV2', signedLink(entry, uid));
  assert.equal(r.body.code, 401, JSON.stringify(r.body));
  assert.ok(r.body.data.ticket);
  return r.body.data.ticket;
}

/** Registers a new partner user the way the welcome page does (signed link → ticket → registerV2); its token. */
export async function registerPartnerUser(
  s: TestServer,
  entry: string,
  uid: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const ticket = await entryTicket(s, entry, uid);
  const r = await s.call('registerV2', { entry, uid, ticket, ...extra });
  assert.equal(r.body.code, 200, JSON.stringify(r.body));
  return r.body.data.token;
}
