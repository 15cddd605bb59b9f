/**
 * IN lists, BETWEEN and the simple CASE compare like `=`, `>=` and `<=` do (exact-numeric.ts):
 * NUMBER values that may be stored as text, and strings compared with numbers, need Floe's
 * comparison. Only then are they spelled out as comparisons; otherwise SQLite's forms stay.
 */
import { balanced } from '../balanced-chains';
import { asKind, makeNode, type Node, type NodeOf } from '../parse';
import type { Typed } from '../functions';
import { binary } from '../tree/ast';
import { comparisonSql, type ComparisonKind } from '../tree/exact-numeric';

type Infer = (n: unknown) => Typed;

/** Floe's `left <kind> right`, or null when SQLite's own comparison is already exact. */
function exactComparison(kind: ComparisonKind, left: Node, right: Node, infer: Infer): Node | null {
  const out = comparisonSql(kind, left, right, infer(left), infer(right));
  const plain = asKind(out, kind);
  return plain && plain.left === left && plain.right === right ? null : out;
}

const not = (x: Node): Node => makeNode('not', { this: x });

/** `x [NOT] IN (a, b, …)`: an OR of equalities when one of them needs Floe's comparison. */
export function inListSql(v: NodeOf<'in'>, infer: Infer): Node | null {
  const items = v.expressions;
  if (v.query || !items?.length) return null;
  const x = v.this;
  const exact = items.map((item) => exactComparison('eq', x, item, infer));
  if (exact.every((e) => e === null)) return null;
  const eqs = items.map((item, i) => exact[i] ?? binary('eq', x, item));
  // (Balanced: a long list's chain of ORs would be as deep as the list is long: balanced-chains.ts.)
  const any = balanced(eqs, (l, r) => binary('or', l, r));
  return v.not ? not(any) : any;
}

/** `x [NOT] BETWEEN lo AND hi`. */
export function betweenSql(v: NodeOf<'between'>, infer: Infer): Node | null {
  const [x, lo, hi] = [v.this, v.low, v.high];
  const ge = exactComparison('gte', x, lo, infer);
  const le = exactComparison('lte', x, hi, infer);
  if (!ge && !le) return null;
  const both = binary('and', ge ?? binary('gte', x, lo), le ?? binary('lte', x, hi));
  return v.not ? not(both) : both;
}

/** `CASE x WHEN v THEN …`: a searched CASE when a WHEN value needs Floe's comparison. */
export function simpleCaseSql(v: NodeOf<'case'>, infer: Infer): Node | null {
  const x = v.operand;
  if (!x) return null;
  const whens = v.whens;
  const exact = whens.map(([w]) => exactComparison('eq', x, w, infer));
  if (exact.every((e) => e === null)) return null;
  return makeNode('case', { ...v, operand: null, whens: whens.map(([w, r], i): [Node, Node] => [exact[i] ?? binary('eq', x, w), r]) });
}
