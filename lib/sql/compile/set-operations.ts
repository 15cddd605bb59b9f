/**
 * Set operations (UNION [ALL], INTERSECT, EXCEPT / MINUS): a result column has the common
 * supertype of its branches' columns, and each branch's values are converted to it as `::`
 * converts them. SQLite would keep each branch's own values: `SELECT 1 UNION ALL SELECT 'abc'`
 * answered 'abc' in a NUMBER column, where Snowflake fails with 100038.
 */
import { asKind, makeNode, type Node, type NodeOf } from '../parse';
import { types, type SfType } from '../types';
import { supertype } from '../tree/exact-numeric';
import { isSemiStructured } from '../tree/variant-tags';
import { aliasNode } from '../tree/ast';
import { isNullLiteral } from '../functions/typing';
import { infer } from './infer';
import { displayNameOf } from './written-names';
import { storedIdent } from './names';
import type { RewriteContext } from './context';

export type SetKind = 'union' | 'intersect' | 'except';

/** `arg` (rewritten) converted to `target` by the `::` rule; `keepStored`: only its type changes. */
export type CastRewritten = (arg: Node, target: SfType, ctx: RewriteContext, keepStored: boolean) => Node;

const setPayload = (node: unknown) => asKind(node, 'union') ?? asKind(node, 'intersect') ?? asKind(node, 'except');

/** A branch in parentheses (no alias: a FROM subquery is not a branch). */
const unwrap = (node: unknown): unknown => {
  const inner = asKind(node, 'paren') ?? asKind(node, 'subquery');
  return inner && !(inner as { alias?: unknown }).alias ? unwrap(inner.this) : node;
};

/** The set operations directly under one: the outermost converts the branches of the whole chain. */
export function markChained(v: NodeOf<SetKind>, ctx: RewriteContext): void {
  for (const side of [v.left, v.right]) {
    const inner = setPayload(unwrap(side));
    if (inner) (ctx.chainedSets ??= new WeakSet()).add(inner);
  }
}

/** The selects of a chain of set operators, left to right; null when a branch is another query (VALUES) or matches columns by name. */
function branches(node: unknown, out: NodeOf<'select'>[] = []): NodeOf<'select'>[] | null {
  const n = unwrap(node);
  const set = setPayload(n);
  if (set) return set.by_name || set.corresponding ? null : branches(set.left, out) && branches(set.right, out);
  const select = asKind(n, 'select');
  if (!select) return null;
  out.push(select);
  return out;
}

const TEMPORAL = new Set(['date', 'time', 'timestamp_ntz', 'timestamp_ltz', 'timestamp_tz']);
const TEMPORAL_TYPE: Record<string, (p: number) => SfType> = { time: types.time, timestamp_ntz: types.timestampNtz, timestamp_ltz: types.timestampLtz, timestamp_tz: types.timestampTz };

/**
 * The type of a column whose branches have types `ts` (null: Floe does not know it, and the
 * branches are left as they are): numbers widen, FLOAT wins over NUMBER, a DATE becomes a
 * TIMESTAMP, VARIANT takes any other type, and text takes the type of the others (text that
 * does not convert is an error, as in Snowflake's UNION of a VARCHAR and an INTEGER column).
 */
export function setColumnType(ts: SfType[]): SfType | null {
  const common = supertype(ts);
  if (common) return common;
  if (ts.some(isSemiStructured)) return ts.every((t) => t.wire === ts[0].wire) ? ts[0] : types.variant();
  const typed = ts.filter((t) => t.wire !== 'text');
  if (typed.every((t) => TEMPORAL.has(t.wire))) {
    const kinds = new Set(typed.map((t) => t.wire).filter((w) => w !== 'date'));
    if (kinds.size === 0) return types.date();
    const [kind] = kinds;
    if (kinds.size > 1 || (kind === 'time' && typed.some((t) => t.wire === 'date'))) return null;
    return TEMPORAL_TYPE[kind](Math.max(...typed.map((t) => (t.wire === kind ? t.scale ?? 9 : 0))));
  }
  const base = supertype(typed);
  if (!base || typed.length === ts.length || base.wire === 'binary') return null;
  // A string read as a number may have any number of digits.
  return base.wire === 'fixed' ? types.number(38, base.scale ?? 0) : base;
}

/** A value of type `from` keeps its stored form as `to` (a wider NUMBER, a longer VARCHAR, the same date/time kind). */
const sameStoredForm = (from: SfType, to: SfType): boolean =>
  from.wire === to.wire && (from.wire !== 'fixed' || (to.scale ?? 0) >= (from.scale ?? 0));

/** A select item (its alias's expression) and the item rebuilt around a new expression. */
function itemParts(item: unknown): { expr: Node; rebuild: (e: Node, name: string | null) => Node } {
  const aliased = asKind(item, 'alias');
  if (aliased) return { expr: aliased.this as Node, rebuild: (e) => makeNode('alias', { ...aliased, this: e }) };
  const col = asKind(item, 'column');
  // A converted column keeps its name: the first branch names the result (and a subquery's columns).
  return {
    expr: item as Node,
    rebuild: (e, name) => (col ? aliasNode(e, col.name) : name === null ? e : aliasNode(e, storedIdent(name))),
  };
}

/**
 * The branches of a set operation (`node`, rewritten) converted to their columns' common types.
 * `top`: the statement's own query, whose columns compileQuery names itself. Branches whose
 * column counts differ are left to the engine, which answers Snowflake's error (001789).
 */
export function convertBranches(node: unknown, ctx: RewriteContext, cast: CastRewritten, top = false): void {
  if (!setPayload(unwrap(node))) return;
  const selects = branches(node);
  if (!selects) return;
  const width = selects[0].expressions?.length ?? 0;
  if (selects.some((s) => (s.expressions?.length ?? 0) !== width || s.expressions.some((e) => asKind(e, 'star')))) return;
  // Each branch typed in its own FROM items (a name two branches' tables share is not ambiguous).
  const scopes = selects.map((s): RewriteContext => ({ ...ctx, tables: [...(ctx.selectScopes?.get(s) ?? []), ...ctx.tables] }));
  for (let i = 0; i < width; i++) {
    const parts = selects.map((s) => itemParts(s.expressions[i]));
    const known = parts.map((p, b) => (isNullLiteral(p.expr) ? null : infer(p.expr, scopes[b]).type));
    if (known.some((t, b) => t === null && !isNullLiteral(parts[b].expr))) continue;
    const target = setColumnType(known.filter((t): t is SfType => t !== null));
    if (!target) continue;
    selects.forEach((s, b) => {
      const from = known[b];
      if (from?.text === target.text) return;
      const converted = cast(parts[b].expr, target, scopes[b], from === null || sameStoredForm(from, target));
      const name = b === 0 && !top ? displayNameOf(parts[b].expr) : null;
      s.expressions[i] = parts[b].rebuild(converted, name);
    });
  }
}
