/**
 * Snowflake query syntax SQLite lacks, each rewritten by its own module: table functions in FROM
 * (FLATTEN, SPLIT_TO_TABLE, GENERATOR …) and their columns, SEQn(), PIVOT/UNPIVOT, SAMPLE, OBJECT_CONSTRUCT(*).
 */
import type { Node } from '../parse';
import { expandObjectStar } from './object-star';
import { pivotSubquery } from './pivot';
import type { RewriteContext } from './rewrite';
import { sampleSubquery } from './sample';
import { expandRowFunctionStars, rewriteTableFunction, siteName, tableFunctionColumn } from './table-functions';

/** The SQLite form of a node (`k` its kind, `v` its payload) when it is such syntax; else null. */
export function rewriteQuerySyntax(k: string, v: Record<string, unknown>, ctx: RewriteContext, rewrite: (n: unknown) => unknown): Node | null {
  if (!v || typeof v !== 'object') return null;
  if (k === 'select') { expandRowFunctionStars(v); expandObjectStar(v, ctx); }
  if (k === 'column') return tableFunctionColumn(v, ctx);
  const wrapped = pivotSubquery(k, v, ctx) ?? sampleSubquery(k, v, ctx, () => siteName(ctx));
  if (wrapped) return rewrite(wrapped) as Node;
  return rewriteTableFunction(k, v, ctx, rewrite);
}
