import type { FunctionCase } from './types';
import { displayed } from './datetime';

// Date and time parts by every documented spelling ("Supported date and time parts",
// https://docs.snowflake.com/en/sql-reference/functions-date-time), the WEEK_START and
// WEEK_OF_YEAR_POLICY session parameters ("Calendar weeks and weekdays", same page, and the
// YEAR* / DAY* / WEEK* page), and TIMESTAMP_TYPE_MAPPING (data-types-datetime, DATE_PART's page).

const WEEK_EXAMPLES = [
  'CREATE TABLE week_examples (d DATE)',
  "INSERT INTO week_examples VALUES ('2016-12-30'), ('2016-12-31'), ('2017-01-01'), ('2017-01-02'), ('2017-01-03'), ('2017-01-04'), ('2017-01-05'), ('2017-12-30'), ('2017-12-31')",
];

/** The first query of "Controlling the first day of the week" (DAYNAME of the truncated dates written out, not as lateral aliases). */
const FIRST_DAY_SQL = `SELECT d, DAYNAME(d), DAYOFWEEK(d), DATE_TRUNC('week', d), DAYNAME(DATE_TRUNC('week', d)),
  LAST_DAY(d, 'week'), DAYNAME(LAST_DAY(d, 'week')), DATEDIFF('week', '2017-01-01', d) FROM week_examples ORDER BY d`;

/** The query of "Controlling the year and days for the first/last weeks of the year". */
const WEEK_OF_YEAR_SQL = 'SELECT d, DAYNAME(d), WEEK(d), WEEKISO(d), YEAROFWEEK(d), YEAROFWEEKISO(d) FROM week_examples ORDER BY d';

const MONDAY_WEEKS = (sunday: string): (string | null)[][] => [
  ['2016-12-30', 'Fri', '5', '2016-12-26', 'Mon', '2017-01-01', 'Sun', '0'],
  ['2016-12-31', 'Sat', '6', '2016-12-26', 'Mon', '2017-01-01', 'Sun', '0'],
  ['2017-01-01', 'Sun', sunday, '2016-12-26', 'Mon', '2017-01-01', 'Sun', '0'],
  ['2017-01-02', 'Mon', '1', '2017-01-02', 'Mon', '2017-01-08', 'Sun', '1'],
  ['2017-01-03', 'Tue', '2', '2017-01-02', 'Mon', '2017-01-08', 'Sun', '1'],
  ['2017-01-04', 'Wed', '3', '2017-01-02', 'Mon', '2017-01-08', 'Sun', '1'],
  ['2017-01-05', 'Thu', '4', '2017-01-02', 'Mon', '2017-01-08', 'Sun', '1'],
  ['2017-12-30', 'Sat', '6', '2017-12-25', 'Mon', '2017-12-31', 'Sun', '52'],
  ['2017-12-31', 'Sun', sunday, '2017-12-25', 'Mon', '2017-12-31', 'Sun', '52'],
];

const TS = "'2024-04-08 23:39:20.123456789'::TIMESTAMP_NTZ";

