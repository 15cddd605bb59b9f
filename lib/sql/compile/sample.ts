/**
 * SAMPLE / TABLESAMPLE on a table: `t SAMPLE [BERNOULLI|ROW|SYSTEM|BLOCK] (p) [SEED (n)]` keeps
 * each row with probability p %, `t SAMPLE (n ROWS)` keeps n rows; as a subquery over t that draws
 * one engine fraction per row (FLOE_SAMPLE_DRAW), seeded by SEED or else by the statement's seed,
 * so a seeded sample of unchanged data is the same every time.
 */
import { engineName } from '@/lib/engine/functions/manifest';
import { sqlErrors } from '../errors';
import { asKind, makeNode, type Node } from '../parse';
import { sourceColumns, subqueryOf } from './pivot';
import type { RewriteContext } from './rewrite';

function constantNumber(node: unknown, what: string): number {
  const lit = asKind(node, 'literal');
  const n = lit?.literal_type === 'number' ? Number(lit.value) : NaN;
  if (!Number.isFinite(n) || n < 0) throw sqlErrors.invalidValue(`SAMPLE: ${what} must be a non-negative constant`);
  return n;
}

/** A sampled table reference as its Snowflake subquery (not yet rewritten); else null. `site` names its generator. */
export function sampleSubquery(node: Node, ctx: RewriteContext, site: () => string): Node | null {
  // A table carries its sample; a sampled subquery is a table_sample node around it.
  const table = asKind(node, 'table');
  const sampled = asKind(node, 'table_sample');
  const onTable = table !== undefined && 'catalog' in table;
  const sample = onTable ? table.table_sample : sampled?.sample;
  if (!sample) return null;
  const source = onTable ? makeNode('table', { ...table, table_sample: null }) : sampled?.this;
  if (!source) return null;
  const alias = onTable ? table.alias ?? table.name : asKind(source, 'subquery')?.alias;
  const size = constantNumber(sample.size, 'the size');
  const seed = sample.seed ? String(Math.trunc(constantNumber(sample.seed, 'the seed'))) : 'NULL';
  const cols = sourceColumns(source, ctx)?.map((c) => `"${c.replace(/"/g, '""')}"`);
  const list = cols?.length ? cols.join(', ') : '*';
  // A column as third argument ties the draw to the row: SQLite evaluates a term that reads no
  // column once per row of the outermost loop of a join.
  const draw = `${engineName('FLOE_SAMPLE_DRAW')}('${site()}', ${seed}, ${cols?.[0] ?? 'NULL'})`;
  const rows = sample.method === 'Row' && sample.unit_after_size === true;
  if (rows && !Number.isInteger(size)) throw sqlErrors.invalidValue('SAMPLE: the number of rows must be an integer');
  if (!rows && size > 100) throw sqlErrors.invalidValue('SAMPLE: the probability must be between 0 and 100');
  const text = rows
    ? `SELECT ${list} FROM __FLOE_SRC ORDER BY ${draw} LIMIT ${size}`
    : `SELECT ${list} FROM __FLOE_SRC WHERE ${draw} * 100 < ${size}`;
  return subqueryOf(text, source, alias, null);
}
