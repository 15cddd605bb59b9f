/**
 * Aggregates over the set of a group's values: BITAND_AGG / BITOR_AGG / BITXOR_AGG, HASH_AGG,
 * ARRAY_UNIQUE_AGG, ARRAY_UNION_AGG and ARRAY_SUM. Each is an engine final over json_group_array
 * (worker/functions/aggregate-sets.ts), so it also runs over a window's partition.
 */
import { engineFn, fn, lit } from '../tree/ast';
import { types } from '../types';
import { arity } from './arity';
import { distinctOf, invalidArgumentTypes, overValues, requireNumeric, type AggregateFinal, type NamedAggregate } from './aggregate-nodes';
import type { Call, FunctionDef } from './types';
import { variantTag } from '../tree/variant-tags';

/** BITAND_AGG …: DISTINCT is accepted and, as Snowflake documents, changes nothing. */
const bitwise = (name: string, final: AggregateFinal): FunctionDef => ({
  names: [name],
  signature: { args: ['NUMBER'], returns: 'NUMBER' },
  sqlite: (c) => {
    arity(c, 1);
    requireNumeric(c, name);
    return overValues(c.dialect, final, c.args[0], false);
  },
  returns: () => types.number(38, 0),
});

const tagOf = (c: Call) => lit(variantTag(c.types[0]?.type));

/** ARRAY_UNION_AGG and ARRAY_SUM read ARRAYs (or VARIANTs holding them). */
function requireArray(c: Call): void {
  const wire = c.types[0]?.type?.wire;
  if (wire && wire !== 'array' && wire !== 'variant') throw invalidArgumentTypes(c, c.name);
}

export const setFunctions: FunctionDef[] = [
  bitwise('BITAND_AGG', 'BITAND'),
  bitwise('BITOR_AGG', 'BITOR'),
  bitwise('BITXOR_AGG', 'BITXOR'),
  {
    names: ['ARRAY_UNIQUE_AGG'],
    signature: { args: ['ANY'], returns: 'ARRAY' },
    // Distinct in the engine: SQLite takes no DISTINCT in a window aggregate.
    sqlite: (c) => {
      arity(c, 1);
      return overValues(c.dialect, 'UNIQUE', c.args[0], false, [tagOf(c)]);
    },
    returns: () => types.array(),
    nullable: () => false,
  },
  {
    // Snowflake's ARRAY_SUM is an aggregate: arrays summed position by position (FLOAT elements).
    names: ['ARRAY_SUM'],
    signature: { args: ['ARRAY'], returns: 'ARRAY' },
    sqlite: (c) => {
      arity(c, 1);
      requireArray(c);
      return overValues(c.dialect, 'ARRAY_SUM', c.args[0], false, [tagOf(c)]);
    },
    returns: () => types.array(),
  },
  {
    names: ['ARRAY_UNION_AGG'],
    signature: { args: ['ARRAY'], returns: 'ARRAY' },
    sqlite: (c) => {
      arity(c, 1);
      requireArray(c);
      return overValues(c.dialect, 'UNION', c.args[0], false, [tagOf(c)]);
    },
    returns: () => types.array(),
    nullable: () => false,
  },
];

/**
 * HASH_AGG(expr, …): an order-independent combination of each row's HASH(expr, …), so it agrees
 * with Floe's HASH (whose values differ from Snowflake's). NULL rows count; no rows hash to 0.
 */
export const setAggregates: Record<string, NamedAggregate> = {
  HASH_AGG: {
    sqlite: (c) => {
      arity(c, 1, Infinity);
      return overValues(c.dialect, 'HASH', engineFn('HASH', c.args), distinctOf(c));
    },
    returns: () => types.number(19, 0),
    nullable: () => false,
  },
};
