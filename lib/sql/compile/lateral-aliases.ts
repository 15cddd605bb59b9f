/**
 * Lateral column aliases: a select item may name an earlier item's alias (`SELECT a + 1 AS b,
 * b * 2 FROM t`), and WHERE, GROUP BY, HAVING, QUALIFY and ORDER BY may name any item's alias.
 * Engines resolve few of these (SQLite some, PostgreSQL only a bare name in GROUP BY and ORDER BY),
 * so such a name is replaced by the aliased expression before the clauses are rewritten, the same
 * for every engine. A column of the FROM items with that name wins, as in Snowflake. Window
 * functions run after the other items, so one may also name a later item's alias
 * (`SELECT ROW_NUMBER() OVER (ORDER BY b), a + 1 AS b FROM t`) unless that item holds a window too.
 */
import { asKind, type Node } from '../parse';
import { isIdent, normalize, storageName } from './names';
import type { TableRef } from './rewrite';

/** Kinds whose names are their own scope (a subquery's select list is its own). */
const OWN_SCOPE = new Set(['subquery', 'select', 'exists']);

/**
 * The node with what `replace` answers for its nodes put in (copy on write: the node itself when
 * nothing is replaced); other scopes are left alone, and a replaced node is not walked further.
 */
function rewrite(node: unknown, replace: (n: object) => unknown): unknown {
  if (!node || typeof node !== 'object') return node;
  if (Array.isArray(node)) {
    const out = node.map((n) => rewrite(n, replace));
    return out.some((n, i) => n !== node[i]) ? out : node;
  }
  const keys = Object.keys(node);
  if (keys.length === 1 && OWN_SCOPE.has(keys[0])) return node;
  const replaced = replace(node);
  if (replaced !== undefined) return replaced;
  let out: Record<string, unknown> | null = null;
  for (const [k, v] of Object.entries(node)) {
    const w = rewrite(v, replace);
    if (w !== v) (out ??= { ...node })[k] = w;
  }
  return out ?? node;
}

/** The node with alias names replaced; the node itself when it names none. */
function substitute(node: unknown, aliases: Map<string, Node>): unknown {
  return rewrite(node, (n) => {
    const col = asKind(n, 'column');
    if (!col || col.table || !isIdent(col.name)) return undefined;
    const hit = aliases.get(normalize(col.name));
    return hit === undefined ? n : structuredClone(hit);
  });
}

/** Whether a node holds a window function of its own scope. */
function hasWindow(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(hasWindow);
  const keys = Object.keys(node);
  if (keys.length === 1 && OWN_SCOPE.has(keys[0])) return false;
  if (asKind(node, 'window_function')) return true;
  return Object.values(node).some(hasWindow);
}

/** The node with alias names replaced inside its window functions only. */
function substituteInWindows(node: unknown, aliases: Map<string, Node>): unknown {
  return rewrite(node, (n) => (asKind(n, 'window_function') ? substitute(n, aliases) : undefined));
}

const scopeColumns = (scope: TableRef[]) => new Set(scope.flatMap((r) => r.table.columns.map((c) => storageName(c.name))));

/** The select items with earlier aliases spelled out in later items; `scope`: the select's FROM items. */
export function expandLateralAliases(items: unknown, scope: TableRef[]): unknown {
  if (!Array.isArray(items) || items.length < 2) return items;
  const columns = scopeColumns(scope);
  const aliases = new Map<string, Node>();
  let changed = false;
  const out = items.map((item: unknown) => {
    const next = aliases.size > 0 ? substitute(item, aliases) : item;
    if (next !== item) changed = true;
    const a = asKind(next, 'alias');
    if (a && isIdent(a.alias)) {
      const name = normalize(a.alias);
      if (!columns.has(storageName(name))) aliases.set(name, a.this);
    }
    return next;
  });
  // Then the names left in window functions: any item's alias whose expression holds no window.
  const later = new Map<string, Node>();
  for (const item of out) {
    const a = asKind(item, 'alias');
    if (a && isIdent(a.alias) && !columns.has(storageName(normalize(a.alias))) && !hasWindow(a.this)) later.set(normalize(a.alias), a.this);
  }
  const windowed = later.size > 0 ? out.map((item) => (hasWindow(item) ? substituteInWindows(item, later) : item)) : out;
  return changed || windowed.some((n, i) => n !== out[i]) ? windowed : items;
}

/** The clauses of a select that may name a select-list alias. */
const ALIAS_CLAUSES = new Set(['where_clause', 'group_by', 'having', 'qualify', 'order_by']);

/**
 * A clause of a select with the select list's aliases spelled out (`selectItems`: the select
 * list, its lateral aliases already expanded; `scope`: its FROM items). A bare name as a whole ORDER
 * BY or GROUP BY item is left to the engines, which take it for the result column as Snowflake
 * does (spelled out, a literal would become a position).
 */
export function expandClauseAliases(clause: string, value: unknown, selectItems: () => unknown, scope: TableRef[]): unknown {
  if (!ALIAS_CLAUSES.has(clause) || !value) return value;
  const items = selectItems();
  if (!Array.isArray(items)) return value;
  const columns = scopeColumns(scope);
  const aliases = new Map<string, Node>();
  for (const item of items) {
    const a = asKind(item, 'alias');
    if (a && isIdent(a.alias) && !columns.has(storageName(normalize(a.alias)))) aliases.set(normalize(a.alias), a.this);
  }
  if (aliases.size === 0) return value;
  if (clause !== 'order_by' && clause !== 'group_by') return substitute(value, aliases);
  const list = value as { expressions?: unknown[] };
  if (!Array.isArray(list.expressions)) return value;
  const bare = (e: unknown) => { const col = asKind(e, 'column'); return col !== undefined && !col.table; };
  const expressions = list.expressions.map((item) => {
    // An ORDER BY item wraps its key ({ this, desc, … }); a GROUP BY item is the key.
    const ordered = clause === 'order_by' && item && typeof item === 'object' ? item as { this: unknown } : null;
    const key = ordered ? ordered.this : item;
    if (bare(key)) return item;
    const next = substitute(key, aliases);
    return next === key ? item : ordered ? { ...ordered, this: next } : next;
  });
  return expressions.some((e, i) => e !== list.expressions![i]) ? { ...list, expressions } : value;
}
