/**
 * Key-pair JWT (reference §4.7): RS256 only; iss = ACCOUNT.USER.SHA256:<fingerprint> where the
 * fingerprint is the base64 SHA-256 of the DER SubjectPublicKeyInfo of the user's RSA_PUBLIC_KEY
 * or RSA_PUBLIC_KEY_2; sub = ACCOUNT.USER; iat/exp in seconds or milliseconds; a token is good
 * for at most an hour after it was issued, with 60 s of clock skew either way.
 */
import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import { compactVerify, decodeProtectedHeader } from 'jose';
import type { Catalog, UserInfo } from '@/lib/catalog/catalog';

export const SKEW_S = 60;
export const MAX_AGE_S = 3600;

export class JwtError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JwtError';
  }
}

/** RSA_PUBLIC_KEY as stored: the base64 DER SPKI, PEM armour and whitespace removed. */
export function normalizePublicKey(text: string): string {
  return text.replace(/-----(BEGIN|END) (RSA )?PUBLIC KEY-----/g, '').replace(/\s+/g, '');
}

/** The key object of a stored key, or null when it is not an RSA public key. */
export function rsaPublicKey(stored: string): KeyObject | null {
  try {
    const key = createPublicKey({ key: Buffer.from(stored, 'base64'), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'rsa' ? key : null;
  } catch {
    return null;
  }
}

/** `SHA256:<base64 sha256 of DER SPKI>` (RSA_PUBLIC_KEY_FP). */
export function publicKeyFingerprint(stored: string): string {
  return `SHA256:${createHash('sha256').update(Buffer.from(stored, 'base64')).digest('base64')}`;
}

/** A token that looks like a JWT: three base64url parts whose first is a JSON header with `alg`. */
export function looksLikeJwt(token: string): boolean {
  if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(token)) return false;
  try {
    return typeof decodeProtectedHeader(token).alg === 'string';
  } catch {
    return false;
  }
}

/** Account identifiers compare upper-case with periods as hyphens. */
const normAccount = (a: string) => a.toUpperCase().replace(/\./g, '-');

/** The claim's account is ours, also in org form ORG-ACCOUNT. */
export function accountMatches(claimed: string, account: string): boolean {
  const c = normAccount(claimed);
  const a = normAccount(account);
  return c === a || (c.endsWith(`-${a}`) && c.length > a.length + 1);
}

/** Seconds since the epoch, from a claim in seconds or milliseconds. */
function seconds(v: unknown, name: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new JwtError(`JWT claim '${name}' is missing or not a number.`);
  return v > 1e11 ? Math.floor(v / 1000) : v;
}

function claimsOf(payload: Uint8Array): Record<string, unknown> {
  try {
    const c = JSON.parse(new TextDecoder().decode(payload));
    if (c && typeof c === 'object' && !Array.isArray(c)) return c as Record<string, unknown>;
  } catch { /* below */ }
  throw new JwtError('JWT payload is not a JSON object.');
}

/** Verifies a key-pair JWT; returns the user it authenticates. */
export async function verifyKeyPairJwt(token: string, catalog: Catalog, account: string, nowMs = Date.now()): Promise<UserInfo> {
  let alg: unknown;
  try {
    alg = decodeProtectedHeader(token).alg;
  } catch {
    throw new JwtError('JWT token is malformed.');
  }
  if (alg !== 'RS256') throw new JwtError(`JWT algorithm '${String(alg)}' is not supported; use RS256.`);
  const [, payloadPart] = token.split('.');
  const claims = claimsOf(Buffer.from(payloadPart, 'base64url'));
  const iss = typeof claims.iss === 'string' ? claims.iss : '';
  const m = /^([^.]+)\.(.+)\.(SHA256:[A-Za-z0-9+/=]+)$/i.exec(iss);
  if (!m) throw new JwtError("JWT 'iss' must be ACCOUNT.USER.SHA256:<fingerprint>.");
  const [, acct, userPart, fpRaw] = m;
  const fp = `SHA256:${fpRaw.slice(7)}`;
  if (!accountMatches(acct, account)) throw new JwtError(`JWT account '${acct}' is not this account.`);
  if (typeof claims.sub !== 'string' || claims.sub.toUpperCase() !== `${acct}.${userPart}`.toUpperCase()) {
    throw new JwtError("JWT 'sub' must be ACCOUNT.USER and match 'iss'.");
  }
  const user = catalog.users.get(userPart) ?? catalog.users.get(userPart.toUpperCase());
  const keys = user ? [user.rsaPublicKey, user.rsaPublicKey2].filter((k): k is string => !!k) : [];
  const stored = keys.find((k) => publicKeyFingerprint(k) === fp);
  const key = stored ? rsaPublicKey(stored) : null;
  if (!user || !key) throw new JwtError('JWT fingerprint does not match a public key of the user.');
  try {
    await compactVerify(token, key, { algorithms: ['RS256'] });
  } catch {
    throw new JwtError('JWT signature is invalid.');
  }
  const now = nowMs / 1000;
  const iat = seconds(claims.iat, 'iat');
  const exp = seconds(claims.exp, 'exp');
  if (exp + SKEW_S < now) throw new JwtError('JWT token has expired.');
  if (iat - SKEW_S > now) throw new JwtError('JWT token was issued in the future.');
  if (now - iat > MAX_AGE_S + SKEW_S) throw new JwtError('JWT token is older than one hour.');
  return user;
}
