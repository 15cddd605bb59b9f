// Setup file of the `http-pg` project: the http cases that do not pass on PostgreSQL yet (issue 20
// is open for them). Each is skipped there with its reason, so `npm test` counts it as skipped and
// says so, and still runs everywhere else (sql.js). FLOE_RUN_PG_GAPS=1 runs them anyway: a case that
// passes then must leave this list. Keys: `<file> > <test name>` (describe blocks left out).
import path from 'node:path';
import { beforeEach } from 'vitest';

export const PG_KNOWN_GAPS: Record<string, string> = {
  "function-corpus.test.ts > MEDIAN, STDDEV and PERCENTILE_CONT of FLOAT values with NaN":
    "FLOAT NaN/inf text (\"NaN\") is not read on PostgreSQL (100038)",
  "function-corpus.test.ts > LEAD IGNORE NULLS with a default":
    "LEAD … IGNORE NULLS with a default: the default's type is not unified (COALESCE type error)",
  "function-corpus.test.ts > SELECT LEFT(X'414243444546', 3), RIGHT(X'414243444546', 3), REVERSE(X'414243'), RIGHT(X'4142', 0), LEFT(X'4142', -1)":
    "LEFT/RIGHT/REVERSE of BINARY have no bytea form yet",
  "function-corpus.test.ts > SELECT OBJECT_CONSTRUCT(*) AS oc FROM demo_table_1 ORDER BY oc['PROVINCE']":
    "ORDER BY a path into a select-list alias (PostgreSQL resolves no alias inside an expression)",
  "function-corpus.test.ts > MIN, MAX and AVG of NUMBER(38,0) beyond int64 over partitions":
    "window MIN/MAX/AVG over NUMBER(38,0) beyond int64: wrong answer, not investigated",
  "function-limits.test.ts > SELECT CEIL(1e308, 1e308)":
    "CEIL with a scale: PostgreSQL's numeric bounds differ from Snowflake's (range errors)",
  "function-limits.test.ts > SELECT CEIL(1.5, -1000000000) → 100046":
    "CEIL with a scale: PostgreSQL's numeric bounds differ from Snowflake's (range errors)",
  "function-limits.test.ts > SELECT GET_PATH(PARSE_JSON('{}'), [1, 'a']) → 002140":
    "GET_PATH with an array path argument: PostgreSQL answers 100000 instead of failing closed",
  "function-limits.test.ts > SELECT ARRAY_AGG(TO_BINARY('ff', 'HEX')) → 002140":
    "ARRAY_AGG of BINARY runs instead of failing closed (sql.js refuses it)",
  "no-engine-text.test.ts > SELECT (1, 2)":
    "a row constructor runs on PostgreSQL where Snowflake refuses it",
  "numeric-exactness.test.ts > values written into NUMBER(p,s) are rounded half away from zero; overflow is refused":
    "NUMBER(p,s) overflow: PostgreSQL's 22003 lacks the type and value Snowflake names",
  "silent-results.test.ts > BINARY values: LEFT, RIGHT and REVERSE are bytes, typed BINARY (were text)":
    "LEFT/RIGHT/REVERSE of BINARY have no bytea form yet",
  "silent-results.test.ts > statistical aggregates over FLOAT values with NaN: NaN sorts last, no conversion error":
    "FLOAT NaN/inf text (\"NaN\") is not read on PostgreSQL (100038)",
  "sql-corpus.test.ts > EXPLAIN USING TABULAR of a join":
    "EXPLAIN of a join: the expected plan is SQLite's shape",
  "sql-corpus.test.ts > WHERE and QUALIFY may use a select-list alias":
    "select-list aliases in WHERE/QUALIFY are not substituted for PostgreSQL",
  "typed-operands.test.ts > every typed operand through every operation: a typed answer or a Snowflake error, never an internal one":
    "5 operand cases (SIGN of NaN, TO_NUMBER of BOOLEAN/BINARY) fail on PostgreSQL",
  "values.test.ts > REGEXP_SUBSTR($, 'an') over a VARIANT string is the call over its string value":
    "REGEXP_* functions are not on PostgreSQL yet (listed unsupported); this case expects answers",
  "values.test.ts > REGEXP_SUBSTR_ALL($, 'an') over a VARIANT string is the call over its string value":
    "REGEXP_* functions are not on PostgreSQL yet (listed unsupported); this case expects answers",
  "values.test.ts > REGEXP_EXTRACT_ALL($, 'an') over a VARIANT string is the call over its string value":
    "REGEXP_* functions are not on PostgreSQL yet (listed unsupported); this case expects answers",
  "values.test.ts > REGEXP_REPLACE($, 'an', '-') over a VARIANT string is the call over its string value":
    "REGEXP_* functions are not on PostgreSQL yet (listed unsupported); this case expects answers",
  "values.test.ts > REGEXP_COUNT($, 'an') over a VARIANT string is the call over its string value":
    "REGEXP_* functions are not on PostgreSQL yet (listed unsupported); this case expects answers",
  "values.test.ts > REGEXP_INSTR($, 'an') over a VARIANT string is the call over its string value":
    "REGEXP_* functions are not on PostgreSQL yet (listed unsupported); this case expects answers",
  "view-dependencies.test.ts > an expanded view works wherever a table does: joins with itself, subqueries, CTEs, SAMPLE, qualified names, V.*":
    "SAMPLE (FLOE_SAMPLE_DRAW) is not on PostgreSQL yet (listed unsupported)",
};

beforeEach((ctx) => {
  if (process.env.FLOE_RUN_PG_GAPS === '1') return;
  const why = PG_KNOWN_GAPS[`${path.basename(ctx.task.file.filepath)} > ${ctx.task.name}`];
  if (why) ctx.skip(`not yet on PostgreSQL: ${why}`);
});
