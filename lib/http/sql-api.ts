/**
 * Whether the SQL API answers: FLOE_SQL_API_ENABLED=false turns it off for good; ALTER ACCOUNT
 * SET SQL_API_ENABLED = FALSE until it is set back. While it is off every statement request is
 * 403, except an ALTER ACCOUNT from a user whose role is ACCOUNTADMIN (else nobody could turn it
 * back on).
 */
import { Access } from '@/lib/access/check';
import { defaultRole } from '@/lib/access/roles';
import type { Principal } from '@/lib/auth/authenticate';
import type { Floe } from '@/lib/floe';
import { httpErrors } from './errors';

export function requireSqlApi(floe: Floe, who: Principal, statement?: string): void {
  const catalog = floe.catalog();
  if (!floe.config.sqlApiEnabled) throw httpErrors.sqlApiDisabled(floe.config.account);
  if (catalog.meta.get('SQL_API_ENABLED') !== 'FALSE') return;
  const reEnabling = statement !== undefined && /^\s*ALTER\s+ACCOUNT\b/i.test(statement)
    && Access.of(catalog, defaultRole(catalog, who.user, who.roleRestriction)).admin;
  if (!reEnabling) throw httpErrors.sqlApiDisabled(floe.config.account);
}
