/**
 * Snowflake query syntax SQLite lacks, each rewritten by its own module: table functions in FROM
 * (FLATTEN, SPLIT_TO_TABLE, GENERATOR …) and their columns, SEQn(), PIVOT/UNPIVOT, SAMPLE, OBJECT_CONSTRUCT(*).
 */
import { asKind, kindOf, payloadOf, type Node } from '../parse';
import { expandObjectStar } from './object-star';
import { pivotSubquery } from './pivot';
import type { RewriteContext } from './rewrite';
import { sampleSubquery } from './sample';
import { expandRowFunctionStars, rewriteTableFunction, siteName, tableFunctionColumn } from './table-functions';
import { countOfSeveral } from './count-several';

/** The SQLite form of a node when it is such syntax; else null. */
export function rewriteQuerySyntax(node: Node, ctx: RewriteContext, rewrite: (n: Node) => Node): Node | null {
  const k = kindOf(node);
  const v = payloadOf(node);
  if (!v || typeof v !== 'object') return null;
  const select = asKind(node, 'select');
  if (select) { expandRowFunctionStars(select); expandObjectStar(select, ctx); }
  if (k === 'column') return tableFunctionColumn(v, ctx);
  const counted = countOfSeveral(node, ctx, rewrite);
  if (counted) return counted;
  const wrapped = pivotSubquery(node, ctx) ?? sampleSubquery(node, ctx, () => siteName(ctx));
  if (wrapped) return rewrite(wrapped);
  return rewriteTableFunction(k, v, ctx, rewrite);
}
