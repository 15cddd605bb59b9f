/**
 * Snowflake functions that SQLite lacks, registered as user functions on every replica, one
 * module per family (lib/sql/functions names the same families on the compile side).
 * The functions are those of the manifest (lib/engine/functions/manifest.ts), no more, no fewer:
 * `Implementations` makes a missing or an unknown one a TypeScript error.
 * Each must be deterministic given the statement pins (current time, seed, time zone), because
 * writes are replayed from the journal on other replicas and after a restart.
 */
import type { Database } from 'sql.js';
import { ENGINE_FUNCTIONS, engineFunctionNames } from '../../functions/manifest';
import { aggregateFunctions } from './aggregate';
import { setAggregates } from './aggregate-sets';
import { statisticalAggregates } from './aggregate-statistics';
import { conversionFunctions } from './conversion';
import { datetimeFunctions } from './datetime';
import { numericFunctions } from './numeric';
import { regexpFunctions } from './regexp';
import { semiStructuredFunctions } from './semi-structured';
import { sequenceFunctions } from './sequences';
import { stringFunctions } from './string';
import { stringEncodingFunctions } from './string-encoding';
import { systemFunctions } from './system';
import { tableFunctions } from './table-functions';
import { aggregateRegistrar, registrar, type AggregateFns, type FunctionContext, type Implementations } from './util';

export type { FunctionContext } from './util';

/** Every family's implementations; each function's state is per replica (per database). */
function implementations(ctx: FunctionContext): Implementations {
  return {
    ...systemFunctions(ctx),
    ...datetimeFunctions(ctx),
    ...numericFunctions(ctx),
    ...semiStructuredFunctions(),
    ...conversionFunctions(ctx),
    ...aggregateFunctions(),
    ...statisticalAggregates(),
    ...setAggregates(),
    ...stringFunctions(),
    ...stringEncodingFunctions(ctx),
    ...regexpFunctions(),
    ...tableFunctions(ctx),
    ...sequenceFunctions(ctx),
  };
}

export function registerFunctions(db: Database, ctx: FunctionContext): void {
  const impls = implementations(ctx);
  const reg = registrar(db);
  const agg = aggregateRegistrar(db);
  for (const name of engineFunctionNames) {
    const impl = impls[name];
    // TypeScript rules this out; a clear failure at start if a cast ever lets it through.
    if (!impl) throw new Error(`engine function ${name} has no implementation`);
    if (ENGINE_FUNCTIONS[name].kind === 'aggregate') agg(name, impl as AggregateFns<unknown>);
    else for (const f of Array.isArray(impl) ? impl : [impl]) reg(name, f);
  }
}
