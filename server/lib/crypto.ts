/**
 * Secrets: passwords are hashed with scrypt (random 16-byte salt, compared in constant time); bearer tokens are
 * 32 random bytes (base64url) and only their SHA-256 is stored, so a leaked database holds no usable token.
 *
 * scrypt is expensive on purpose, so a request must not be able to start one freely: the asynchronous hash and
 * verify take a `lane` (the CPU gate for the requesting client, see cpu-gate.ts) as a required argument, and
 * every computation runs inside it. Only the seed's synchronous hash, before the server listens, runs outside.
 */
import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost parameters. Each hash carries its own, and is verified with them. */
export interface PasswordCost {
  N: number;
  r: number;
  p: number;
}
/**
 * What the server hashes with. AppOptions.passwordCost may lower it for a test's own server, whose merchants are
 * fixtures: a hash costs a test as much as a whole request otherwise. main.ts never sets it.
 */
export const PASSWORD_COST: Readonly<PasswordCost> = { N: 16384, r: 8, p: 1 };
/**
 * The cost of a test fixture's hash: the transaction passwords the test API gives the merchants it makes, and the
 * suite's own seeded databases and servers (server/test/fixture-cost.ts). About a sixteenth of the real cost.
 */
export const FIXTURE_PASSWORD_COST: Readonly<PasswordCost> = { N: 1024, r: 8, p: 1 };
const KEYLEN = 32;

/** The cost as text (`N$r$p`, as a stored hash writes it): a key for hashes cached per cost. */
export const costKey = (cost: PasswordCost): string => `${cost.N}$${cost.r}$${cost.p}`;

/** Runs one computation when the CPU gate lets it (rejects, having computed nothing, when it does not). */
export type CpuLane = <T>(work: () => Promise<T>) => Promise<T>;

function scryptAsync(
  lane: CpuLane,
  password: string,
  salt: Buffer,
  keylen: number,
  opts: ScryptOptions,
): Promise<Buffer> {
  return lane(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

const encode = (salt: Buffer, key: Buffer, p: PasswordCost) =>
  `scrypt$${costKey(p)}$${salt.toString('base64url')}$${key.toString('base64url')}`;

/** Stored format: `scrypt$N$r$p$salt$key` (base64url). */
export async function hashPassword(
  password: string,
  lane: CpuLane,
  cost: PasswordCost = PASSWORD_COST,
): Promise<string> {
  const salt = randomBytes(16);
  return encode(salt, await scryptAsync(lane, password, salt, KEYLEN, cost), cost);
}

/** Synchronous variant for the seed (runs once, before the server listens). */
export function hashPasswordSync(password: string, cost: PasswordCost = PASSWORD_COST): string {
  const salt = randomBytes(16);
  return encode(salt, scryptSync(password, salt, KEYLEN, cost), cost);
}

// Verifying against a missing hash still burns one scrypt, at the cost the real ones were made with, so "no such
// user" and "wrong password" take as long.
const dummies = new Map<string, string>();
function dummyHash(cost: PasswordCost): string {
  let hash = dummies.get(costKey(cost));
  if (!hash) dummies.set(costKey(cost), (hash = hashPasswordSync(randomBytes(8).toString('hex'), cost)));
  return hash;
}

/** `cost`: what the server's own hashes are made with (the dummy's, when there is no hash to check against). */
export async function verifyPassword(
  password: string,
  stored: string | null | undefined,
  lane: CpuLane,
  cost: PasswordCost = PASSWORD_COST,
): Promise<boolean> {
  const dummy = dummyHash(cost);
  const parts = (stored ?? dummy).split('$');
  const valid = parts.length === 6 && parts[0] === 'scrypt';
  const [, n, r, p, saltText, keyText] = valid ? parts : dummy.split('$');
  const expected = Buffer.from(keyText, 'base64url');
  const key = await scryptAsync(lane, password, Buffer.from(saltText, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return valid && stored != null && key.length === expected.length && timingSafeEqual(key, expected);
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
