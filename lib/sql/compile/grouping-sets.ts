/**
 * GROUP BY ROLLUP / CUBE / GROUPING SETS and GROUPING(…), which SQLite lacks. A select that uses
 * them becomes one branch per grouping set, as the SQL standard defines them:
 * - each branch groups by its set;
 * - in its select list and HAVING, an expression of another set (outside an aggregate) is NULL;
 * - GROUPING(a, …) is a constant: one bit per argument, 1 where the argument is not grouped.
 * The branches are joined with UNION ALL under a select that keeps DISTINCT, TOP, ORDER BY and
 * LIMIT. Rewritten before anything else (Snowflake AST in, Snowflake AST out).
 */
import { sqlErrors } from '../errors';
import { asKind, makeNode, type Node, type NodeOf } from '../parse';
import { aliasNode, columnNode, identifier, lit, selectNode } from '../tree/ast';
import { isIdent, normalize } from './names';
import { isAggregateNode, itemExpression } from './query-clauses';

/** More branches than this is a mistake (CUBE of 9 expressions already makes 512). */
const MAX_SETS = 256;
const CONSTRUCTS = new Set(['ROLLUP', 'CUBE', 'GROUPING SETS']);
const GROUPING_FUNCTIONS = new Set(['GROUPING', 'GROUPING_ID']);

const functionOf = (e: unknown): { name: string; args: Node[] } | null => {
  const f = asKind(e, 'function');
  return f && typeof f.name === 'string' ? { name: f.name.toUpperCase(), args: f.args ?? [] } : null;
};

/** Equal expressions, ignoring positions and comments; a column named with and without its table is the same. */
const keyOf = (e: unknown): string => JSON.stringify(e, (k, v: unknown) => {
  if (k === 'span' || k === 'trailing_comments' || k === 'leading_comments') return undefined;
  const col = asKind(v, 'column');
  if (col && isIdent(col.name)) return { column: normalize(col.name) };
  return v;
});

/** The grouping sets of one GROUP BY item, each a list of expressions. */
function setsOfItem(item: Node): Node[][] {
  const f = functionOf(item);
  if (!f || !CONSTRUCTS.has(f.name)) return [[item]];
  const members = (a: Node): Node[] => asKind(a, 'tuple')?.expressions ?? [a];
  if (f.name === 'ROLLUP') return f.args.map((_, i) => f.args.slice(0, f.args.length - i)).concat([[]]);
  if (f.name === 'CUBE') {
    if (f.args.length > Math.log2(MAX_SETS)) throw sqlErrors.unsupported(`CUBE of more than ${Math.log2(MAX_SETS)} expressions`);
    const n = f.args.length;
    return Array.from({ length: 2 ** n }, (_, m) => f.args.filter((_a, i) => ((2 ** n - 1 - m) >> (n - 1 - i)) & 1));
  }
  return f.args.map((a) => {
    if (functionOf(a) && CONSTRUCTS.has(functionOf(a)!.name)) throw sqlErrors.unsupported(`${functionOf(a)!.name} inside GROUPING SETS`);
    return members(a);
  });
}

/** Every combination of one set per GROUP BY item. */
function groupingSets(items: Node[]): Node[][] {
  let sets: Node[][] = [[]];
  for (const item of items) {
    const choices = setsOfItem(item);
    sets = sets.flatMap((s) => choices.map((c) => [...s, ...c]));
    if (sets.length > MAX_SETS) throw sqlErrors.unsupported(`more than ${MAX_SETS} grouping sets`);
  }
  return sets;
}

function uses(node: unknown, test: (o: object) => boolean): boolean {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some((n) => uses(n, test));
  return test(node) || Object.values(node).some((v) => uses(v, test));
}

const isGroupingCall = (o: object) => GROUPING_FUNCTIONS.has(functionOf(o)?.name ?? '');

