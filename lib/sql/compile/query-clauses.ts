/** Snowflake SELECT clauses SQLite lacks: GROUP BY ALL (before rewriting) and QUALIFY (after). */
import { asKind, makeNode, type Node, type NodeOf } from '../parse';
import { EMPTY_SELECT } from '../tree/ast';
import { isIdent, normalize, quotedIdent, type Ident } from './names';
import { aggregateCallNames } from '../functions';

/** Node kinds that aggregate (outside a window function). */
const AGGREGATES = new Set([
  'count', 'sum', 'avg', 'min', 'max', 'count_if', 'median', 'mode', 'stddev', 'stddev_samp', 'stddev_pop', 'variance',
  'var_samp', 'var_pop', 'list_agg', 'array_agg', 'aggregate_function', 'within_group', 'approx_count_distinct', 'any_value',
]);

/** An aggregate call: a node of an aggregate kind, or a plain call of an aggregate by name. */
export function isAggregateNode(o: object): boolean {
  const keys = Object.keys(o);
  if (keys.length !== 1) return false;
  if (AGGREGATES.has(keys[0])) return true;
  const name = asKind(o, 'function')?.name;
  return typeof name === 'string' && aggregateCallNames.has(name.toUpperCase());
}

function aggregates(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(aggregates);
  if (asKind(node, 'window_function')) return false;
  if (isAggregateNode(node)) return true;
  return Object.values(node).some(aggregates);
}

/** A select item's expression (the aliased one, for `expr AS name`). */
export const itemExpression = (e: Node): Node => asKind(e, 'alias')?.this ?? e;

/** GROUP BY ALL groups by every select item that is not an aggregate. */
export function expandGroupByAll(sel: NodeOf<'select'>): void {
  const g = sel.group_by;
  if (!g?.all) return;
  sel.group_by = { ...g, all: null, expressions: sel.expressions.map(itemExpression).filter((e) => !aggregates(e)) };
}

/** Replaces references to select-list aliases by the aliased expressions (QUALIFY may use them). */
function substitute(node: unknown, byName: Map<string, unknown>): unknown {
  if (!node || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map((n) => substitute(n, byName));
  const column = asKind(node, 'column');
  if (column && !column.table && isIdent(column.name) && byName.has(column.name.name)) return byName.get(column.name.name);
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, substitute(v, byName)]));
}

const QUALIFY_COLUMN = '__floe_qualify';

const columnRef = (name: string) => makeNode('column', { name: quotedIdent(name), table: null, join_mark: false, trailing_comments: [] });
const aliased = (e: unknown, name: string) => makeNode('alias', { this: e, alias: quotedIdent(name), column_aliases: [], alias_explicit_as: true, pre_alias_comments: [], trailing_comments: [] });

/**
 * QUALIFY: the select (its items already named) becomes a subquery with the condition as one
 * more column, filtered by the outer select, which keeps the names and LIMIT.
 */
export function applyQualify(sel: NodeOf<'select'>, names: string[]): void {
  const q = sel.qualify?.this;
  if (!q) return;
  const items = sel.expressions;
  const byName = new Map(items.map((e, i) => [names[i], itemExpression(e)]));
  const inner = { ...sel, expressions: [...items, aliased(substitute(q, byName), QUALIFY_COLUMN)], qualify: null, limit: null, offset: null, fetch: null };
  const outer = {
    ...EMPTY_SELECT,
    expressions: names.map(columnRef),
    from: { expressions: [{ subquery: { this: { select: inner }, alias: quotedIdent('__floe_q'), column_aliases: [], alias_explicit_as: true, alias_keyword: 'AS', order_by: null, limit: null, offset: null, lateral: false, modifiers_inside: false, trailing_comments: [] } }] },
    where_clause: { this: columnRef(QUALIFY_COLUMN) },
    limit: sel.limit ?? null,
    offset: sel.offset ?? null,
    fetch: sel.fetch ?? null,
  };
  for (const k of Object.keys(sel)) delete (sel as Record<string, unknown>)[k];
  Object.assign(sel, outer);
}

const QUALIFY_NAME = '__FLOE_QUALIFY';

/**
 * QUALIFY of a nested select (a subquery, CTE or view body), before rewriting: the select with
 * the condition as one more column becomes the FROM of `SELECT * EXCLUDE (that column) … WHERE
 * it`, so the subquery keeps its columns. (The statement's own QUALIFY is applyQualify's.)
 */
export function nestedQualify(sel: Record<string, unknown>): Record<string, unknown> | null {
  const q = (sel.qualify as { this?: unknown } | null)?.this;
  if (!q) return null;
  const items = sel.expressions as Record<string, Record<string, unknown>>[];
  // A select-list alias may be used in QUALIFY: replaced by its expression (a column of that name wins).
  const byName = new Map(items.filter((e) => e.alias && isIdent(e.alias.alias)).map((e) => [normalize(e.alias.alias as Ident), e.alias.this]));
  const replace = (node: unknown): unknown => {
    if (!node || typeof node !== 'object') return node;
    if (Array.isArray(node)) return node.map(replace);
    const o = node as Record<string, Record<string, unknown>>;
    if (o.column && !o.column.table && isIdent(o.column.name) && byName.has(normalize(o.column.name))) return structuredClone(byName.get(normalize(o.column.name)));
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, replace(v)]));
  };
  const name = { name: QUALIFY_NAME, quoted: true, trailing_comments: [] };
  const inner = { ...sel, expressions: [...items, aliased(replace(q), QUALIFY_NAME)], qualify: null, limit: null, offset: null, fetch: null };
  return {
    select: {
      ...EMPTY_SELECT,
      expressions: [{ star: { table: null, except: [name], replace: null, rename: null } }],
      from: { expressions: [{ subquery: { this: { select: inner }, alias: { name: '__FLOE_Q', quoted: true, trailing_comments: [] }, column_aliases: [], alias_explicit_as: true, alias_keyword: 'AS', order_by: null, limit: null, offset: null, lateral: false, modifiers_inside: false, trailing_comments: [] } }] },
      where_clause: { this: { column: { name, table: null, join_mark: false, trailing_comments: [] } } },
      limit: sel.limit ?? null,
      offset: sel.offset ?? null,
      fetch: sel.fetch ?? null,
    },
  };
}

