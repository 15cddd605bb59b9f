/**
 * OAuth clients as Snowflake registers them: security integrations of TYPE = OAUTH,
 * OAUTH_CLIENT = CUSTOM (lib/sql/commands/integrations.ts creates and changes them). This module
 * says what an integration's settings mean: its properties with Snowflake's defaults, the exact
 * redirect URI, the roles it may not be used with, and its client secrets.
 *
 * No client secret is stored anywhere: each of the two is HMAC(server key, client_id, slot,
 * generation), with the key in the data dir (server-key.ts). SYSTEM$SHOW_OAUTH_CLIENT_SECRETS
 * computes them again; ALTER … REFRESH OAUTH_CLIENT_SECRET[_2] bumps a generation, which
 * changes that secret (the old one stops working at once).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Catalog, IntegrationInfo } from '@/lib/catalog/catalog';
import { createIntegrationIfMissing } from '@/lib/catalog/integrations';
import type { SqlStep } from '@/lib/engine/types';
import { oauthServerKey } from './server-key';

export type PropertyKind = 'Boolean' | 'Integer' | 'String' | 'List';

/** The properties a custom OAuth client may set, with DESCRIBE's type and default. */
export const OAUTH_PROPERTIES: Record<string, { kind: PropertyKind; default: string }> = {
  ENABLED: { kind: 'Boolean', default: 'false' },
  OAUTH_CLIENT_TYPE: { kind: 'String', default: 'CONFIDENTIAL' },
  OAUTH_REDIRECT_URI: { kind: 'String', default: '' },
  OAUTH_ALLOW_NON_TLS_REDIRECT_URI: { kind: 'Boolean', default: 'false' },
  OAUTH_ENFORCE_PKCE: { kind: 'Boolean', default: 'false' },
  OAUTH_ISSUE_REFRESH_TOKENS: { kind: 'Boolean', default: 'true' },
  OAUTH_REFRESH_TOKEN_VALIDITY: { kind: 'Integer', default: '7776000' },
  PRE_AUTHORIZED_ROLES_LIST: { kind: 'List', default: '' },
  BLOCKED_ROLES_LIST: { kind: 'List', default: 'ACCOUNTADMIN,SECURITYADMIN' },
};

/** Bounds of OAUTH_REFRESH_TOKEN_VALIDITY in seconds (one day to 90 days, as for Snowflake's custom clients). */
export const REFRESH_VALIDITY_RANGE = [86_400, 7_776_000] as const;

/**
 * Roles never usable through OAuth, whatever BLOCKED_ROLES_LIST says (Snowflake's
 * OAUTH_ADD_PRIVILEGED_ROLES_TO_BLOCKED_LIST, on by default), nor pre-authorized.
 */
export const PRIVILEGED_ROLES = ['ACCOUNTADMIN', 'SECURITYADMIN'];

/**
 * The console's own client, built in: every data dir has it (created at boot). First-party: the
 * console signs users in with their password at /login (lib/http/console-session.ts), so it has no
 * redirect URI, no secret, no consent page and no refresh tokens, and /oauth/* refuses it like an
 * unknown client. Its tokens carry its client_id like any client's. It cannot be dropped or
 * replaced; ALTER may only change ENABLED (off: no new console sign-ins) and COMMENT.
 */
export const CONSOLE_INTEGRATION = 'FLOE_CONSOLE';
export const isBuiltIn = (i: Pick<IntegrationInfo, 'name'>): boolean => i.name === CONSOLE_INTEGRATION;
/** What ALTER … SET / UNSET may change on a built-in integration. */
export const BUILT_IN_SETTABLE = ['ENABLED', 'COMMENT'];

/** The boot step that creates the console's integration (enabled) when the data dir has none. */
export function consoleIntegrationSteps(now: number): SqlStep[] {
  return createIntegrationIfMissing({
    name: CONSOLE_INTEGRATION, type: 'OAUTH', clientId: newClientId(), properties: { ENABLED: 'true', OAUTH_CLIENT_TYPE: 'CONFIDENTIAL', OAUTH_ISSUE_REFRESH_TOKENS: 'false' },
    secretGenerations: [1, 1], owner: 'ACCOUNTADMIN', comment: 'Built in: the Floe console signs users in through it', createdOn: now,
  });
}

