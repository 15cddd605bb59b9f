/**
 * Positional column references: in Snowflake `$n` (n a number) is the n-th column of the query's
 * row source (`SELECT $1, $2 FROM VALUES (1, 'a')`, over a table or a subquery); `$name` is a
 * session variable. The reference becomes that column, kept in parentheses so that the result
 * column is still named `$n` as written.
 */
import { sqlErrors } from '../errors';
import type { Node } from '../parse';
import { queryColumns } from './derived';
import { fromStorageName, isIdent, storageName, storedIdent } from './names';
import type { RewriteContext } from './rewrite';

/** The columns a select's single FROM item offers by position; qualifier null: refer to them unqualified. */
export interface PositionalSource { qualifier: string | null; names: string[] }

/** The positional source of a rewritten FROM clause: its one item when there are no joins and its columns are known; else null. */
export function positionalSource(from: unknown, joins: unknown, ctx: RewriteContext): PositionalSource | null {
  const items = (from as { expressions?: Record<string, Record<string, unknown>>[] } | null)?.expressions ?? [];
  if (items.length !== 1 || (Array.isArray(joins) && joins.length > 0)) return null;
  const item = items[0];
  if (item.table && isIdent(item.table.alias)) {
    const stored = item.table.alias.name;
    const ref = [...ctx.tables].reverse().find((r) => storageName(r.alias) === stored);
    return ref ? { qualifier: ref.alias, names: ref.table.columns.map((c) => c.name) } : null;
  }
  if (item.subquery) {
    const cols = queryColumns(item.subquery.this, ctx);
    const alias = item.subquery.alias;
    return cols ? { qualifier: isIdent(alias) ? fromStorageName(alias.name) : null, names: cols.map((c) => c.name) } : null;
  }
  return null;
}

/** `$n` in the select being rewritten. */
export function positionalColumn(n: number, ctx: RewriteContext): Node {
  const source = ctx.positional;
  const name = source?.names[n - 1];
  if (!source || name === undefined) throw sqlErrors.invalidIdentifier(`$${n}`);
  const column = { column: { name: storedIdent(name), table: source.qualifier === null ? null : storedIdent(source.qualifier), join_mark: false, trailing_comments: [] } };
  return { paren: { this: column, trailing_comments: [] } };
}
