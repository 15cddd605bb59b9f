/**
 * PIVOT and UNPIVOT in FROM, as the Snowflake subqueries they stand for (then rewritten like any):
 *   t PIVOT(SUM(x) FOR k IN ('A', 'B'))  →  SELECT <others>, SUM(CASE WHEN k = 'A' THEN x END) AS "'A'", … FROM t GROUP BY <others>
 *   t UNPIVOT(v FOR k IN (a, b))         →  SELECT <others>, u.k, CASE u.k WHEN 'A' THEN a … END AS v
 *                                            FROM t, (SELECT 'A' AS k UNION ALL …) u WHERE v IS NOT NULL
 * (DEFAULT ON NULL (x) wraps each pivoted aggregate in COALESCE; UNPIVOT INCLUDE NULLS drops the WHERE.)
 * <others> are the source's columns the operator does not consume, so the source's columns must be
 * known: a table, a CTE or a subquery whose select items are all named. IN (ANY …) and IN (<subquery>)
 * take their values from the data (pivot-values.ts).
 */
import { sqlErrors } from '../errors';
import { asKind, expectKind, kindOf, makeNode, parseOne, payloadOf, rebuildNode, toSnowflake, type Node, type NodeOf } from '../parse';
import { aliasNode, identifier, isNull, operator, selectOf, subqueryNode, type Identifier } from '../tree/ast';
import { findTable, isIdent, normalize } from './names';
import { dynamicPivotValues, isDynamicIn, type PivotValue } from './pivot-values';
import type { RewriteContext } from './rewrite';

/** The alias of a PIVOT / UNPIVOT result that has none: `*` over it is expanded by alias. */
const UNNAMED = identifier('__FLOE_PIVOT', true);

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const exprText = (e: Node) => toSnowflake(makeNode('select', selectOf(e))).replace(/^SELECT\s+/i, '');

/** Snowflake names of the columns a FROM item produces; null when they cannot be known here. */
export function sourceColumns(item: unknown, ctx: RewriteContext): string[] | null {
  const table = asKind(item, 'table');
  if (table) {
    const parts = [table.catalog, table.schema, table.name].map((x) => (isIdent(x) ? normalize(x) : null));
    if (parts[0] === null && parts[1] === null && ctx.ctes.has(parts[2]!)) return ctx.cteColumns?.get(parts[2]!)?.map((c) => c.name) ?? null;
    return findTable(ctx.catalog, ctx.session, parts)?.columns.map((c) => c.name) ?? [];
  }
  // The subquery's select, or the first branch of its UNION.
  let q: Node | undefined = asKind(item, 'subquery')?.this;
  while (q && !asKind(q, 'select')) q = asKind(q, 'union')?.left ?? asKind(q, 'subquery')?.this ?? asKind(q, 'paren')?.this;
  const select = asKind(q, 'select');
  if (!select) return null;
  const names: string[] = [];
  for (const e of select.expressions) {
    const aliased = asKind(e, 'alias');
    const column = asKind(e, 'column');
    if (aliased && isIdent(aliased.alias)) names.push(normalize(aliased.alias));
    else if (column && isIdent(column.name)) names.push(normalize(column.name));
    else return null;
  }
  return names;
}

/** Column names an expression reads (unqualified parts). */
function columnsIn(node: unknown, out = new Set<string>()): Set<string> {
  if (!node || typeof node !== 'object') return out;
  const column = asKind(node, 'column');
  if (column && isIdent(column.name)) out.add(normalize(column.name));
  for (const v of Object.values(node)) columnsIn(v, out);
  return out;
}

/** `SELECT …` text with the FROM item `__FLOE_SRC` replaced by the source node, as a subquery item. */
export function subqueryOf(selectText: string, source: Node, alias: unknown, columnAliases: Identifier[] | null | undefined): Node {
  const root = parseOne(selectText);
  const select = expectKind(root, 'select');
  if (select.from) select.from.expressions = select.from.expressions.map((f) => (asKind(f, 'table')?.name.name === '__FLOE_SRC' ? source : f));
  const aliases = Array.isArray(columnAliases) ? columnAliases.filter(isIdent) : [];
  const items = select.expressions;
  aliases.forEach((a, i) => { if (items[i]) items[i] = aliasNode(asKind(items[i], 'alias')?.this ?? items[i], a); });
  return subqueryNode(root, isIdent(alias) ? { trailing_comments: [], ...alias } : null);
}

/** An IN list value as written: named by its alias, else by its text ('JAN' keeps its quotes). */
function listedValue(v: Node): PivotValue & { aliased?: boolean } {
  const aliased = asKind(v, 'pivot_alias');
  const name = asKind(aliased?.alias, 'column')?.name ?? aliased?.alias;
  const node = aliased?.this ?? v;
  if (aliased && isIdent(name)) return { node, name: normalize(name), quoted: false, aliased: true };
  const lit = asKind(node, 'literal');
  if (lit?.literal_type === 'string') return { node, name: lit.value, quoted: true };
  return { node, name: exprText(node), quoted: false };
}

