/**
 * Long AND / OR chains as balanced trees. The parser reads `a OR b OR c …` as a left-deep tree,
 * one level per operator, and the compiler spells an IN list it must compare exactly as such a
 * chain: 900 terms (an IN list of bound values) overflowed the stack of the compiler's walks on the
 * request thread, and SQLite refuses an expression deeper than 1,000 levels. AND and OR are
 * associative (in SQL's three-valued logic too), so the same terms in the same order, grouped in
 * halves, mean the same; each group is parenthesised so that the generated text keeps the
 * grouping (SQLite would read the flat text left-deep again).
 */

/** `items` joined pairwise in halves: height ⌈log₂ n⌉ instead of n. */
export function balanced<T>(items: readonly T[], join: (left: T, right: T) => T): T {
  if (items.length === 0) throw new Error('internal: balanced() of nothing');
  if (items.length === 1) return items[0];
  const half = Math.ceil(items.length / 2);
  return join(balanced(items.slice(0, half), join), balanced(items.slice(half), join));
}

type Obj = Record<string, unknown>;
const LOGICAL = ['and', 'or'] as const;
/** Chains up to this many terms are left as parsed (their depth harms nothing; error positions and trees stay the parser's). */
const LONGEST_KEPT = 64;

const payloadOf = (v: unknown, kind: string): Obj | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) && kind in v && Object.keys(v).length === 1 ? ((v as Obj)[kind] as Obj) : undefined;

const logicalKind = (v: unknown): (typeof LOGICAL)[number] | null => LOGICAL.find((k) => payloadOf(v, k) !== undefined) ?? null;

/** The terms of the chain of `kind` rooted at `node`, in order (without recursion: the chain may be thousands deep). */
function termsOf(node: unknown, kind: string): unknown[] {
  const terms: unknown[] = [];
  const todo = [node];
  while (todo.length > 0) {
    const n = todo.pop();
    const p = payloadOf(n, kind);
    if (p) todo.push(p.right, p.left);
    else terms.push(n);
  }
  return terms;
}

const joined = (kind: string) => (left: unknown, right: unknown): unknown =>
  ({ paren: { this: { [kind]: { left, right, left_comments: [], operator_comments: [], trailing_comments: [] } }, trailing_comments: [] } });

/** Whether a statement this long can hold a chain balanceLogicalChains would change (a term and its operator take 3 characters at least): shorter ones skip the walk. */
export const mayHoldLongChains = (text: string): boolean => text.length > 3 * LONGEST_KEPT;

/** Rebalances, in place, every AND / OR chain of more than LONGEST_KEPT terms in a parsed tree. */
export function balanceLogicalChains(root: unknown): void {
  const todo: unknown[] = [root];
  while (todo.length > 0) {
    const value = todo.pop();
    if (!value || typeof value !== 'object') continue;
    const entries = Object.entries(value as Obj);
    for (const [key, child] of entries) {
      const kind = logicalKind(child);
      if (!kind) {
        todo.push(child);
        continue;
      }
      // (The chain's own nodes hold nothing else to walk: comments are strings.)
      const terms = termsOf(child, kind);
      if (terms.length > LONGEST_KEPT) (value as Obj)[key] = balanced(terms, joined(kind));
      todo.push(...terms);
    }
  }
}
