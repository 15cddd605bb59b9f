/**
 * `*` as a call's argument: OBJECT_CONSTRUCT(*) is an object of the row's columns, keyed by column
 * name (NULLs dropped as OBJECT_CONSTRUCT drops them); HASH(*) and HASH_AGG(*) hash every
 * column. The star becomes name/value pairs (or the values) for the columns of the select's own
 * FROM items, before the select is rewritten.
 */
import { sqlErrors } from '../errors';
import { asKind, type Node, type NodeOf } from '../parse';
import { columnNode, lit } from '../tree/ast';
import { isIdent, normalize, quotedIdent } from './names';
import { sourceColumns } from './pivot';
import type { RewriteContext } from './rewrite';

/** The alias a FROM item is known by and its columns; null when they cannot be known. */
function itemColumns(item: Node, ctx: RewriteContext): { alias: string | null; columns: string[] } | null {
  const columns = sourceColumns(item, ctx);
  if (!columns) return null;
  const table = asKind(item, 'table');
  const payloadAlias = (table ?? asKind(item, 'subquery'))?.alias;
  const alias = isIdent(payloadAlias) ? normalize(payloadAlias) : table && isIdent(table.name) ? normalize(table.name) : null;
  return { alias, columns };
}

/** Calls that take `*` for the row's columns: as name/value pairs, or as the values alone. */
const STAR_CALLS: Record<string, 'pairs' | 'values'> = { OBJECT_CONSTRUCT: 'pairs', HASH: 'values', HASH_AGG: 'values' };

type Call = NodeOf<'function'> | NodeOf<'aggregate_function'>;

/** The call node's kind and payload when its only argument is `*`; else null. */
function starCall(node: unknown): { kind: string; call: Call; form: 'pairs' | 'values' } | null {
  const f = asKind(node, 'function');
  const a = asKind(node, 'aggregate_function');
  const kind = f ? 'function' : a ? 'aggregate_function' : null;
  const call = f ?? a;
  if (!kind || !call || call.args?.length !== 1 || !asKind(call.args[0], 'star')) return null;
  const form = STAR_CALLS[String(call.name).toUpperCase()];
  return form ? { kind, call, form } : null;
}

function replaceStars(node: Node[], args: (form: 'pairs' | 'values') => Node[]): Node[];
function replaceStars(node: unknown, args: (form: 'pairs' | 'values') => Node[]): unknown;
function replaceStars(node: unknown, args: (form: 'pairs' | 'values') => Node[]): unknown {
  if (!node || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map((n) => replaceStars(n, args));
  const star = starCall(node);
  if (star) return { [star.kind]: { ...star.call, args: args(star.form) } };
  // A nested select has FROM items of its own.
  if (Object.keys(node).length === 1 && 'select' in node) return node;
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, replaceStars(v, args)]));
}

/** Expands OBJECT_CONSTRUCT(*), HASH(*) and HASH_AGG(*) in a select's list (the select payload is updated in place). */
export function expandObjectStar(sel: NodeOf<'select'>, ctx: RewriteContext): void {
  if (!Array.isArray(sel.expressions) || !JSON.stringify(sel.expressions).includes('"star"')) return;
  const args = (form: 'pairs' | 'values') => {
    const from = sel.from?.expressions ?? [];
    const joins = (sel.joins ?? []).map((j) => j.this);
    const items = [...from, ...joins].map((i) => itemColumns(i, ctx));
    if (items.some((i) => !i)) throw sqlErrors.unsupported('* as an argument over a source of unnamed columns');
    return items.flatMap((i) => i!.columns.flatMap((c) => {
      const value = columnNode(quotedIdent(c), i!.alias === null ? null : quotedIdent(i!.alias));
      return form === 'pairs' ? [lit(c), value] : [value];
    }));
  };
  sel.expressions = replaceStars(sel.expressions, args);
}
