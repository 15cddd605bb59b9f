/**
 * Snowflake functions that SQLite lacks, registered as user functions on every replica, one
 * module per family (lib/sql/functions names the same families on the compile side).
 * Each must be deterministic given the statement pins (current time, seed, time zone), because
 * writes are replayed from the journal on other replicas and after a restart.
 */
import type { Database } from 'sql.js';
import { registerAggregateFunctions } from './aggregate';
import { registerSetAggregates } from './aggregate-sets';
import { registerStatisticalAggregates } from './aggregate-statistics';
import { registerConversionFunctions } from './conversion';
import { registerDatetimeFunctions } from './datetime';
import { registerNumericFunctions } from './numeric';
import { registerRegexpFunctions } from './regexp';
import { registerSemiStructuredFunctions } from './semi-structured';
import { registerSequenceFunctions } from './sequences';
import { registerStringFunctions } from './string';
import { registerStringEncodingFunctions } from './string-encoding';
import { registerSystemFunctions } from './system';
import { registerTableFunctions } from './table-functions';
import { aggregateRegistrar, registrar, type FunctionContext } from './util';

export type { FunctionContext } from './util';

export function registerFunctions(db: Database, ctx: FunctionContext): void {
  const reg = registrar(db);
  registerSystemFunctions(reg, ctx);
  registerDatetimeFunctions(reg, ctx);
  registerNumericFunctions(reg, ctx, aggregateRegistrar(db));
  registerSemiStructuredFunctions(reg);
  registerConversionFunctions(reg, ctx);
  registerAggregateFunctions(reg);
  registerStatisticalAggregates(reg);
  registerSetAggregates(reg);
  registerStringFunctions(reg);
  registerStringEncodingFunctions(reg, ctx);
  registerRegexpFunctions(reg);
  registerTableFunctions(reg, ctx);
  registerSequenceFunctions(reg, ctx);
}
