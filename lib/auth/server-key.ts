/**
 * Random keys kept in the data dir (mode 0600), made on first use: the console's session
 * signing secret and the OAuth server key (client secrets, consent tokens). A key never enters
 * the database, the journal or an image, so a copy of those holds no secret derived from it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';

/** The key in <dataDir>/<file>; two processes starting at once agree (the second reads the first's). */
export function dataDirKey(dataDir: string, file: string): string {
  const at = path.join(dataDir, file);
  try {
    return fs.readFileSync(at, 'utf8').trim();
  } catch {
    try {
      fs.writeFileSync(at, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch { /* made by another process meanwhile */ }
    return fs.readFileSync(at, 'utf8').trim();
  }
}

const g = globalThis as typeof globalThis & { __floeOAuthKey?: string };

/**
 * Loads the OAuth server key (at boot: compiling SYSTEM$SHOW_OAUTH_CLIENT_SECRETS needs it
 * synchronously). Nodes sharing one account (FLOE_ENGINE=postgres://…) derive it from the
 * session secret they share instead (`sharedSecret`): every node signs and checks the same, and
 * it still never enters the database.
 */
export function loadOAuthServerKey(dataDir: string, sharedSecret?: string): void {
  g.__floeOAuthKey = sharedSecret
    ? createHmac('sha256', sharedSecret).update('floe oauth server key').digest('base64url')
    : dataDirKey(dataDir, 'oauth-server-key');
}

export function oauthServerKey(): string {
  if (!g.__floeOAuthKey) throw new Error('the OAuth server key is not loaded');
  return g.__floeOAuthKey;
}
