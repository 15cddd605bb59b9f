/**
 * Positional column references: in Snowflake `$n` (n a number) is the n-th column of the query's
 * row source (`SELECT $1, $2 FROM VALUES (1, 'a')`, over a table or a subquery); `$name` is a
 * session variable. The reference becomes that column, kept in parentheses so that the result
 * column is still named `$n` as written.
 *
 * SQLite reads a subquery's columns by name only, and a subquery may repeat one
 * (`SELECT 1 AS a, 2 AS a`, a stored result read by RESULT_SCAN): a column whose name an earlier
 * one already has is then given a name of its own in the generated SQL when `$n` or `*` reads it.
 */
import { sqlErrors } from '../errors';
import { asKind, type Node, type NodeOf } from '../parse';
import { parseTypeName } from '../types';
import { aliasNode, columnNode, firstSelect, paren } from '../tree/ast';
import { derivedTable, queryColumns } from './derived';
import { fromStorageName, storageName, storedIdent } from './names';
import type { RewriteContext, TableRef, TypeStamp } from './rewrite';

/**
 * The columns a select's single FROM item offers by position; qualifier null: refer to them
 * unqualified. ref: the item's scope, when its columns can be read by position.
 */
export interface PositionalSource { qualifier: string | null; names: string[]; ref?: TableRef }

/**
 * The positional source of a rewritten FROM clause: its one item when there are no joins and its
 * columns are known; else null. mark: ctx.tables' length before the FROM clause was rewritten.
 */
export function positionalSource(from: unknown, joins: unknown, ctx: RewriteContext, mark: number): PositionalSource | null {
  const items = isFrom(from) ? from.expressions : [];
  if (items.length !== 1 || (Array.isArray(joins) && joins.length > 0)) return null;
  const table = asKind(items[0], 'table');
  const subquery = asKind(items[0], 'subquery');
  if (table?.alias) {
    const stored = table.alias.name;
    const ref = [...ctx.tables].reverse().find((r) => storageName(r.alias) === stored);
    return ref ? { qualifier: ref.alias, names: ref.table.columns.map((c) => c.name) } : null;
  }
  if (subquery) {
    const cols = queryColumns(subquery.this, ctx);
    if (!cols) return null;
    const qualifier = subquery.alias ? fromStorageName(subquery.alias.name) : null;
    // The item's own scope (a RESULT_SCAN's declared types come before its subquery's inferred ones).
    // (A VALUES source is in no scope: its columns as its select types them.)
    const ref = ctx.tables.slice(mark).find((r) => r.select && r.alias === (qualifier ?? '') && !ctx.innerRefs?.has(r) && r.table.columns.length === cols.length)
      ?? { alias: qualifier ?? '', table: derivedTable(qualifier ?? '', cols), database: '', schema: '', derived: true, select: firstSelect(subquery.this) ?? undefined };
    return { qualifier, names: cols.map((c) => c.name), ref };
  }
  return null;
}

/** `$n` in the select being rewritten. */
export function positionalColumn(n: number, ctx: RewriteContext): Node {
  const source = ctx.positional;
  const name = source?.names[n - 1];
  if (!source || name === undefined) throw sqlErrors.invalidIdentifier(`$${n}`);
  const column = source.ref ? columnAt(source.ref, n - 1, ctx.typed) : storedColumn(name, source.qualifier);
  return paren(column);
}

const storedColumn = (name: string, qualifier: string | null) =>
  columnNode(storedIdent(name), qualifier === null || qualifier === '' ? null : storedIdent(qualifier));

/** A rewritten select's FROM clause. */
const isFrom = (v: unknown): v is NodeOf<'from'> => !!v && typeof v === 'object' && 'expressions' in v && Array.isArray(v.expressions);

/** Position-unique names given to a subquery's columns, by its select and position. */
const ownNames = new WeakMap<object, Map<number, string>>();

/**
 * Column i (0-based) of a scope, as a column reference: by its name, or, when an earlier column
 * has the same name and the scope is a subquery, by a name of its own given to that column of the
 * subquery's select (typed as the scope's column, which no name lookup would find).
 */
export function columnAt(ref: TableRef, i: number, typed: WeakMap<object, TypeStamp>): Node {
  const cols = ref.table.columns;
  const name = cols[i].name;
  const select = ref.select;
  const items = select?.expressions;
  if (!select || !items?.[i] || cols.findIndex((c) => c.name === name) === i) return storedColumn(name, ref.alias);
  const given = ownNames.get(select) ?? new Map<number, string>();
  ownNames.set(select, given);
  let own = given.get(i);
  if (own === undefined) {
    own = `$${i + 1} ${name}`;
    for (let k = 2; cols.some((c) => c.name === own); k++) own = `$${i + 1}.${k} ${name}`;
    const alias = storedIdent(own);
    const item = items[i];
    const aliased = asKind(item, 'alias');
    if (aliased) aliased.alias = alias;
    else items[i] = aliasNode(item, alias);
    given.set(i, own);
  }
  const node = storedColumn(own, ref.alias);
  const col = cols[i];
  typed.set(node, () => ({ type: parseTypeName(col.type), nullable: col.nullable }));
  return node;
}