/** Snowflake's name of a pivoted column: with _<AGGREGATE ALIAS> appended (inside the quotes) unless the value has an alias. */
function pivotName(v: PivotValue & { aliased?: boolean }, aggAlias: string | null): string {
  if (v.aliased) return v.name;
  const name = aggAlias === null ? v.name : `${v.name}_${aggAlias}`;
  return v.quoted ? `'${name}'` : name;
}

function pivot(v: NodeOf<'pivot'>, ctx: RewriteContext): Node {
  const source = v.this;
  const aggs = v.expressions.map((a) => asKind(a, 'alias')?.this ?? a);
  const aggAlias = asKind(v.expressions[0], 'alias')?.alias;
  const field = asKind(v.fields[0], 'in');
  if (aggs.length !== 1 || !field || field.query || !field.expressions.length) throw sqlErrors.unsupported('this PIVOT form');
  const cols = sourceColumns(source, ctx);
  if (!cols) throw sqlErrors.unsupported('PIVOT over a source of unnamed columns');
  // ANY and a subquery name the columns by the data: their values come from a pre-query.
  const values = isDynamicIn(field.expressions) ? dynamicPivotValues(field, source, ctx) : field.expressions.map(listedValue);
  const used = columnsIn(aggs[0]);
  columnsIn(field.this, used);
  const others = cols.filter((c) => !used.has(c));
  // Any aggregate: its argument is `this` (SUM, COUNT …) or the first of `args` (a named aggregate).
  const kind = kindOf(aggs[0]);
  const agg = payloadOf(aggs[0]);
  const argKey = agg.this !== undefined ? 'this' : 'args';
  const args: unknown[] = Array.isArray(agg.args) ? agg.args : [];
  const arg = argKey === 'this' ? agg.this : args[0];
  const fallback = v.default_on_null ?? null;
  const pivoted = values.map((value) => {
    const matches = 'null' in value.node ? isNull(field.this) : operator('eq', field.this, value.node);
    const only = { case: { operand: null, whens: [[matches, arg]], else_: null, comments: [], inferred_type: null } };
    const call = rebuildNode(kind, { ...agg, [argKey]: argKey === 'this' ? only : [only, ...args.slice(1)] });
    // DEFAULT ON NULL (x): x where the aggregate is NULL.
    const cell = fallback === null ? exprText(call) : `COALESCE(${exprText(call)}, ${exprText(fallback)})`;
    return `${cell} AS ${quote(pivotName(value, isIdent(aggAlias) ? normalize(aggAlias) : null))}`;
  });
  const keys = others.map(quote).join(', ');
  const text = `SELECT ${[...others.map(quote), ...pivoted].join(', ')} FROM __FLOE_SRC${others.length ? ` GROUP BY ${keys}` : ''}`;
  return subqueryOf(text, source, v.alias ?? UNNAMED, v.alias_columns);
}

function unpivot(v: NodeOf<'unpivot'>, ctx: RewriteContext): Node {
  const source = v.this;
  const cols = sourceColumns(source, ctx);
  if (!cols) throw sqlErrors.unsupported('UNPIVOT over a source of unnamed columns');
  const unpivoted = v.columns.map((c) => { const col = asKind(c, 'column'); return col && isIdent(col.name) ? normalize(col.name) : null; });
  if (unpivoted.some((c) => c === null) || !isIdent(v.value_column) || !isIdent(v.name_column)) throw sqlErrors.unsupported('this UNPIVOT form');
  const names = unpivoted.filter((c) => c !== null);
  const [valueCol, nameCol] = [normalize(v.value_column), normalize(v.name_column)];
  const others = cols.filter((c) => !names.includes(c));
  const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
  const pick = `CASE __floe_u.${quote(nameCol)} ${names.map((n) => `WHEN ${lit(n)} THEN ${quote(n)}`).join(' ')} END`;
  const keys = `(${names.map((n) => `SELECT ${lit(n)} AS ${quote(nameCol)}`).join(' UNION ALL ')})`;
  // EXCLUDE NULLS (the default) drops the rows whose value is NULL; INCLUDE NULLS keeps them.
  const where = v.include_nulls === true ? '' : ` WHERE ${pick} IS NOT NULL`;
  const text = `SELECT ${[...others.map(quote), `__floe_u.${quote(nameCol)}`, `${pick} AS ${quote(valueCol)}`].join(', ')} FROM __FLOE_SRC, ${keys} AS __floe_u${where}`;
  return subqueryOf(text, source, v.alias ?? UNNAMED, null);
}

/** A FROM item that is PIVOT or UNPIVOT, as its Snowflake subquery (not yet rewritten); else null. */
export function pivotSubquery(node: Node, ctx: RewriteContext): Node | null {
  const p = asKind(node, 'pivot');
  if (p && 'fields' in p) return pivot(p, ctx);
  const u = asKind(node, 'unpivot');
  if (u && 'value_column' in u) return unpivot(u, ctx);
  return null;
}
