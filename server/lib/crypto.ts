/**
 * Secrets: passwords are hashed with scrypt (random 16-byte salt, compared in constant time); bearer tokens are
 * 32 random bytes (base64url) and only their SHA-256 is stored, so a leaked database holds no usable token.
 *
 * scrypt is expensive on purpose, so a request must not be able to start one freely: the asynchronous hash and
 * verify take a `lane` (the CPU gate for the requesting client, see cpu-gate.ts) as a required argument, and
 * every computation runs inside it. Only the seed's synchronous hash, before the server listens, runs outside.
 */
import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEYLEN = 32;

/** Runs one computation when the CPU gate lets it (rejects, having computed nothing, when it does not). */
export type CpuLane = <T>(work: () => Promise<T>) => Promise<T>;

function scryptAsync(lane: CpuLane, password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return lane(() => new Promise((resolve, reject) => scrypt(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key)))));
}

const encode = (salt: Buffer, key: Buffer, p: { N: number; r: number; p: number } = PARAMS) =>
  `scrypt$${p.N}$${p.r}$${p.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;

/** Stored format: `scrypt$N$r$p$salt$key` (base64url). */
export async function hashPassword(password: string, lane: CpuLane): Promise<string> {
  const salt = randomBytes(16);
  return encode(salt, await scryptAsync(lane, password, salt, KEYLEN, PARAMS));
}

/** Synchronous variant for the seed (runs once, before the server listens). */
export function hashPasswordSync(password: string): string {
  const salt = randomBytes(16);
  return encode(salt, scryptSync(password, salt, KEYLEN, PARAMS));
}

// Verifying against a missing hash still burns one scrypt, so "no such user" and "wrong password" take as long.
const DUMMY = hashPasswordSync(randomBytes(8).toString('hex'));

export async function verifyPassword(password: string, stored: string | null | undefined, lane: CpuLane): Promise<boolean> {
  const parts = (stored ?? DUMMY).split('$');
  const valid = parts.length === 6 && parts[0] === 'scrypt';
  const [, n, r, p, saltText, keyText] = valid ? parts : DUMMY.split('$');
  const expected = Buffer.from(keyText!, 'base64url');
  const key = await scryptAsync(lane, password, Buffer.from(saltText!, 'base64url'), expected.length, {
    N: Number(n), r: Number(r), p: Number(p), maxmem: 64 * 1024 * 1024,
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
