// Key pairs, JWTs and users for the auth tests (reference §4.7).
import { createHash, createHmac, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { ok, type Target } from './client';
import { uniqueName } from './helpers';

export const ACCOUNT = (process.env.FLOE_ACCOUNT || 'FLOE').toUpperCase();

export interface KeyPair { privateKey: KeyObject; publicKeyB64: string; fingerprint: string }

export function makeKeyPair(): KeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return { privateKey, publicKeyB64: der.toString('base64'), fingerprint: `SHA256:${createHash('sha256').update(der).digest('base64')}` };
}

export interface JwtOptions {
  user: string; keyPair: KeyPair; account?: string; iat?: number; exp?: number; alg?: 'RS256' | 'HS256' | 'none';
  fingerprint?: string; signWith?: KeyObject;
}

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');

export function jwt(o: JwtOptions): string {
  const account = o.account ?? ACCOUNT;
  const iat = o.iat ?? Math.floor(Date.now() / 1000);
  const exp = o.exp ?? iat + 3000;
  const alg = o.alg ?? 'RS256';
  const claims = { iss: `${account}.${o.user}.${o.fingerprint ?? o.keyPair.fingerprint}`, sub: `${account}.${o.user}`, iat, exp };
  const input = `${b64url(JSON.stringify({ alg, typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}`;
  if (alg === 'none') return `${input}.`;
  if (alg === 'HS256') return `${input}.${b64url(createHmac('sha256', o.keyPair.publicKeyB64).update(input).digest())}`;
  return `${input}.${b64url(sign('sha256', Buffer.from(input), o.signWith ?? o.keyPair.privateKey))}`;
}

/** A new user (roles granted, ACCOUNTADMIN by default) created by the admin of `t`. */
export async function createUser(t: Target = {}, roles = ['ACCOUNTADMIN'], extra = ''): Promise<string> {
  const name = uniqueName('U');
  await ok(`CREATE USER ${name} DEFAULT_ROLE=${roles[0] ?? 'PUBLIC'} DEFAULT_WAREHOUSE=COMPUTE_WH ${extra}`, t);
  for (const r of roles) await ok(`GRANT ROLE ${r} TO USER ${name}`, t);
  return name;
}

export async function addPat(user: string, t: Target = {}, tokenName = uniqueName('PAT'), options = ''): Promise<{ tokenName: string; secret: string }> {
  const j = await ok(`ALTER USER ${user} ADD PROGRAMMATIC ACCESS TOKEN ${tokenName} ${options}`, t);
  return { tokenName, secret: j.data![0][1]! };
}

export async function userWithKey(t: Target = {}, roles?: string[]): Promise<{ user: string; keyPair: KeyPair }> {
  const user = await createUser(t, roles);
  const keyPair = makeKeyPair();
  await ok(`ALTER USER ${user} SET RSA_PUBLIC_KEY='${keyPair.publicKeyB64}'`, t);
  return { user, keyPair };
}
