/**
 * The scrypt cost of the suite's own fixtures (FIXTURE_PASSWORD_COST): the seeded merchants' passwords, the
 * transaction passwords tests set, and every hash a test's own server makes (startServer passes it as
 * AppOptions.passwordCost). A hash at the server's real cost takes about as much CPU as a whole request, and the
 * suite checks several hundred per engine; the code under test is the same at any cost, since each hash carries its
 * own. Servers the tests start as processes (main.ts) hash at the real cost, but for the transaction passwords of
 * the test API's merchants; the tests of the CPU gate hold their checks with hashes of their own.
 */
import { FIXTURE_PASSWORD_COST } from '../lib/crypto';
import { payPasswordHashSync } from '../seed/seed-wallet';

export { FIXTURE_PASSWORD_COST };

/** The stored form of a transaction password, at the fixtures' cost. */
export const testPayPasswordHash = (digits: string): string => payPasswordHashSync(digits, FIXTURE_PASSWORD_COST);
