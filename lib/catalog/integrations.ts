/**
 * Catalog operations on security integrations (_floe_integrations): an OAuth client's settings
 * as one JSON object, no secret (derived from the server key, client_id and generation). Each
 * returns the engine steps; the caller applies them through the one catalog write path
 * (lib/statements/catalog-writes.ts).
 */
import type { SqlStep } from '@/lib/engine/types';
import type { IntegrationInfo } from './catalog';
import { removeClientTokens } from './tokens';

const INSERT = 'INSERT INTO _floe_integrations(name, type, client_id, properties, secret_generation, secret_generation_2, owner, comment, created_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)';
const rowOf = (i: IntegrationInfo) => [i.name, i.type, i.clientId, JSON.stringify(i.properties), i.secretGenerations[0], i.secretGenerations[1], i.owner, i.comment, i.createdOn];

/** Stores an integration's row, replacing any of that name (ALTER … SET / UNSET / REFRESH). */
export function upsertIntegration(i: IntegrationInfo): SqlStep[] {
  return [{ sql: 'DELETE FROM _floe_integrations WHERE name = ?', params: [i.name] }, { sql: INSERT, params: rowOf(i) }];
}

/** CREATE [OR REPLACE]: a replaced integration is a new client, so the tokens of the one it replaces end. */
export const createIntegration = (i: IntegrationInfo, replaced?: IntegrationInfo): SqlStep[] =>
  [...(replaced ? removeClientTokens(replaced.clientId) : []), ...upsertIntegration(i)];

/** A built-in integration, created when the data dir has none of that name (or of its client_id). */
export const createIntegrationIfMissing = (i: IntegrationInfo): SqlStep[] => [{ sql: `${INSERT} ON CONFLICT DO NOTHING`, params: rowOf(i) }];

/** DROP INTEGRATION: what its client was given (access and refresh tokens) ends with it. */
export const dropIntegration = (i: IntegrationInfo): SqlStep[] => [...removeClientTokens(i.clientId), { sql: 'DELETE FROM _floe_integrations WHERE name = ?', params: [i.name] }];
