/** Token secrets are stored only as salted scrypt hashes and compared in constant time. */
import { hash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LEN = 32;
/**
 * scrypt runs on libuv's thread pool (4 threads), the same pool file reads use: a burst of logins
 * hashing at once would stall every partition fetch. Hashes therefore run one at a time, leaving
 * the rest of the pool to I/O.
 */
const MAX_CONCURRENT_HASHES = 1;
let hashing = 0;
const waiting: (() => void)[] = [];

async function scryptAsync(secret: string, salt: Buffer): Promise<Buffer> {
  if (hashing >= MAX_CONCURRENT_HASHES) await new Promise<void>((r) => waiting.push(r));
  else hashing++;
  try {
    return await new Promise<Buffer>((resolve, reject) => scrypt(secret, salt, KEY_LEN, { N: 16384, r: 8, p: 1 }, (e, k) => (e ? reject(e) : resolve(k))));
  } finally {
    // The slot passes straight to the next waiter (hashing stays counted), or frees.
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}

/** `scrypt$<salt b64>$<hash b64>` */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt);
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, saltB64, hashB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const actual = await scryptAsync(secret, Buffer.from(saltB64, 'base64'));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A short, non-secret fingerprint that narrows which stored hash to check (8 hex chars of
 * SHA-256: far too little to recover a random secret from).
 */
export function lookupKey(secret: string): string {
  return hash('sha256', secret, 'hex').slice(0, 8);
}

export function newSecret(prefix = 'floe_pat_'): string {
  return prefix + randomBytes(24).toString('hex');
}

/** Key for the in-memory cache of verified tokens (never persisted). One-shot `hash`: every request computes it (a third of createHash's time). */
export function cacheKey(secret: string): string {
  return hash('sha256', secret, 'base64');
}
