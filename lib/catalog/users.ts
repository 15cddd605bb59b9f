/**
 * Catalog operations on users (_floe_users). Each returns the engine steps; the caller applies
 * them through the one catalog write path (lib/statements/catalog-writes.ts).
 */
import type { SqlParam, SqlStep } from '@/lib/engine/types';
import type { UserInfo } from './catalog';
import { revokeRolesOfUser } from './roles';
import { removeTokensOf } from './tokens';

/** What CREATE USER and ALTER USER … SET / UNSET set (null: unset). */
export type UserFields = Pick<UserInfo, 'passwordHash' | 'defaultRole' | 'defaultWarehouse' | 'defaultNamespace' | 'disabled' | 'rsaPublicKey' | 'rsaPublicKey2' | 'comment'>;

const COLUMNS: Record<keyof UserFields, string> = {
  passwordHash: 'password_hash',
  defaultRole: 'default_role',
  defaultWarehouse: 'default_warehouse',
  defaultNamespace: 'default_namespace',
  disabled: 'disabled',
  rsaPublicKey: 'rsa_public_key',
  rsaPublicKey2: 'rsa_public_key_2',
  comment: 'comment',
};

/** The stored columns and values of the given fields, in their order. */
function columnsOf(fields: Partial<UserFields>): [string, SqlParam][] {
  return Object.entries(fields).map(([k, v]) => [COLUMNS[k as keyof UserFields], typeof v === 'boolean' ? (v ? 1 : 0) : (v ?? null)]);
}

/** A new user's row (fields not given take their defaults). */
export function createUser(name: string, fields: Partial<UserFields>, createdOn: number): SqlStep[] {
  const cols = columnsOf(fields);
  return [{
    sql: `INSERT INTO _floe_users(name, created_on${cols.map(([c]) => `, ${c}`).join('')}) VALUES (?, ?${', ?'.repeat(cols.length)})`,
    params: [name, createdOn, ...cols.map(([, v]) => v)],
  }];
}

/** ALTER USER … SET / UNSET. */
export function setUserProperties(name: string, fields: Partial<UserFields>): SqlStep[] {
  const cols = columnsOf(fields);
  if (cols.length === 0) return [];
  return [{ sql: `UPDATE _floe_users SET ${cols.map(([c]) => `${c} = ?`).join(', ')} WHERE name = ?`, params: [...cols.map(([, v]) => v), name] }];
}

/** DROP USER: its tokens and role grants go with it. */
export const dropUser = (name: string): SqlStep[] => [...removeTokensOf(name), ...revokeRolesOfUser(name), { sql: 'DELETE FROM _floe_users WHERE name = ?', params: [name] }];