export const setting = (i: IntegrationInfo, key: string): string => i.properties[key] ?? OAUTH_PROPERTIES[key]?.default ?? '';
export const flag = (i: IntegrationInfo, key: string): boolean => setting(i, key) === 'true';
export const roleList = (i: IntegrationInfo, key: string): string[] => setting(i, key).split(',').filter(Boolean);

export const isPublicClient = (i: IntegrationInfo): boolean => setting(i, 'OAUTH_CLIENT_TYPE') === 'PUBLIC';
export const refreshValidityMs = (i: IntegrationInfo): number => Number(setting(i, 'OAUTH_REFRESH_TOKEN_VALIDITY')) * 1000;

/** Why a redirect URI cannot be registered (null: it can): absolute, no fragment, https unless non-TLS is allowed. */
export function redirectUriProblem(uri: string, allowNonTls: boolean): string | null {
  let u: URL;
  try { u = new URL(uri); } catch { return 'it is not an absolute URI'; }
  if (u.hash || uri.includes('#')) return 'it has a fragment';
  if (u.protocol === 'https:') return null;
  if (u.protocol === 'http:') return allowNonTls ? null : 'it is not https (set OAUTH_ALLOW_NON_TLS_REDIRECT_URI = TRUE to allow http)';
  return `the scheme '${u.protocol}' is not http(s)`;
}

/** A new client_id (public; what the client names itself with). */
export const newClientId = (): string => randomBytes(24).toString('base64');

function derive(label: string, ...parts: string[]): Buffer {
  return createHmac('sha256', oauthServerKey()).update([label, ...parts].join('\u0000')).digest();
}

/** The client's secrets (slot 1 and 2), computed from the server key. */
export function clientSecrets(i: IntegrationInfo): [string, string] {
  const one = (slot: number) => derive('oauth-client-secret', i.clientId, String(slot), String(i.secretGenerations[slot - 1])).toString('base64');
  return [one(1), one(2)];
}

/** SYSTEM$SHOW_OAUTH_CLIENT_SECRETS's answer. */
export function clientSecretsJson(i: IntegrationInfo): string {
  const [secret, secret2] = clientSecrets(i);
  return JSON.stringify({ OAUTH_CLIENT_SECRET_2: secret2, OAUTH_CLIENT_SECRET: secret, OAUTH_CLIENT_ID: i.clientId });
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Either current secret, compared in constant time. */
export function clientSecretMatches(i: IntegrationInfo, given: string): boolean {
  const g = digest(given);
  return clientSecrets(i).map((s) => timingSafeEqual(digest(s), g)).some(Boolean);
}

/**
 * A MAC over `parts` with the server key (consent form tokens): base64url, compared with
 * `macMatches` in constant time.
 */
export const serverMac = (label: string, ...parts: string[]): string => derive(label, ...parts).toString('base64url');
export const macMatches = (given: string, expected: string): boolean => timingSafeEqual(digest(given), digest(expected));

/** Why `role` cannot be used through this client (null: it can): it, or a role it inherits, is blocked. */
export function blockedRole(i: IntegrationInfo, catalog: Catalog, role: string): string | null {
  const blocked = new Set([...PRIVILEGED_ROLES, ...roleList(i, 'BLOCKED_ROLES_LIST')]);
  const hit = [...catalog.rolesUnder(role)].find((r) => blocked.has(r));
  return hit ?? null;
}

/** The user need not consent to this role (PRE_AUTHORIZED_ROLES_LIST; confidential clients only, as in Snowflake). */
export const preAuthorized = (i: IntegrationInfo, role: string): boolean => !isPublicClient(i) && roleList(i, 'PRE_AUTHORIZED_ROLES_LIST').includes(role);

/** The integration behind a client_id when it may be used at /oauth/* now (an enabled OAuth client, not the console's), else undefined. */
export function usableClient(catalog: Catalog, clientId: string | null): IntegrationInfo | undefined {
  if (!clientId) return undefined;
  const i = catalog.integrationByClientId(clientId);
  return i && i.type === 'OAUTH' && !isBuiltIn(i) && flag(i, 'ENABLED') ? i : undefined;
}
