/**
 * COUNT(a, b …) and COUNT(DISTINCT a, b …): the rows, or the distinct tuples, in which no
 * argument is NULL (Snowflake's rule). The parser reads the distinct form as COUNT of a tuple and
 * the other as a call; each engine's count takes one value, so the arguments become one: NULL
 * when any is, else 1 (COUNT) or the dialect's key of them (DISTINCT: equal exactly when they are).
 */
import { asKind, type Node } from '../parse';
import { caseWhen, countNode, isNull, lit, nullNode, operator } from '../tree/ast';
import type { RewriteContext } from './context';

export function countOfSeveral(node: Node, ctx: RewriteContext, rewrite: (n: Node) => Node): Node | null {
  const count = asKind(node, 'count');
  const call = asKind(node, 'function');
  let parts: Node[];
  let distinct = false;
  let filter: Node | null = null;
  if (count) {
    const tuple = asKind(count.this, 'tuple');
    if (!tuple || tuple.expressions.length < 2) return null;
    parts = tuple.expressions;
    distinct = count.distinct;
    filter = count.filter ?? null;
  } else if (call && String(call.name).toUpperCase() === 'COUNT' && !call.distinct && (call.args?.length ?? 0) > 1) {
    parts = call.args;
  } else return null;
  const values = parts.map(rewrite);
  const anyNull = values.map((v) => isNull(v)).reduce((a, b) => operator('or', a, b));
  const counted = caseWhen([[anyNull, nullNode()]], distinct ? ctx.dialect.tupleKey(values) : lit(1));
  return countNode(counted, distinct, filter && rewrite(filter));
}
