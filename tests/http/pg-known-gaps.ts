// Setup file of the `http-pg` project: the http cases that do not pass on PostgreSQL yet (issue 20
// is open for them). Each is skipped there with its reason, so `npm test` counts it as skipped and
// says so, and still runs everywhere else (sql.js). FLOE_RUN_PG_GAPS=1 runs them anyway: a case that
// passes then must leave this list. Keys: `<file> > <test name>` (describe blocks left out).
import path from 'node:path';
import { beforeEach } from 'vitest';

export const PG_KNOWN_GAPS: Record<string, string> = {
  "function-corpus.test.ts > MEDIAN, STDDEV and PERCENTILE_CONT of FLOAT values with NaN":
    "FLOAT NaN/inf text (\"NaN\") is not read on PostgreSQL (100038)",
  "function-corpus.test.ts > MIN, MAX and AVG of NUMBER(38,0) beyond int64 over partitions":
    "window MIN/MAX/AVG over NUMBER(38,0) beyond int64: wrong answer, not investigated",
  "function-limits.test.ts > SELECT CEIL(1e308, 1e308)":
    "CEIL with a scale: PostgreSQL's numeric bounds differ from Snowflake's (range errors)",
  "function-limits.test.ts > SELECT CEIL(1.5, -1000000000) → 100046":
    "CEIL with a scale: PostgreSQL's numeric bounds differ from Snowflake's (range errors)",
  "numeric-exactness.test.ts > values written into NUMBER(p,s) are rounded half away from zero; overflow is refused":
    "NUMBER(p,s) overflow: PostgreSQL's 22003 lacks the type and value Snowflake names",
  "silent-results.test.ts > statistical aggregates over FLOAT values with NaN: NaN sorts last, no conversion error":
    "FLOAT NaN/inf text (\"NaN\") is not read on PostgreSQL (100038)",
  "table-lifetimes.test.ts > temporary tables left by a crash are dropped at the next start":
    "a dead node's temporary tables are dropped after its lease ends, not at once on restart",
  "typed-operands.test.ts > every typed operand through every operation: a typed answer or a Snowflake error, never an internal one":
    "5 operand cases (SIGN of NaN, TO_NUMBER of BOOLEAN/BINARY) fail on PostgreSQL",
};

beforeEach((ctx) => {
  if (process.env.FLOE_RUN_PG_GAPS === '1') return;
  const why = PG_KNOWN_GAPS[`${path.basename(ctx.task.file.filepath)} > ${ctx.task.name}`];
  if (why) ctx.skip(`not yet on PostgreSQL: ${why}`);
});
