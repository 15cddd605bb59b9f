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
import { kindOf, makeNode, parseOne, toSnowflake, type Node } from '../parse';
import { EMPTY_SELECT, selectOf } from '../tree/ast';
import { findTable, isIdent, normalize, type Ident } from './names';
import { dynamicPivotValues, isDynamicIn, type PivotValue } from './pivot-values';
import type { RewriteContext } from './rewrite';

/** The alias of a PIVOT / UNPIVOT result that has none: `*` over it is expanded by alias. */
const UNNAMED = { name: '__FLOE_PIVOT', quoted: true, trailing_comments: [] };

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const exprText = (e: unknown) => toSnowflake({ select: selectOf(e) }).replace(/^SELECT\s+/i, '');

/** Snowflake names of the columns a FROM item produces; null when they cannot be known here. */
export function sourceColumns(item: Record<string, Record<string, unknown>>, ctx: RewriteContext): string[] | null {
  if (item.table) {
    const parts = [item.table.catalog, item.table.schema, item.table.name].map((x) => (isIdent(x) ? normalize(x) : null));
    if (parts[0] === null && parts[1] === null && ctx.ctes.has(parts[2]!)) return ctx.cteColumns?.get(parts[2]!)?.map((c) => c.name) ?? null;
    return findTable(ctx.catalog, ctx.session, parts)?.columns.map((c) => c.name) ?? [];
  }
  let q = item.subquery?.this as Record<string, Record<string, unknown>> | undefined;
  while (q && !q.select) q = (q.union?.left ?? q.subquery?.this ?? q.paren?.this) as typeof q;
  const names: string[] = [];
  for (const e of (q?.select?.expressions as Record<string, Record<string, unknown>>[] | undefined) ?? [{ star: {} }]) {
    if (e.alias && isIdent(e.alias.alias)) names.push(normalize(e.alias.alias));
    else if (e.column && isIdent(e.column.name)) names.push(normalize(e.column.name));
    else return null;
  }
  return names;
}

/** Column names an expression reads (unqualified parts). */
function columnsIn(node: unknown, out = new Set<string>()): Set<string> {
  if (!node || typeof node !== 'object') return out;
  const o = node as Record<string, Record<string, unknown>>;
  if (o.column && isIdent(o.column.name)) out.add(normalize(o.column.name));
  for (const v of Object.values(o)) columnsIn(v, out);
  return out;
}

/** `SELECT …` text with the FROM item `__FLOE_SRC` replaced by the source node, as a subquery item. */
export function subqueryOf(selectText: string, source: unknown, alias: unknown, columnAliases: unknown): Node {
  const root = parseOne(selectText) as Record<string, Record<string, unknown>>;
  const from = root.select.from as { expressions: Record<string, Record<string, unknown>>[] };
  from.expressions = from.expressions.map((f) => (isIdent(f.table?.name) && (f.table.name as Ident).name === '__FLOE_SRC' ? source as never : f));
  const aliases = Array.isArray(columnAliases) ? columnAliases.filter(isIdent) : [];
  if (aliases.length) {
    const items = root.select.expressions as unknown as Record<string, Record<string, unknown>>[];
    aliases.forEach((a, i) => { if (items[i]) items[i] = { alias: { this: items[i].alias ? items[i].alias.this : items[i], alias: a, column_aliases: [], alias_explicit_as: true, pre_alias_comments: [], trailing_comments: [] } }; });
  }
  return makeNode('subquery', { this: root, alias: isIdent(alias) ? alias : null, column_aliases: [], alias_explicit_as: true, order_by: null, limit: null, offset: null, lateral: false, modifiers_inside: false, trailing_comments: [] });
}

/** An IN list value as written: named by its alias, else by its text ('JAN' keeps its quotes). */
function listedValue(v: unknown): PivotValue & { aliased?: boolean } {
  const aliased = (v as { pivot_alias?: { this: Node; alias: unknown } }).pivot_alias;
  const name = (aliased?.alias as { column?: { name: Ident } } | undefined)?.column?.name ?? aliased?.alias;
  const node = (aliased?.this ?? v) as Node;
  if (aliased && isIdent(name)) return { node, name: normalize(name), quoted: false, aliased: true };
  const lit = (node as { literal?: { literal_type: string; value: string } }).literal;
  if (lit?.literal_type === 'string') return { node, name: lit.value, quoted: true };
  return { node, name: exprText(node), quoted: false };
}

