/**
 * The scrypt cost of the suite's own fixtures: the seeded merchants' passwords, the transaction passwords tests set,
 * and every hash a test's own server makes (startServer passes it as AppOptions.passwordCost). A hash at the
 * server's real cost takes about as much CPU as a whole request, and the suite checks several hundred per engine;
 * the code under test is the same at any cost, since each hash carries its own. Servers the tests start as
 * processes (main.ts) hash at the real cost, and the tests of the CPU gate hold their checks with hashes of their own.
 */
import type { PasswordCost } from '../lib/crypto';
import { payPasswordHashSync } from '../seed/seed-wallet';

export const TEST_PASSWORD_COST: Readonly<PasswordCost> = { N: 1024, r: 8, p: 1 };

/** The stored form of a transaction password, at the fixtures' cost. */
export const testPayPasswordHash = (digits: string): string => payPasswordHashSync(digits, TEST_PASSWORD_COST);
