/**
 * Derived tables (FROM subqueries, CTEs, row functions) as typed scopes: their columns' types are
 * inferred once their select is rewritten, so that expressions over them (`v:a::string`, ARRAY_AGG
 * of a VARIANT) know what they read.
 */
import type { TableInfo } from '@/lib/catalog/catalog';
import { asKind, kindOf, type Node } from '../parse';
import type { SfType } from '../types';
import { firstSelect } from '../tree/ast';
import { infer } from './infer';
import { fromStorageName } from './names';
import type { RewriteContext } from './rewrite';

export interface DerivedColumn { name: string; type: SfType | null; nullable: boolean }

/** A table-like scope that is not in the catalog. */
export function derivedTable(name: string, columns: DerivedColumn[]): TableInfo {
  return {
    id: -1, schemaId: -1, name, kind: 'VIEW', owner: null, comment: null, createdOn: 0, text: null, lifetime: 'PERMANENT', sessionId: null,
    columns: columns.map((c) => ({ name: c.name, type: c.type?.text ?? '', nullable: c.nullable, defaultSql: null, comment: null })),
  };
}


/**
 * The columns of a rewritten query when each of its select items has a name of its own (an alias
 * or a plain column); null otherwise (a star, an unnamed expression): the scope stays untyped.
 */
export function queryColumns(query: unknown, ctx: RewriteContext): DerivedColumn[] | null {
  const sel = firstSelect(query);
  if (!sel) return null;
  const out: DerivedColumn[] = [];
  for (const e of sel.expressions ?? []) {
    const name = (asKind(e, 'alias')?.alias ?? asKind(e, 'column')?.name)?.name;
    if (name === undefined) return null;
    const t = infer(e, ctx);
    out.push({ name: fromStorageName(name), type: t.type, nullable: t.nullable });
  }
  return out;
}

/** Registers a rewritten FROM subquery under its alias (storage form) when its columns are all named. */
export function registerDerived(storedAlias: string, query: unknown, ctx: RewriteContext): void {
  const alias = fromStorageName(storedAlias);
  const cols = queryColumns(query, ctx);
  if (cols) ctx.tables.push({ alias, table: derivedTable(alias, cols), database: '', schema: '', derived: true, select: firstSelect(query) ?? undefined });
}