/** Snowflake's name of a pivoted column: with _<AGGREGATE ALIAS> appended (inside the quotes) unless the value has an alias. */
function pivotName(v: PivotValue & { aliased?: boolean }, aggAlias: string | null): string {
  if (v.aliased) return v.name;
  const name = aggAlias === null ? v.name : `${v.name}_${aggAlias}`;
  return v.quoted ? `'${name}'` : name;
}

function pivot(v: Record<string, unknown>, ctx: RewriteContext): Node {
  const source = v.this as Record<string, Record<string, unknown>>;
  const aggs = (v.expressions as Record<string, Record<string, unknown>>[]).map((a) => (a.alias ? a.alias.this as Record<string, Record<string, unknown>> : a));
  const aggAlias = (v.expressions as Record<string, Record<string, unknown>>[])[0]?.alias?.alias;
  const field = (v.fields as { in?: { this: unknown; expressions: unknown[]; query: unknown } }[])[0]?.in;
  if (aggs.length !== 1 || !field || field.query || !field.expressions.length) throw sqlErrors.unsupported('this PIVOT form');
  const cols = sourceColumns(source, ctx);
  if (!cols) throw sqlErrors.unsupported('PIVOT over a source of unnamed columns');
  // ANY and a subquery name the columns by the data: their values come from a pre-query.
  const values = isDynamicIn(field.expressions) ? dynamicPivotValues(field, source, ctx) : field.expressions.map(listedValue);
  const used = columnsIn(aggs[0]);
  columnsIn(field.this, used);
  const others = cols.filter((c) => !used.has(c));
  const kind = kindOf(aggs[0] as Node);
  const agg = aggs[0][kind];
  const argKey = agg.this !== undefined ? 'this' : 'args';
  const arg = argKey === 'this' ? agg.this : (agg.args as unknown as unknown[])[0];
  const fallback = v.default_on_null ?? null;
  const pivoted = values.map((value) => {
    const matches = 'null' in value.node
      ? { is_null: { this: field.this, not: false, postfix_form: false } }
      : { eq: { left: field.this, right: value.node, left_comments: [], operator_comments: [], trailing_comments: [] } };
    const only = { case: { operand: null, whens: [[matches, arg]], else_: null, comments: [], inferred_type: null } };
    const call = { [kind]: { ...agg, [argKey]: argKey === 'this' ? only : [only, ...(agg.args as unknown as unknown[]).slice(1)] } };
    // DEFAULT ON NULL (x): x where the aggregate is NULL.
    const cell = fallback === null ? exprText(call) : `COALESCE(${exprText(call)}, ${exprText(fallback)})`;
    return `${cell} AS ${quote(pivotName(value, isIdent(aggAlias) ? normalize(aggAlias) : null))}`;
  });
  const keys = others.map(quote).join(', ');
  const text = `SELECT ${[...others.map(quote), ...pivoted].join(', ')} FROM __FLOE_SRC${others.length ? ` GROUP BY ${keys}` : ''}`;
  return subqueryOf(text, source, v.alias ?? UNNAMED, v.alias_columns);
}

function unpivot(v: Record<string, unknown>, ctx: RewriteContext): Node {
  const source = v.this as Record<string, Record<string, unknown>>;
  const cols = sourceColumns(source, ctx);
  if (!cols) throw sqlErrors.unsupported('UNPIVOT over a source of unnamed columns');
  const unpivoted = (v.columns as Record<string, Record<string, unknown>>[]).map((c) => (c.column && isIdent(c.column.name) ? normalize(c.column.name) : null));
  if (unpivoted.some((c) => c === null) || !isIdent(v.value_column) || !isIdent(v.name_column)) throw sqlErrors.unsupported('this UNPIVOT form');
  const names = unpivoted as string[];
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
export function pivotSubquery(k: string, v: Record<string, unknown>, ctx: RewriteContext): Node | null {
  if (k === 'pivot' && v && 'fields' in v) return pivot(v, ctx);
  if (k === 'unpivot' && v && 'value_column' in v) return unpivot(v, ctx);
  return null;
}
