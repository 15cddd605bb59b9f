/**
 * The table privileges a compiled statement needs: SELECT on every table or view it reads, and
 * on the written table (the first one resolved) what the statement does to it.
 */
import { Access } from '@/lib/access/check';
import { securables } from '@/lib/access/objects';
import type { RewriteContext } from './rewrite';

export type TableWrite = 'INSERT' | 'UPDATE' | 'DELETE' | 'TRUNCATE';

export function requireTablePrivileges(ctx: RewriteContext, writes: TableWrite[] = []): void {
  const access = Access.of(ctx.catalog, ctx.session.role);
  if (access.admin) return;
  ctx.tables.forEach((ref, i) => {
    if (ref.table.id < 0) return; // INFORMATION_SCHEMA and QUERY_HISTORY rows are already cut to the role
    const o = securables.table(ctx.catalog, ref.table);
    if (i === 0 && writes.length > 0) for (const w of writes) access.require(w, o);
    else access.require('SELECT', o);
  });
}
