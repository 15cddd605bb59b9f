/**
 * Statistical aggregates: KURTOSIS, SKEW, CORR, COVAR_*, the REGR_* family and
 * APPROX_PERCENTILE, engine finals over json_group_array (worker/functions/aggregate-statistics.ts)
 * so that they also run over window frames. Pair aggregates take (y, x), dependent first, and
 * skip rows where either is NULL.
 */
import { binary, fn, isNull, lit, nullNode } from '../tree/ast';
import type { Node } from '../parse';
import { types, type SfType } from '../types';
import { arity } from './arity';
import { asReal, count, overValues, requireNumeric, type AggregateFinal, type NamedAggregate } from './aggregate-nodes';
import type { Call, Typed } from './types';

const float = (): SfType => types.float();

/** A numeric aggregate of one value per row, checked for its argument count and type. */
function unary(final: AggregateFinal, returns: NamedAggregate['returns']): NamedAggregate {
  return {
    sqlite: (c) => {
      arity(c, 1);
      requireNumeric(c, c.name);
      return overValues(c.dialect, final, c.args[0], false);
    },
    returns,
  };
}

/** An aggregate of (y, x) pairs: FLOE_AGG_<name> over the collected [y, x] arrays. */
function paired(name: AggregateFinal): NamedAggregate {
  return {
    sqlite: (c) => {
      arity(c, 2);
      requireNumeric(c, name);
      return overValues(c.dialect, name, c.dialect.jsonArray(c.args), false);
    },
    returns: float,
  };
}

const bothPresent = (c: Call): Node => binary('and', isNull(c.args[0], true), isNull(c.args[1], true));

/** REGR_VALX / REGR_VALY: one argument as a FLOAT where both are present (a scalar, though parsed as an aggregate). */
function regrValue(pick: 0 | 1): NamedAggregate {
  return {
    sqlite: (c) => {
      arity(c, 2);
      requireNumeric(c, c.name);
      return fn('IIF', [bothPresent(c), asReal(c.args[pick]), nullNode()]);
    },
    returns: float,
    nullable: (a) => a.some((t) => t.nullable),
  };
}

/** KURTOSIS keeps NUMBER as NUMBER (scale 12, as Snowflake answers) and FLOAT as FLOAT. */
const kurtosisType = (args: Typed[]): SfType => (args[0]?.type?.wire === 'fixed' ? types.number(38, 12) : float());

const PAIRED = ['CORR', 'COVAR_POP', 'COVAR_SAMP', 'REGR_AVGX', 'REGR_AVGY', 'REGR_INTERCEPT', 'REGR_R2', 'REGR_SLOPE', 'REGR_SXX', 'REGR_SXY', 'REGR_SYY'] as const;

export const statisticalAggregates: Record<string, NamedAggregate> = {
  KURTOSIS: unary('KURTOSIS', kurtosisType),
  SKEW: unary('SKEW', float),
  ...Object.fromEntries(PAIRED.map((name) => [name, paired(name)])),
  REGR_COUNT: {
    sqlite: (c) => {
      arity(c, 2);
      return count(fn('IIF', [bothPresent(c), lit(1), nullNode()]), false);
    },
    returns: () => types.number(18, 0),
    nullable: () => false,
  },
  REGR_VALX: regrValue(1),
  REGR_VALY: regrValue(0),
  // An exact percentile (linear interpolation, as PERCENTILE_CONT) stands in for Snowflake's
  // t-digest estimate: the same on small inputs, never further from the true value.
  APPROX_PERCENTILE: {
    sqlite: (c) => {
      arity(c, 2);
      requireNumeric(c, 'APPROX_PERCENTILE');
      return overValues(c.dialect, 'APPROX_PERCENTILE', c.args[0], false, [c.args[1]]);
    },
    returns: float,
  },
};