export const calendar: FunctionCase[] = displayed([
  // Part spellings: m is MINUTE everywhere (the parser's own table reads it as MONTH in DATEDIFF).
  { name: 'DATEDIFF(m, …) counts minutes', sql: "SELECT DATEDIFF(m, '2024-01-01 10:00:00'::TIMESTAMP_NTZ, '2024-01-01 10:30:00'::TIMESTAMP_NTZ)", rows: [['30']], types: [{ type: 'fixed', scale: 0 }] },
  { name: "DATEDIFF('M', …) counts minutes", sql: "SELECT DATEDIFF('M', '2024-01-01 10:00:00'::TIMESTAMP_NTZ, '2024-03-01 10:00:00'::TIMESTAMP_NTZ)", rows: [['86400']] },
  { name: 'TIMESTAMPDIFF and TIMEDIFF with m', sql: "SELECT TIMESTAMPDIFF(m, '2024-01-01 10:00:00'::TIMESTAMP_NTZ, '2024-01-01 12:00:00'::TIMESTAMP_NTZ), TIMEDIFF(M, '10:00:00'::TIME, '10:05:59'::TIME)", rows: [['120', '5']] },
  { name: 'DATEDIFF month spellings', sql: "SELECT DATEDIFF(mm, '2024-01-31'::DATE, '2024-03-01'::DATE), DATEDIFF(mon, '2024-01-31'::DATE, '2024-03-01'::DATE), DATEDIFF('mons', '2024-01-31'::DATE, '2024-03-01'::DATE), DATEDIFF(months, '2024-01-31'::DATE, '2024-03-01'::DATE)", rows: [['2', '2', '2', '2']] },
  { name: 'DATEDIFF year, day, quarter, week spellings', sql: "SELECT DATEDIFF(yyy, '2020-12-31'::DATE, '2024-01-01'::DATE), DATEDIFF(yrs, '2020-12-31'::DATE, '2024-01-01'::DATE), DATEDIFF(dd, '2024-01-01'::DATE, '2024-01-11'::DATE), DATEDIFF(qtrs, '2024-01-01'::DATE, '2024-12-31'::DATE), DATEDIFF(woy, '2024-01-01'::DATE, '2024-01-15'::DATE)", rows: [['4', '4', '10', '3', '2']] },
  { name: 'DATEDIFF time spellings', sql: "SELECT DATEDIFF(hrs, '2024-01-01 00:00:00'::TIMESTAMP_NTZ, '2024-01-01 05:00:00'::TIMESTAMP_NTZ), DATEDIFF(mins, '2024-01-01 00:00:00'::TIMESTAMP_NTZ, '2024-01-01 00:07:00'::TIMESTAMP_NTZ), DATEDIFF(secs, '2024-01-01 00:00:00'::TIMESTAMP_NTZ, '2024-01-01 00:00:09'::TIMESTAMP_NTZ), DATEDIFF(msec, '2024-01-01 00:00:00'::TIMESTAMP_NTZ, '2024-01-01 00:00:01'::TIMESTAMP_NTZ), DATEDIFF(usec, '2024-01-01 00:00:00'::TIMESTAMP_NTZ, '2024-01-01 00:00:00.000002'::TIMESTAMP_NTZ), DATEDIFF(nsecond, '2024-01-01 00:00:00'::TIMESTAMP_NTZ, '2024-01-01 00:00:00.000000003'::TIMESTAMP_NTZ)", rows: [['5', '7', '9', '1000', '2', '3']] },
  { name: 'DATEADD with m adds minutes, mm months', sql: "SELECT DATEADD(m, 1, '2024-01-31 10:00:00'::TIMESTAMP_NTZ), DATEADD('mm', 1, '2024-01-31 10:00:00'::TIMESTAMP_NTZ), TIMEADD(MI, 90, '10:00:00'::TIME), TIMESTAMPADD(min, -1, '2024-01-01 00:00:00'::TIMESTAMP_NTZ)", rows: [['2024-01-31 10:01:00.000', '2024-02-29 10:00:00.000', '11:30:00', '2023-12-31 23:59:00.000']] },
  { name: 'DATEADD year, quarter, week, day and hour spellings', sql: "SELECT DATEADD(yyyy, 1, '2024-02-29'::DATE), DATEADD(qtr, 1, '2024-02-29'::DATE), DATEADD(wy, 1, '2024-02-29'::DATE), DATEADD(days, 1, '2024-02-29'::DATE), DATEADD(hr, 25, '2024-02-29'::DATE)", rows: [['2025-02-28', '2024-05-29', '2024-03-07', '2024-03-01', '2024-03-01 01:00:00.000']] },
  { name: 'DATE_TRUNC with m and mm', sql: `SELECT DATE_TRUNC('m', ${TS}), DATE_TRUNC(mm, ${TS}), DATE_TRUNC('H', ${TS}), DATE_TRUNC(s, ${TS}), DATE_TRUNC(ms, ${TS}), DATE_TRUNC(y, ${TS})`, parameters: { TIMESTAMP_NTZ_OUTPUT_FORMAT: 'YYYY-MM-DD HH24:MI:SS.FF9' }, rows: [['2024-04-08 23:39:00.000000000', '2024-04-01 00:00:00.000000000', '2024-04-08 23:00:00.000000000', '2024-04-08 23:39:20.000000000', '2024-04-08 23:39:20.123000000', '2024-01-01 00:00:00.000000000']] },
  { name: 'DATE_PART and EXTRACT with m read minutes', sql: `SELECT DATE_PART(m, ${TS}), DATE_PART('MM', ${TS}), EXTRACT(m FROM ${TS}), EXTRACT(mon FROM ${TS}), DATE_PART(mins, ${TS})`, rows: [['39', '4', '39', '4', '39']] },
  { name: 'DATE_PART day-level spellings', sql: "SELECT DATE_PART(dayofmonth, '2024-04-08'::DATE), DATE_PART(weekday, '2024-04-08'::DATE), DATE_PART(dw, '2024-04-08'::DATE), DATE_PART(dayofweek_iso, '2024-04-07'::DATE), DATE_PART('dw_iso', '2024-04-07'::DATE), DATE_PART(yearday, '2024-04-08'::DATE), EXTRACT(doy FROM '2024-04-08'::DATE), DATE_PART(dy, '2024-04-08'::DATE)", rows: [['8', '1', '1', '7', '7', '99', '99', '99']] },
  { name: 'DATE_PART week-level spellings', sql: "SELECT DATE_PART(week_iso, '2021-01-01'::DATE), DATE_PART(weekofyeariso, '2021-01-01'::DATE), DATE_PART('weekofyear_iso', '2021-01-01'::DATE), DATE_PART(yearofweekiso, '2021-01-01'::DATE), DATE_PART(yearofweek_iso, '2021-01-01'::DATE), DATE_PART(wk, '2021-01-01'::DATE), DATE_PART(yearofweek, '2021-01-01'::DATE)", rows: [['53', '53', '53', '2020', '2020', '53', '2020']] },
  { name: 'DATE_PART time and epoch spellings', sql: `SELECT DATE_PART(hh, ${TS}), DATE_PART(secs, ${TS}), DATE_PART(nsec, ${TS}), DATE_PART(nanosecs, ${TS}), DATE_PART(epoch, ${TS}), DATE_PART(epoch_seconds, ${TS}), DATE_PART('epoch_milliseconds', ${TS})`, rows: [['23', '20', '123456789', '123456789', '1712619560', '1712619560', '1712619560123']] },
  { name: 'DATE_PART timezone parts tzh and tzm', sql: "SELECT DATE_PART(tzh, '2024-01-01 10:00:00 +05:30'::TIMESTAMP_TZ), DATE_PART('TZM', '2024-01-01 10:00:00 +05:30'::TIMESTAMP_TZ)", rows: [['5', '30']] },
  { name: 'LAST_DAY with abbreviated parts', sql: "SELECT LAST_DAY('2024-02-10'::DATE, mm), LAST_DAY('2024-02-10'::DATE, 'y'), LAST_DAY('2024-02-10'::DATE, qtr), LAST_DAY('2024-02-10'::DATE, wk), LAST_DAY('2024-02-10'::DATE, 'Months')", rows: [['2024-02-29', '2024-12-31', '2024-03-31', '2024-02-11', '2024-02-29']] },

  // DATE_PART examples (TO_TIMESTAMP follows TIMESTAMP_TYPE_MAPPING, TIMESTAMP_NTZ by default).
  { sql: "SELECT DATE_PART(quarter, '2024-04-08'::DATE)", rows: [['2']], names: ["DATE_PART(QUARTER, '2024-04-08'::DATE)"] },
  { sql: "SELECT TO_TIMESTAMP('2024-04-08T23:39:20.123-07:00') AS \"TIME_STAMP1\", DATE_PART(epoch_millisecond, TO_TIMESTAMP('2024-04-08T23:39:20.123-07:00')) AS \"EXTRACTED EPOCH MILLISECOND\"", rows: [['2024-04-08 23:39:20.123', '1712619560123']], types: ['timestamp_ntz', { type: 'fixed', scale: 0 }] },

  // Calendar weeks and weekdays: the documented tables, one per parameter setting.
  { name: 'week_examples with WEEK_START 0', setup: WEEK_EXAMPLES, sql: FIRST_DAY_SQL, parameters: { WEEK_START: 0 }, rows: MONDAY_WEEKS('0'), types: ['date', { type: 'text', length: 3 }, { type: 'fixed', scale: 0 }, 'date', 'text', 'date', 'text', 'fixed'] },
  { name: 'week_examples with WEEK_START 1', setup: WEEK_EXAMPLES, sql: FIRST_DAY_SQL, parameters: { WEEK_START: 1 }, rows: MONDAY_WEEKS('7') },
  {
    name: 'week_examples with WEEK_START 3 (Wednesday)', setup: WEEK_EXAMPLES, sql: FIRST_DAY_SQL, parameters: { WEEK_START: 3 },
    rows: [
      ['2016-12-30', 'Fri', '3', '2016-12-28', 'Wed', '2017-01-03', 'Tue', '0'],
      ['2016-12-31', 'Sat', '4', '2016-12-28', 'Wed', '2017-01-03', 'Tue', '0'],
      ['2017-01-01', 'Sun', '5', '2016-12-28', 'Wed', '2017-01-03', 'Tue', '0'],
      ['2017-01-02', 'Mon', '6', '2016-12-28', 'Wed', '2017-01-03', 'Tue', '0'],
      ['2017-01-03', 'Tue', '7', '2016-12-28', 'Wed', '2017-01-03', 'Tue', '0'],
      ['2017-01-04', 'Wed', '1', '2017-01-04', 'Wed', '2017-01-10', 'Tue', '1'],
      ['2017-01-05', 'Thu', '2', '2017-01-04', 'Wed', '2017-01-10', 'Tue', '1'],
      ['2017-12-30', 'Sat', '4', '2017-12-27', 'Wed', '2018-01-02', 'Tue', '52'],
      ['2017-12-31', 'Sun', '5', '2017-12-27', 'Wed', '2018-01-02', 'Tue', '52'],
    ],
  },
  {
    name: 'week_examples with WEEK_OF_YEAR_POLICY 0, WEEK_START 0', setup: WEEK_EXAMPLES, sql: WEEK_OF_YEAR_SQL, parameters: { WEEK_OF_YEAR_POLICY: 0, WEEK_START: 0 },
    rows: [
      ['2016-12-30', 'Fri', '52', '52', '2016', '2016'],
      ['2016-12-31', 'Sat', '52', '52', '2016', '2016'],
      ['2017-01-01', 'Sun', '52', '52', '2016', '2016'],
      ['2017-01-02', 'Mon', '1', '1', '2017', '2017'],
      ['2017-01-03', 'Tue', '1', '1', '2017', '2017'],
      ['2017-01-04', 'Wed', '1', '1', '2017', '2017'],
      ['2017-01-05', 'Thu', '1', '1', '2017', '2017'],
      ['2017-12-30', 'Sat', '52', '52', '2017', '2017'],
      ['2017-12-31', 'Sun', '52', '52', '2017', '2017'],
    ],
  },
  {
    name: 'week_examples with WEEK_OF_YEAR_POLICY 0, WEEK_START 3', setup: WEEK_EXAMPLES, sql: WEEK_OF_YEAR_SQL, parameters: { WEEK_OF_YEAR_POLICY: 0, WEEK_START: 3 },
    rows: [
      ['2016-12-30', 'Fri', '53', '52', '2016', '2016'],
      ['2016-12-31', 'Sat', '53', '52', '2016', '2016'],
      ['2017-01-01', 'Sun', '53', '52', '2016', '2016'],
      ['2017-01-02', 'Mon', '53', '1', '2016', '2017'],
      ['2017-01-03', 'Tue', '53', '1', '2016', '2017'],
      ['2017-01-04', 'Wed', '1', '1', '2017', '2017'],
      ['2017-01-05', 'Thu', '1', '1', '2017', '2017'],
      ['2017-12-30', 'Sat', '52', '52', '2017', '2017'],
      ['2017-12-31', 'Sun', '52', '52', '2017', '2017'],
    ],
  },
  {
    name: 'week_examples with WEEK_OF_YEAR_POLICY 1, WEEK_START 1', setup: WEEK_EXAMPLES, sql: WEEK_OF_YEAR_SQL, parameters: { WEEK_OF_YEAR_POLICY: 1, WEEK_START: 1 },
    rows: [
      ['2016-12-30', 'Fri', '53', '52', '2016', '2016'],
      ['2016-12-31', 'Sat', '53', '52', '2016', '2016'],
      ['2017-01-01', 'Sun', '1', '52', '2017', '2016'],
      ['2017-01-02', 'Mon', '2', '1', '2017', '2017'],
      ['2017-01-03', 'Tue', '2', '1', '2017', '2017'],
      ['2017-01-04', 'Wed', '2', '1', '2017', '2017'],
      ['2017-01-05', 'Thu', '2', '1', '2017', '2017'],
      ['2017-12-30', 'Sat', '53', '52', '2017', '2017'],
      ['2017-12-31', 'Sun', '53', '52', '2017', '2017'],
    ],
  },
  {
    name: 'week_examples with WEEK_OF_YEAR_POLICY 1, WEEK_START 3', setup: WEEK_EXAMPLES, sql: WEEK_OF_YEAR_SQL, parameters: { week_of_year_policy: 1, week_start: 3 },
    rows: [
      ['2016-12-30', 'Fri', '53', '52', '2016', '2016'],
      ['2016-12-31', 'Sat', '53', '52', '2016', '2016'],
      ['2017-01-01', 'Sun', '1', '52', '2017', '2016'],
      ['2017-01-02', 'Mon', '1', '1', '2017', '2017'],
      ['2017-01-03', 'Tue', '1', '1', '2017', '2017'],
      ['2017-01-04', 'Wed', '2', '1', '2017', '2017'],
      ['2017-01-05', 'Thu', '2', '1', '2017', '2017'],
      ['2017-12-30', 'Sat', '53', '52', '2017', '2017'],
      ['2017-12-31', 'Sun', '53', '52', '2017', '2017'],
    ],
  },
  // YEAR* / DAY* / WEEK* examples.
  {
    name: 'WEEK* and YEAROFWEEK* with WEEK_OF_YEAR_POLICY 1',
    sql: "SELECT '2016-01-02T23:39:20.123-07:00'::TIMESTAMP AS tstamp, WEEK('2016-01-02T23:39:20.123-07:00'::TIMESTAMP) AS \"WEEK\", WEEKISO('2016-01-02T23:39:20.123-07:00'::TIMESTAMP) AS \"WEEK ISO\", WEEKOFYEAR('2016-01-02T23:39:20.123-07:00'::TIMESTAMP) AS \"WEEK OF YEAR\", YEAROFWEEK('2016-01-02T23:39:20.123-07:00'::TIMESTAMP) AS \"YEAR OF WEEK\", YEAROFWEEKISO('2016-01-02T23:39:20.123-07:00'::TIMESTAMP) AS \"YEAR OF WEEK ISO\"",
    parameters: { WEEK_OF_YEAR_POLICY: 1 },
    rows: [['2016-01-02 23:39:20.123', '1', '53', '1', '2016', '2015']],
  },
  {
    name: 'DAYOFWEEK with WEEK_START 7 (Sunday)',
    sql: "SELECT '2025-04-05T23:39:20.123-07:00'::TIMESTAMP AS tstamp, DAYOFWEEK('2025-04-05T23:39:20.123-07:00'::TIMESTAMP) AS \"DAY OF WEEK\", DAYOFWEEKISO('2025-04-05T23:39:20.123-07:00'::TIMESTAMP) AS \"DAY OF WEEK ISO\"",
    parameters: { WEEK_START: 7 },
    rows: [['2025-04-05 23:39:20.123', '7', '6']],
  },
  {
    name: 'DAYOFWEEK with WEEK_START 1 (Monday)',
    sql: "SELECT '2025-04-05T23:39:20.123-07:00'::TIMESTAMP AS tstamp, DAYOFWEEK('2025-04-05T23:39:20.123-07:00'::TIMESTAMP) AS \"DAY OF WEEK\", DAYOFWEEKISO('2025-04-05T23:39:20.123-07:00'::TIMESTAMP) AS \"DAY OF WEEK ISO\"",
    parameters: { WEEK_START: 1 },
    rows: [['2025-04-05 23:39:20.123', '6', '6']],
  },
  { name: "DATE_PART('dow') and EXTRACT(yearofweek) follow the week settings", sql: "SELECT DATE_PART('dow', '2025-04-05'::DATE), EXTRACT(yearofweek FROM '2017-01-02'::DATE), DATE_PART(woy, '2017-01-02'::DATE)", parameters: { WEEK_START: 3 }, rows: [['4', '2016', '53']] },
  { name: 'NEXT_DAY and PREVIOUS_DAY name the day: WEEK_START does not move them', sql: "SELECT NEXT_DAY('2025-05-06'::DATE, 'Friday'), PREVIOUS_DAY('2025-05-06'::DATE, 'mo')", parameters: { WEEK_START: 3 }, rows: [['2025-05-09', '2025-05-05']] },
  { name: 'an out-of-range WEEK_START is refused', sql: 'SELECT 1', parameters: { WEEK_START: 8 }, error: '002031' },

  // TIMESTAMP_TYPE_MAPPING: the TIMESTAMP alias in DDL, casts and TO_TIMESTAMP.
  { name: 'TIMESTAMP column with TIMESTAMP_TYPE_MAPPING TIMESTAMP_NTZ', setup: ['CREATE TABLE ts_test(ts TIMESTAMP)'], sql: 'SELECT ts FROM ts_test', parameters: { TIMESTAMP_TYPE_MAPPING: 'TIMESTAMP_NTZ' }, rows: [], types: [{ type: 'timestamp_ntz', scale: 9 }] },
  { name: 'TIMESTAMP column with TIMESTAMP_TYPE_MAPPING TIMESTAMP_LTZ', setup: ['CREATE TABLE ts_test(ts TIMESTAMP, t3 TIMESTAMP(3))'], sql: 'SELECT ts, t3 FROM ts_test', parameters: { TIMESTAMP_TYPE_MAPPING: 'TIMESTAMP_LTZ' }, rows: [], types: [{ type: 'timestamp_ltz', scale: 9 }, { type: 'timestamp_ltz', scale: 3 }] },
  { name: 'CAST AS TIMESTAMP and ::TIMESTAMP with TIMESTAMP_TYPE_MAPPING TIMESTAMP_TZ', sql: "SELECT CAST('2024-01-01 16:00:00' AS TIMESTAMP), '2024-01-02 16:00:00 +00:00'::TIMESTAMP", parameters: { TIMESTAMP_TYPE_MAPPING: 'TIMESTAMP_TZ' }, rows: [['2024-01-01 16:00:00.000 -0800', '2024-01-02 16:00:00.000 +0000']], types: ['timestamp_tz', 'timestamp_tz'] },
  { name: '::TIMESTAMP with TIMESTAMP_TYPE_MAPPING TIMESTAMP_LTZ', sql: "SELECT '2024-01-02 16:00:00 +00:00'::TIMESTAMP, HOUR('2024-01-02 16:00:00 +00:00'::TIMESTAMP)", parameters: { TIMESTAMP_TYPE_MAPPING: 'TIMESTAMP_LTZ' }, rows: [['2024-01-02 08:00:00.000 -0800', '8']], types: ['timestamp_ltz', 'fixed'] },
  { name: 'TO_TIMESTAMP and TRY_TO_TIMESTAMP with TIMESTAMP_TYPE_MAPPING TIMESTAMP_LTZ', sql: "SELECT TO_TIMESTAMP('2024-01-01 16:00:00'), TRY_TO_TIMESTAMP('2024-01-01 16:00:00'), TO_TIMESTAMP_NTZ('2024-01-01 16:00:00')", parameters: { TIMESTAMP_TYPE_MAPPING: 'TIMESTAMP_LTZ' }, rows: [['2024-01-01 16:00:00.000 -0800', '2024-01-01 16:00:00.000 -0800', '2024-01-01 16:00:00.000']], types: ['timestamp_ltz', 'timestamp_ltz', 'timestamp_ntz'] },
  { name: 'an unknown TIMESTAMP_TYPE_MAPPING is refused', sql: 'SELECT 1', parameters: { TIMESTAMP_TYPE_MAPPING: 'TIMESTAMP_XYZ' }, error: '002031' },
]);
