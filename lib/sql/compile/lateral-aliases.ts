/**
 * Lateral column aliases: a select item may name an earlier item's alias (`SELECT a + 1 AS b,
 * b * 2 FROM t`). SQLite has none, so such a name is replaced by the aliased expression before
 * the select list is rewritten. A column of the FROM items with that name wins, as in Snowflake.
 */
import { asKind, type Node } from '../parse';
import { isIdent, normalize, storageName } from './names';
import type { TableRef } from './rewrite';

/** Kinds whose names are their own scope (a subquery's select list is its own). */
const OWN_SCOPE = new Set(['subquery', 'select', 'exists']);

/** The node with alias names replaced; the node itself when it names none. */
function substitute(node: unknown, aliases: Map<string, Node>): unknown {
  if (!node || typeof node !== 'object') return node;
  if (Array.isArray(node)) {
    const out = node.map((n) => substitute(n, aliases));
    return out.some((n, i) => n !== node[i]) ? out : node;
  }
  const keys = Object.keys(node);
  if (keys.length === 1 && OWN_SCOPE.has(keys[0])) return node;
  const col = asKind(node, 'column');
  if (col && !col.table && isIdent(col.name)) {
    const hit = aliases.get(normalize(col.name));
    return hit === undefined ? node : structuredClone(hit);
  }
  let out: Record<string, unknown> | null = null;
  for (const [k, v] of Object.entries(node)) {
    const w = substitute(v, aliases);
    if (w !== v) (out ??= { ...node })[k] = w;
  }
  return out ?? node;
}

/** The select items with earlier aliases spelled out in later items; `scope`: the select's FROM items. */
export function expandLateralAliases(items: unknown, scope: TableRef[]): unknown {
  if (!Array.isArray(items) || items.length < 2) return items;
  const columns = new Set(scope.flatMap((r) => r.table.columns.map((c) => storageName(c.name))));
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
  return changed ? out : items;
}
