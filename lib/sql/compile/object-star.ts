/**
 * OBJECT_CONSTRUCT(*): an object of the row's columns, keyed by column name (NULLs dropped as
 * OBJECT_CONSTRUCT drops them). The star becomes name/value pairs for the columns of the select's
 * own FROM items, before the select is rewritten.
 */
import { sqlErrors } from '../errors';
import { lit } from './ast';
import { isIdent, normalize, quotedIdent } from './names';
import { sourceColumns } from './pivot';
import type { RewriteContext } from './rewrite';

type Item = Record<string, Record<string, unknown>>;

/** The alias a FROM item is known by and its columns; null when they cannot be known. */
function itemColumns(item: Item, ctx: RewriteContext): { alias: string | null; columns: string[] } | null {
  const columns = sourceColumns(item, ctx);
  if (!columns) return null;
  const payload = item.table ?? item.subquery;
  const alias = isIdent(payload?.alias) ? normalize(payload.alias) : item.table && isIdent(item.table.name) ? normalize(item.table.name) : null;
  return { alias, columns };
}

function isObjectStar(node: unknown): boolean {
  const f = (node as { function?: { name?: unknown; args?: unknown[] } } | null)?.function;
  return !!f && String(f.name).toUpperCase() === 'OBJECT_CONSTRUCT' && f.args?.length === 1 && !!(f.args[0] as { star?: unknown }).star;
}

function replaceStars(node: unknown, pairs: () => unknown[]): unknown {
  if (!node || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map((n) => replaceStars(n, pairs));
  if (isObjectStar(node)) {
    const f = (node as { function: Record<string, unknown> }).function;
    return { function: { ...f, args: pairs() } };
  }
  // A nested select has FROM items of its own.
  const o = node as Record<string, unknown>;
  if (Object.keys(o).length === 1 && 'select' in o) return node;
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, replaceStars(v, pairs)]));
}

/** Expands OBJECT_CONSTRUCT(*) in a select's list (the select payload is updated in place). */
export function expandObjectStar(sel: Record<string, unknown>, ctx: RewriteContext): void {
  if (!Array.isArray(sel.expressions) || !JSON.stringify(sel.expressions).includes('"star"')) return;
  const pairs = () => {
    const from = ((sel.from as { expressions?: Item[] } | null)?.expressions ?? []);
    const joins = ((sel.joins as { this: Item }[] | undefined) ?? []).map((j) => j.this);
    const items = [...from, ...joins].map((i) => itemColumns(i, ctx));
    if (items.some((i) => !i)) throw sqlErrors.unsupported('OBJECT_CONSTRUCT(*) over a source of unnamed columns');
    return items.flatMap((i) => i!.columns.flatMap((c) => [
      lit(c),
      { column: { name: quotedIdent(c), table: i!.alias === null ? null : quotedIdent(i!.alias), join_mark: false, trailing_comments: [] } },
    ]));
  };
  sel.expressions = replaceStars(sel.expressions, pairs);
}
