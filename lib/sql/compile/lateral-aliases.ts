/**
 * Lateral column aliases: a select item may name an earlier item's alias (`SELECT a + 1 AS b,
 * b * 2 FROM t`). SQLite has none, so such a name is replaced by the aliased expression before
 * the select list is rewritten. A column of the FROM items with that name wins, as in Snowflake.
 */
import { isIdent, normalize, storageName, type Ident } from './names';
import type { TableRef } from './rewrite';

type Obj = Record<string, unknown>;

/** Kinds whose names are their own scope (a subquery's select list is its own). */
const OWN_SCOPE = new Set(['subquery', 'select', 'exists']);

/** The node with alias names replaced; the node itself when it names none. */
function substitute(node: unknown, aliases: Map<string, unknown>): unknown {
  if (!node || typeof node !== 'object') return node;
  if (Array.isArray(node)) {
    const out = node.map((n) => substitute(n, aliases));
    return out.some((n, i) => n !== node[i]) ? out : node;
  }
  const o = node as Record<string, Obj>;
  const keys = Object.keys(o);
  if (keys.length === 1 && OWN_SCOPE.has(keys[0])) return node;
  const col = o.column;
  if (col && !col.table && isIdent(col.name) && keys.length === 1) {
    const hit = aliases.get(normalize(col.name as Ident));
    return hit === undefined ? node : structuredClone(hit);
  }
  let out: Obj | null = null;
  for (const k of keys) {
    const v = substitute(o[k], aliases);
    if (v !== o[k]) (out ??= { ...o })[k] = v as Obj;
  }
  return out ?? node;
}

/** The select items with earlier aliases spelled out in later items; `scope`: the select's FROM items. */
export function expandLateralAliases(items: unknown, scope: TableRef[]): unknown {
  if (!Array.isArray(items) || items.length < 2) return items;
  const columns = new Set(scope.flatMap((r) => r.table.columns.map((c) => storageName(c.name))));
  const aliases = new Map<string, unknown>();
  let changed = false;
  const out = (items as Obj[]).map((item) => {
    const next = aliases.size > 0 ? (substitute(item, aliases) as Obj) : item;
    if (next !== item) changed = true;
    const a = next.alias as Obj | undefined;
    if (a && isIdent(a.alias)) {
      const name = normalize(a.alias as Ident);
      if (!columns.has(storageName(name))) aliases.set(name, a.this);
    }
    return next;
  });
  return changed ? out : items;
}