/** An item or HAVING condition for one set: other sets' expressions NULL, GROUPING(…) its value there. */
function forSet(node: Node, grouped: Set<string>, all: Set<string>): Node;
function forSet(node: unknown, grouped: Set<string>, all: Set<string>): unknown;
function forSet(node: unknown, grouped: Set<string>, all: Set<string>): unknown {
  if (!node || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map((n) => forSet(n, grouped, all));
  if (isAggregateNode(node)) return node;
  const f = functionOf(node);
  if (f && GROUPING_FUNCTIONS.has(f.name)) {
    if (f.args.length === 0) throw sqlErrors.invalidValue(`${f.name} needs at least one argument`);
    return lit(f.args.reduce((bits, a) => {
      if (!all.has(keyOf(a))) throw sqlErrors.invalidValue(`${f.name} argument is not a GROUP BY expression`);
      return bits * 2 + (grouped.has(keyOf(a)) ? 0 : 1);
    }, 0));
  }
  const k = keyOf(node);
  if (all.has(k) && !grouped.has(k)) return lit(null);
  return Object.fromEntries(Object.entries(node).map(([key, v]) => [key, forSet(v, grouped, all)]));
}

const ident = (name: string) => identifier(name, true);
const aliased = (e: Node, name: string) => aliasNode(e, ident(name));
const column = (name: string) => columnNode(ident(name));
/** The union's columns have names of their own: the result's may repeat (SELECT A, A). */
const columnName = (i: number) => `_floe_g${i + 1}`;
const unionAll = (left: Node, right: Node): Node =>
  makeNode('union', { left, right, all: true, distinct: false, with: null, order_by: null, limit: null, offset: null, by_name: false, corresponding: false, strict: false });

/**
 * The select without ROLLUP / CUBE / GROUPING SETS / GROUPING, or null when it uses none.
 * `nameItems`: the result column names of its items (asked only when it uses them).
 */
export function expandGroupingSets(sel: NodeOf<'select'>, nameItems: () => string[]): Node | null {
  // GROUPING(…) needs a GROUP BY too: most selects are done here, before any walk.
  if (!sel.group_by) return null;
  const items = sel.group_by.expressions ?? [];
  const constructs = items.some((e) => CONSTRUCTS.has(functionOf(e)?.name ?? ''));
  if (!constructs && !uses([sel.expressions, sel.having], isGroupingCall)) return null;
  const names = nameItems();
  if (uses([sel.expressions, sel.qualify], (o) => 'window_function' in o)) throw sqlErrors.unsupported('window functions with ROLLUP, CUBE, GROUPING SETS or GROUPING');
  // The widest set first: the branch that types the result's columns has them all.
  const sets = groupingSets(items).map((s, i) => ({ s, i })).sort((a, b) => b.s.length - a.s.length || a.i - b.i).map((x) => x.s);
  const all = new Set(sets.flat().map(keyOf));
  const selectItems = sel.expressions;
  const branches = sets.map((set): Node => {
    const grouped = new Set(set.map(keyOf));
    return selectNode({
        from: sel.from, joins: sel.joins, lateral_views: sel.lateral_views, where_clause: sel.where_clause,
        expressions: selectItems.map((e, i) => aliased(forSet(itemExpression(e), grouped, all), columnName(i))),
        group_by: set.length > 0 ? { expressions: set, all: null, totals: false } : null,
        having: sel.having ? { ...sel.having, this: forSet(sel.having.this, grouped, all) } : null,
    });
  });
  const union = branches.reduce((acc, b) => unionAll(acc, b));
  // ORDER BY an item's expression or alias sorts by that column of the union.
  const original = selectItems.map((e) => keyOf(itemExpression(e)));
  const order = sel.order_by;
  const orderBy = order && {
    ...order,
    expressions: order.expressions.map((o) => {
      const c = asKind(o.this, 'column');
      const named = c && !c.table && isIdent(c.name) ? names.indexOf(normalize(c.name)) : -1;
      const at = named >= 0 ? named : original.indexOf(keyOf(o.this));
      return at >= 0 ? { ...o, this: column(columnName(at)) } : o;
    }),
  };
  return selectNode({
      expressions: names.map((n, i) => aliased(column(columnName(i)), n)),
      from: { expressions: [makeNode('subquery', { this: union, alias: ident('_floe_grouping_sets'), column_aliases: [], alias_explicit_as: true, alias_keyword: 'AS', order_by: null, limit: null, offset: null, lateral: false, modifiers_inside: false, trailing_comments: [] })] },
      with: sel.with, distinct: sel.distinct, top: sel.top, order_by: orderBy, limit: sel.limit, offset: sel.offset, fetch: sel.fetch,
  });
}
