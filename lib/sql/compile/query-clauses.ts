/** Snowflake SELECT clauses SQLite lacks: GROUP BY ALL (before rewriting) and QUALIFY (after). */
import { asKind, makeNode, type Node, type NodeOf } from '../parse';
import { aliasNode, columnNode, EMPTY_SELECT, identifier, selectNode } from '../tree/ast';
import { isIdent, normalize, quotedIdent } from './names';
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
function substitute(node: Node, byName: Map<string, Node>): Node;
function substitute(node: unknown, byName: Map<string, Node>): unknown;
function substitute(node: unknown, byName: Map<string, Node>): unknown {
  if (!node || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map((n) => substitute(n, byName));
  const column = asKind(node, 'column');
  if (column && !column.table && isIdent(column.name) && byName.has(column.name.name)) return byName.get(column.name.name);
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, substitute(v, byName)]));
}

const QUALIFY_COLUMN = '__floe_qualify';

const columnRef = (name: string) => columnNode(quotedIdent(name));
const aliased = (e: Node, name: string) => aliasNode(e, quotedIdent(name));

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
    from: { expressions: [makeNode('subquery', { this: makeNode('select', inner), alias: quotedIdent('__floe_q'), column_aliases: [], alias_explicit_as: true, alias_keyword: 'AS', order_by: null, limit: null, offset: null, lateral: false, modifiers_inside: false, trailing_comments: [] })] },
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
export function nestedQualify(sel: NodeOf<'select'>): Node | null {
  const q = sel.qualify?.this;
  if (!q) return null;
  const items = sel.expressions;
  // A select-list alias may be used in QUALIFY: replaced by its expression (a column of that name wins).
  const byName = new Map<string, Node>();
  for (const e of items) {
    const aliased = asKind(e, 'alias');
    if (aliased && isIdent(aliased.alias)) byName.set(normalize(aliased.alias), aliased.this);
  }
  function replace(node: Node): Node;
  function replace(node: unknown): unknown;
  function replace(node: unknown): unknown {
    if (!node || typeof node !== 'object') return node;
    if (Array.isArray(node)) return node.map(replace);
    const column = asKind(node, 'column');
    const named = column && !column.table && isIdent(column.name) ? byName.get(normalize(column.name)) : undefined;
    if (named) return structuredClone(named);
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, replace(v)]));
  }
  const name = identifier(QUALIFY_NAME, true);
  const inner = { ...sel, expressions: [...items, aliased(replace(q), QUALIFY_NAME)], qualify: null, limit: null, offset: null, fetch: null };
  return selectNode({
    expressions: [makeNode('star', { table: null, except: [name], replace: null, rename: null })],
    from: { expressions: [makeNode('subquery', { this: makeNode('select', inner), alias: identifier('__FLOE_Q', true), column_aliases: [], alias_explicit_as: true, alias_keyword: 'AS', order_by: null, limit: null, offset: null, lateral: false, modifiers_inside: false, trailing_comments: [] })] },
    where_clause: { this: columnNode(name) },
    limit: sel.limit ?? null,
    offset: sel.offset ?? null,
    fetch: sel.fetch ?? null,
  });
}

