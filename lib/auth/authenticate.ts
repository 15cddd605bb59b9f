/**
 * The one authentication step every API request passes through. Bearer tokens only; the token
 * type comes from X-Snowflake-Authorization-Token-Type / X-Service-Authorization-Token-Type or
 * is inferred (a JWT is three base64url parts with an `alg` header). Programmatic access tokens
 * are verified against their salted scrypt hashes, key-pair JWTs against the user's registered
 * RSA public keys (jwt.ts). OAUTH tokens are the console's short-lived access tokens (oauth.ts),
 * stored like PATs; for compatibility a PAT sent as OAUTH is accepted too, never the reverse.
 */
import type { Catalog, TokenInfo, UserInfo } from '@/lib/catalog/catalog';
import { JwtError, looksLikeJwt, verifyKeyPairJwt } from './jwt';
import { isOAuthToken, isRefreshToken } from './oauth';
import { cacheKey, lookupKey, verifySecret } from './secrets';

export interface Principal {
  user: string;
  /** Role a PAT is restricted to, if any. */
  roleRestriction: string | null;
  /** The kind of credential: OAUTH tokens are the console's (share links are a console feature). */
  tokenType: 'KEYPAIR_JWT' | 'OAUTH' | 'PROGRAMMATIC_ACCESS_TOKEN';
}

/** 401 (bad credentials) or 403 (good credentials of a disabled user), {code, message}. */
export class AuthError extends Error {
  constructor(readonly code: string, message: string, readonly status: 401 | 403 = 401) {
    super(message);
    this.name = 'AuthError';
  }
}

const TOKEN_TYPES = new Set(['KEYPAIR_JWT', 'OAUTH', 'PROGRAMMATIC_ACCESS_TOKEN']);
const invalidPat = (detail = '') => new AuthError('390303', `Invalid OAuth access token. ${detail}`.trim());
const invalidJwt = (detail: string) => new AuthError('390144', `JWT token is invalid. ${detail}`.trim());
const disabled = (user: string) => new AuthError('390304', `User '${user}' is disabled. Contact your local system administrator.`, 403);

/** How current the catalog copy is (several nodes share one catalog in PostgreSQL). */
export interface CatalogFreshness {
  /** Resolves once a reload under way is done (another node's write: its tokens and users hold here too). */
  ready(): Promise<void>;
  /** Reads the shared catalog's version and follows it when the copy is older; true when it did. */
  catchUp(): Promise<boolean>;
}

export class Authenticator {
  /** Verified secrets (by SHA-256) → token id and the hash it was verified against; scrypt runs once per token per process. */
  private readonly verified = new Map<string, { id: number; secretHash: string }>();
  /** Verifications running, by the same key. */
  private readonly verifying = new Map<string, Promise<TokenInfo | undefined>>();

  constructor(
    private readonly catalog: () => Catalog,
    private readonly account: string,
    private readonly copy: CatalogFreshness = { ready: () => Promise.resolve(), catchUp: () => Promise.resolve(false) },
  ) {}

  /**
   * The caller, by the request's credentials. `fresh`: the catalog copy first follows the shared
   * one if it is older (several nodes: a token dropped on another node is refused here at once);
   * false when the caller checks that itself later (a statement's admission reads the version),
   * in which case only a refusal looks again.
   */
  async authenticate(headers: Headers, fresh = true): Promise<Principal> {
    if (fresh) await this.copy.catchUp().catch(() => false);
    else await this.copy.ready().catch(() => {});
    try {
      return await this.principal(headers);
    } catch (e) {
      // A token or user made on another node an instant ago, which this copy does not show yet.
      if (fresh || !(e instanceof AuthError) || !(await this.copy.catchUp().catch(() => false))) throw e;
      return this.principal(headers);
    }
  }

  private async principal(headers: Headers): Promise<Principal> {
    const auth = headers.get('authorization');
    if (!auth) throw invalidPat('Missing Authorization header.');
    const m = /^Bearer\s+(\S+)$/i.exec(auth.trim());
    if (!m) throw invalidPat('The Authorization header must be "Bearer <token>".');
    const token = m[1];
    const declared = (headers.get('x-snowflake-authorization-token-type') ?? headers.get('x-service-authorization-token-type'))?.trim().toUpperCase();
    if (declared && !TOKEN_TYPES.has(declared)) throw invalidPat(`Unknown token type '${declared}'.`);
    const isJwt = looksLikeJwt(token);
    if (declared === 'KEYPAIR_JWT' || (!declared && isJwt)) {
      if (!isJwt) throw invalidJwt('The token is not a JWT but the token type says KEYPAIR_JWT.');
      return this.keyPair(token);
    }
    if (isJwt) throw invalidPat(`The token is a JWT but the token type says ${declared}.`);
    return this.pat(token, declared === 'OAUTH');
  }

  private async keyPair(token: string): Promise<Principal> {
    let user: UserInfo;
    try {
      user = await verifyKeyPairJwt(token, this.catalog(), this.account);
    } catch (e) {
      if (e instanceof JwtError) throw invalidJwt(e.message);
      throw e;
    }
    if (user.disabled) throw disabled(user.name);
    return { user: user.name, roleRestriction: null, tokenType: 'KEYPAIR_JWT' };
  }

  /** The token row whose salted hash the secret matches. */
  private async verify(secret: string, catalog: Catalog): Promise<TokenInfo | undefined> {
    const lookup = lookupKey(secret);
    for (const t of catalog.tokens) if (t.lookup === lookup && (await verifySecret(secret, t.secretHash))) return t;
    return undefined;
  }

  private async pat(secret: string, oauthAllowed: boolean): Promise<Principal> {
    const catalog = this.catalog();
    const key = cacheKey(secret);
    const cached = this.verified.get(key);
    // A removed or rotated token is gone from the catalog copy (or has another hash): the cache
    // entry only ever points at a row, never stands in for it.
    const current = (id: number, secretHash: string) => catalog.tokens.find((t) => t.id === id && t.secretHash === secretHash);
    let token: TokenInfo | undefined;
    if (cached) {
      token = current(cached.id, cached.secretHash);
      if (!token) this.verified.delete(key);
    } else {
      // Concurrent requests with the same new secret share one scrypt run (a burst would
      // otherwise hash once per request and stall the server).
      let pending = this.verifying.get(key);
      if (!pending) {
        pending = this.verify(secret, catalog).finally(() => this.verifying.delete(key));
        this.verifying.set(key, pending);
      }
      token = await pending;
      if (token) this.verified.set(key, { id: token.id, secretHash: token.secretHash });
    }
    // A refresh token is only ever exchanged at /oauth/token-request.
    if (!token || isRefreshToken(token)) throw invalidPat();
    const oauth = isOAuthToken(token);
    if (oauth && !oauthAllowed) throw invalidPat('An OAuth access token needs X-Snowflake-Authorization-Token-Type: OAUTH.');
    if (token.expiresAt !== null && token.expiresAt < Date.now()) {
      throw oauth ? new AuthError('390318', 'OAuth access token expired. Sign in again.') : invalidPat('The programmatic access token has expired.');
    }
    const user = catalog.users.get(token.userName);
    if (!user) throw invalidPat();
    if (user.disabled) throw disabled(user.name);
    return { user: user.name, roleRestriction: token.roleRestriction, tokenType: oauth ? 'OAUTH' : 'PROGRAMMATIC_ACCESS_TOKEN' };
  }
}
