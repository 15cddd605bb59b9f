/**
 * The one authentication step every API request passes through. Bearer tokens only; the token
 * type comes from X-Snowflake-Authorization-Token-Type / X-Service-Authorization-Token-Type or
 * is inferred. Programmatic access tokens are checked here; key-pair JWT and OAuth are added by
 * the access-control work behind the same function.
 */
import type { Catalog } from '@/lib/catalog/catalog';
import { cacheKey, lookupKey, verifySecret } from './secrets';

export interface Principal {
  user: string;
  /** Role a PAT is restricted to, if any. */
  roleRestriction: string | null;
}

export class AuthError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
    this.name = 'AuthError';
  }
}

const invalid = () => new AuthError('390303', 'Invalid OAuth access token. ');

export class Authenticator {
  /** Verified secrets (by SHA-256) → token id; scrypt runs once per token per process. */
  private readonly verified = new Map<string, number>();

  constructor(private readonly catalog: () => Catalog) {}

  async authenticate(headers: Headers): Promise<Principal> {
    const auth = headers.get('authorization');
    if (!auth) throw new AuthError('390303', 'Invalid OAuth access token. Missing Authorization header.');
    const m = /^Bearer\s+(.+)$/i.exec(auth.trim());
    if (!m) throw invalid();
    const secret = m[1].trim();
    const catalog = this.catalog();
    const key = cacheKey(secret);
    const cachedId = this.verified.get(key);
    const now = Date.now();
    const usable = (id: number) => {
      const t = catalog.tokens.find((x) => x.id === id);
      if (!t || (t.expiresAt !== null && t.expiresAt < now)) return null;
      const u = catalog.users.get(t.userName);
      return u && !u.disabled ? t : null;
    };
    if (cachedId !== undefined) {
      const t = usable(cachedId);
      if (t) return { user: t.userName, roleRestriction: t.roleRestriction };
      this.verified.delete(key);
      throw invalid();
    }
    const lookup = lookupKey(secret);
    for (const t of catalog.tokens) {
      if (t.lookup !== lookup) continue;
      if (!(await verifySecret(secret, t.secretHash))) continue;
      if (!usable(t.id)) break;
      this.verified.set(key, t.id);
      return { user: t.userName, roleRestriction: t.roleRestriction };
    }
    throw invalid();
  }
}
