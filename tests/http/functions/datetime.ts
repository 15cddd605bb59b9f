import type { FunctionCase } from './types';

// Date and time functions (https://docs.snowflake.com/en/sql-reference/functions-date-time), with
// the examples of each function's page. Snowflake's documented output is shown with the default
// display formats, so cases ask for exactly those (the jsonv2 default would be epoch numbers).
export const DISPLAY = {
  DATE_OUTPUT_FORMAT: 'YYYY-MM-DD',
  TIME_OUTPUT_FORMAT: 'HH24:MI:SS',
  TIMESTAMP_NTZ_OUTPUT_FORMAT: 'YYYY-MM-DD HH24:MI:SS.FF3',
  TIMESTAMP_OUTPUT_FORMAT: 'YYYY-MM-DD HH24:MI:SS.FF3 TZHTZM',
  TIMEZONE: 'America/Los_Angeles',
};

/** Cases shown in the display formats unless they set their own parameters. */
export const displayed = (cases: FunctionCase[]): FunctionCase[] => cases.map((c) => ({ ...c, parameters: { ...DISPLAY, ...c.parameters } }));

const num = (scale = 0) => ({ type: 'fixed', scale });

export const datetime: FunctionCase[] = displayed([
  // DATEADD / TIMEADD / TIMESTAMPADD
  { sql: "SELECT TO_DATE('2022-05-08') AS original_date, DATEADD(year, 2, TO_DATE('2022-05-08')) AS date_plus_two_years", rows: [['2022-05-08', '2024-05-08']], types: ['date', 'date'], names: ['ORIGINAL_DATE', 'DATE_PLUS_TWO_YEARS'] },
  { sql: "SELECT DATEADD(year, -2, TO_DATE('2022-05-08'))", rows: [['2020-05-08']], types: ['date'] },
  { sql: "SELECT DATEADD(month, 1, '2000-01-31'::DATE) AS different_number_of_days", rows: [['2000-02-29']], types: ['date'] },
  { sql: "SELECT DATEADD(month, 1, '2000-02-29'::DATE)", rows: [['2000-03-29']] },
  { sql: "SELECT DATEADD(hour, 2, TO_TIMESTAMP_LTZ('2022-05-08 14:30:00'))", rows: [['2022-05-08 16:30:00.000 -0700']], types: [{ type: 'timestamp_ltz', scale: 9 }] },
  { sql: "SELECT DATEADD(hour, 1, '2024-01-01'::DATE)", rows: [['2024-01-01 01:00:00.000']], types: [{ type: 'timestamp_ntz', scale: 9 }] },
  { sql: "SELECT TIMEADD(minute, 30, '10:45:00'::TIME)", rows: [['11:15:00']], types: [{ type: 'time', scale: 9 }] },
  { sql: "SELECT TIMESTAMPADD(second, 30, '2024-02-29 23:59:45'::TIMESTAMP_NTZ)", rows: [['2024-03-01 00:00:15.000']], types: ['timestamp_ntz'] },
  { sql: "SELECT DATEADD(ms, 500, '2024-01-01 00:00:00'::TIMESTAMP_NTZ)", rows: [['2024-01-01 00:00:00.500']] },
  { sql: "SELECT DATEADD(quarter, 1, '2024-11-30'::DATE)", rows: [['2025-02-28']] },
  { sql: "SELECT DATEADD(wk, 2, '2024-12-25'::DATE)", rows: [['2025-01-08']] },
  { sql: "SELECT DATEADD(yy, 1, '2024-02-29'::DATE)", rows: [['2025-02-28']] },
  { sql: "SELECT DATEADD('day', 1, '2020-01-01')", rows: [['2020-01-02 00:00:00.000']], types: ['timestamp_ntz'] },
  { sql: "SELECT DATEADD(nanoseconds, 1, '2024-01-01 00:00:00'::TIMESTAMP_NTZ)", parameters: { TIMESTAMP_NTZ_OUTPUT_FORMAT: 'YYYY-MM-DD HH24:MI:SS.FF9' }, rows: [['2024-01-01 00:00:00.000000001']] },
  { name: 'DATEADD day on LTZ keeps the local clock across DST', sql: "SELECT DATEADD(day, 1, '2024-03-09 12:00:00'::TIMESTAMP_LTZ)", rows: [['2024-03-10 12:00:00.000 -0700']] },
  { name: 'DATEADD hours on LTZ counts elapsed time across DST', sql: "SELECT DATEADD(hour, 24, '2024-03-09 12:00:00'::TIMESTAMP_LTZ)", rows: [['2024-03-10 13:00:00.000 -0700']] },
  { sql: "SELECT DATEADD(day, 1, '2024-01-01 10:00:00 +05:30'::TIMESTAMP_TZ)", rows: [['2024-01-02 10:00:00.000 +0530']], types: ['timestamp_tz'] },
  { sql: 'SELECT DATEADD(day, NULL, CURRENT_DATE())', rows: [[null]] },

  // DATEDIFF / TIMEDIFF / TIMESTAMPDIFF
  { sql: "SELECT DATEDIFF(year, '2010-04-09 14:39:20'::TIMESTAMP, '2013-05-08 23:39:20'::TIMESTAMP) AS diff_years", rows: [['3']], types: [num()] },
  { sql: "SELECT DATEDIFF(hour, '2013-05-08T23:39:20.123-07:00'::TIMESTAMP, DATEADD(year, 1, '2013-05-08T23:39:20.123-07:00')::TIMESTAMP) AS diff_hours", rows: [['8760']] },
  { sql: "SELECT DATEDIFF(year, '2015-12-30', '2015-12-31'), DATEDIFF(month, '2015-12-30', '2015-12-31'), DATEDIFF(day, '2015-12-30', '2015-12-31')", rows: [['0', '0', '1']] },
  { sql: "SELECT DATEDIFF(year, '2015-12-31', '2016-01-01'), DATEDIFF(month, '2015-12-31', '2016-01-01'), DATEDIFF(day, '2015-12-31', '2016-01-01')", rows: [['1', '1', '1']] },
  { sql: "SELECT DATEDIFF(year, '2016-01-01', '2017-12-31'), DATEDIFF(month, '2016-01-01', '2017-12-31'), DATEDIFF(day, '2016-01-01', '2017-12-31')", rows: [['1', '23', '730']] },
  { sql: "SELECT DATEDIFF(year, '2017-08-23', '2017-09-24'), DATEDIFF(month, '2017-08-23', '2017-09-24'), DATEDIFF(day, '2017-08-23', '2017-09-24')", rows: [['0', '1', '32']] },
  { sql: "SELECT DATEDIFF(month, '2024-11-28'::DATE, '2024-12-05'::DATE)", rows: [['1']] },
  { sql: "SELECT DATEDIFF(day, '2024-01-01', '2024-02-01') AS days_difference", rows: [['31']] },
  { sql: "SELECT DATEDIFF(day, '2024-01-13'::DATE, '2024-01-01'::DATE)", rows: [['-12']] },
  { sql: "SELECT DATEDIFF(week, '2024-01-07'::DATE, '2024-01-08'::DATE), DATEDIFF(week, '2024-01-08'::DATE, '2024-01-14'::DATE)", rows: [['1', '0']] },
  { sql: "SELECT DATEDIFF(minute, '2024-01-01 10:59:59'::TIMESTAMP_NTZ, '2024-01-01 11:00:00'::TIMESTAMP_NTZ)", rows: [['1']] },
  { sql: "SELECT TIMEDIFF(second, '10:00:00'::TIME, '10:01:30'::TIME)", rows: [['90']] },
  { sql: "SELECT TIMESTAMPDIFF(ms, '2024-01-01 00:00:00.123'::TIMESTAMP_NTZ, '2024-01-01 00:00:01'::TIMESTAMP_NTZ)", rows: [['877']] },
  { sql: "SELECT DATEDIFF(quarter, '2024-03-31'::DATE, '2024-04-01'::DATE)", rows: [['1']] },
  { sql: "SELECT DATEDIFF('yy', '2020-06-01'::DATE, '2021-01-01'::DATE)", rows: [['1']] },
  { sql: "SELECT DATEDIFF(nanosecond, '2024-01-01 00:00:00'::TIMESTAMP_NTZ, '2024-01-01 00:00:01.000000001'::TIMESTAMP_NTZ)", rows: [['1000000001']] },
  { sql: "SELECT DATEDIFF(hour, '2024-01-01 00:00:00 +00:00'::TIMESTAMP_TZ, '2024-01-01 00:00:00 -02:00'::TIMESTAMP_TZ)", rows: [['2']] },
  { sql: "SELECT DATEDIFF(day, NULL, '2024-01-01'::DATE)", rows: [[null]] },

  // DATE_TRUNC
  { sql: "SELECT DATE_TRUNC('year', '2024-05-09'::DATE), DATE_TRUNC('month', '2024-05-09'::DATE), DATE_TRUNC('week', '2024-05-09'::DATE), DATE_TRUNC('day', '2024-05-09'::DATE)", rows: [['2024-01-01', '2024-05-01', '2024-05-06', '2024-05-09']], types: ['date', 'date', 'date', 'date'] },
  { sql: "SELECT DATE_TRUNC('hour', '2024-05-09 08:50:57.891'::TIMESTAMP), DATE_TRUNC('minute', '2024-05-09 08:50:57.891'::TIMESTAMP), DATE_TRUNC('second', '2024-05-09 08:50:57.891'::TIMESTAMP)", rows: [['2024-05-09 08:00:00.000', '2024-05-09 08:50:00.000', '2024-05-09 08:50:57.000']], types: ['timestamp_ntz', 'timestamp_ntz', 'timestamp_ntz'] },
  { sql: "SELECT DATE_TRUNC('quarter', '2024-05-09 08:50:57.891'::TIMESTAMP)", rows: [['2024-04-01 00:00:00.000']] },
  { sql: "SELECT DATE_TRUNC('minute', '08:50:48'::TIME)", rows: [['08:50:00']], types: ['time'] },
  { sql: "SELECT DATE_TRUNC(millisecond, '2024-05-09 08:50:57.891234'::TIMESTAMP_NTZ)", parameters: { TIMESTAMP_NTZ_OUTPUT_FORMAT: 'YYYY-MM-DD HH24:MI:SS.FF6' }, rows: [['2024-05-09 08:50:57.891000']] },
  { sql: "SELECT DATE_TRUNC('day', '2024-05-09 23:30:00'::TIMESTAMP_LTZ)", rows: [['2024-05-09 00:00:00.000 -0700']], types: ['timestamp_ltz'] },
  { sql: "SELECT DATE_TRUNC(mm, '2024-05-09 23:30:00 +09:00'::TIMESTAMP_TZ)", rows: [['2024-05-01 00:00:00.000 +0900']], types: ['timestamp_tz'] },

  { sql: "SELECT TRUNC(TO_DATE('2015-05-08T23:39:20.123-07:00'), 'YEAR') AS \"TRUNCATED TO YEAR\", TRUNC('2024-05-09 08:50:57.891'::TIMESTAMP_NTZ, 'HOUR')", rows: [['2015-01-01', '2024-05-09 08:00:00.000']], types: ['date', 'timestamp_ntz'] },

  // DATE_PART / EXTRACT
  { sql: "SELECT DATE_PART(quarter, '2024-04-08'::DATE)", rows: [['2']], types: [num()] },
  { sql: "SELECT DATE_PART(year, TO_TIMESTAMP('2024-04-08T23:39:20.123-07:00')) AS extracted_year", rows: [['2024']] },
  { sql: "SELECT DATE_PART(epoch_second, TO_TIMESTAMP('2013-05-08T23:39:20.123-07:00'))", rows: [['1368056360']], types: [num()] },
  { sql: "SELECT DATE_PART(epoch_millisecond, TO_TIMESTAMP('2013-05-08T23:39:20.123-07:00'))", rows: [['1368056360123']] },
  { sql: "SELECT EXTRACT(YEAR FROM TO_TIMESTAMP('2022-05-08T23:39:20.123-07:00')) AS v", rows: [['2022']], types: [num()] },
  { sql: "SELECT EXTRACT(month FROM '2022-05-08'::DATE), EXTRACT('day' FROM '2022-05-08'::DATE)", rows: [['5', '8']] },
  { sql: "SELECT DATE_PART('dow', '2025-04-06'::DATE), DATE_PART(dayofweekiso, '2025-04-06'::DATE)", rows: [['0', '7']] },
  { sql: "SELECT DATE_PART(nanosecond, '2024-01-01 10:00:00.123456789'::TIMESTAMP_NTZ)", rows: [['123456789']] },
  { sql: "SELECT DATE_PART(timezone_hour, '2024-01-01 10:00:00 +05:30'::TIMESTAMP_TZ), DATE_PART(tzm, '2024-01-01 10:00:00 +05:30'::TIMESTAMP_TZ)", rows: [['5', '30']] },
  { sql: "SELECT EXTRACT(epoch_second FROM '2024-01-01 00:00:00 +01:00'::TIMESTAMP_TZ)", rows: [['1704063600']] },
  { sql: "SELECT DATE_PART(doy, '2024-12-31'::DATE), DATE_PART('yrs', '2024-12-31'::DATE), DATE_PART(mons, '2024-12-31'::DATE)", rows: [['366', '2024', '12']] },
  { name: 'HOUR of an LTZ value is read in the session time zone', sql: "SELECT HOUR('2024-01-01 12:00:00 +00:00'::TIMESTAMP_LTZ)", parameters: { TIMEZONE: 'America/New_York' }, rows: [['7']] },

  // YEAR, QUARTER, MONTH, DAY, DAYOFMONTH, DAYOFYEAR, WEEK*, DAYOFWEEK*, HOUR, MINUTE, SECOND
  { sql: "SELECT YEAR('2025-04-08T23:39:20.123-07:00'::TIMESTAMP) AS \"YEAR\", QUARTER('2025-04-08T23:39:20.123-07:00'::TIMESTAMP) AS \"QUARTER OF YEAR\", MONTH('2025-04-08T23:39:20.123-07:00'::TIMESTAMP) AS \"MONTH\", DAY('2025-04-08T23:39:20.123-07:00'::TIMESTAMP) AS \"DAY\", DAYOFMONTH('2025-04-08T23:39:20.123-07:00'::TIMESTAMP) AS \"DAY OF MONTH\", DAYOFYEAR('2025-04-08T23:39:20.123-07:00'::TIMESTAMP) AS \"DAY OF YEAR\"", rows: [['2025', '2', '4', '8', '8', '98']], types: [num(), num(), num(), num(), num(), num()], names: ['YEAR', 'QUARTER OF YEAR', 'MONTH', 'DAY', 'DAY OF MONTH', 'DAY OF YEAR'] },
  { sql: "SELECT WEEK('2025-04-08T23:39:20.123-07:00'::TIMESTAMP), WEEKISO('2025-04-08T23:39:20.123-07:00'::TIMESTAMP), WEEKOFYEAR('2025-04-08T23:39:20.123-07:00'::TIMESTAMP), YEAROFWEEK('2025-04-08T23:39:20.123-07:00'::TIMESTAMP), YEAROFWEEKISO('2025-04-08T23:39:20.123-07:00'::TIMESTAMP)", rows: [['15', '15', '15', '2025', '2025']] },
  { sql: "SELECT DAYOFWEEK('2025-04-08T23:39:20.123-07:00'::TIMESTAMP), DAYOFWEEKISO('2025-04-08T23:39:20.123-07:00'::TIMESTAMP)", rows: [['2', '2']] },
  { sql: "SELECT HOUR('2025-04-08T23:39:20.123-07:00'::TIMESTAMP), MINUTE('2025-04-08T23:39:20.123-07:00'::TIMESTAMP), SECOND('2025-04-08T23:39:20.123-07:00'::TIMESTAMP)", rows: [['23', '39', '20']], types: [num(), num(), num()] },
  { sql: "SELECT YEAR('2013-05-08'::DATE), MONTH('2013-05-08'::DATE), DAY('2013-05-08'::DATE), DAYOFWEEK('2013-05-08'::DATE), DAYOFYEAR('2013-05-08'::DATE), WEEK('2013-05-08'::DATE), QUARTER('2013-05-08'::DATE)", rows: [['2013', '5', '8', '3', '128', '19', '2']] },
  { sql: "SELECT WEEK('2024-12-30'::DATE), YEAROFWEEK('2024-12-30'::DATE), WEEK('2021-01-01'::DATE), YEAROFWEEKISO('2021-01-01'::DATE)", rows: [['1', '2025', '53', '2020']] },
  { sql: "SELECT DAYOFWEEK('2025-04-06'::DATE), DAYOFWEEKISO('2025-04-06'::DATE)", rows: [['0', '7']] },
  { name: 'calendar weeks with the default WEEK_START and WEEK_OF_YEAR_POLICY', sql: "SELECT WEEK('2016-01-02T23:39:20.123-07:00'::TIMESTAMP), WEEKISO('2016-01-02T23:39:20.123-07:00'::TIMESTAMP), YEAROFWEEK('2016-01-02T23:39:20.123-07:00'::TIMESTAMP), DAYOFWEEK('2016-01-02T23:39:20.123-07:00'::TIMESTAMP), DAYOFWEEKISO('2016-01-02T23:39:20.123-07:00'::TIMESTAMP)", rows: [['53', '53', '2015', '6', '6']] },
  { sql: "SELECT DATE_TRUNC('week', '2016-01-03'::DATE), LAST_DAY('2016-01-03'::DATE, 'week')", rows: [['2015-12-28', '2016-01-03']] },
  { sql: "SELECT HOUR('13:45:10'::TIME), MINUTE('13:45:10'::TIME), SECOND('13:45:10'::TIME)", rows: [['13', '45', '10']] },
  { sql: 'SELECT YEAR(NULL::DATE)', rows: [[null]], types: [{ type: 'fixed', nullable: true }] },

  // LAST_DAY
  { sql: "SELECT TO_DATE('2025-05-08') AS \"DATE\", LAST_DAY(TO_DATE('2025-05-08')) AS \"LAST DAY OF MONTH\"", rows: [['2025-05-08', '2025-05-31']], types: ['date', 'date'] },
  { sql: "SELECT LAST_DAY(TO_DATE('2025-05-08'), 'WEEK') AS \"LAST DAY OF WEEK\"", rows: [['2025-05-11']] },
  { sql: "SELECT LAST_DAY('2024-02-10'::DATE), LAST_DAY('2024-02-10'::DATE, 'quarter'), LAST_DAY('2024-02-10'::DATE, year)", rows: [['2024-02-29', '2024-03-31', '2024-12-31']] },
  { sql: "SELECT LAST_DAY('2024-04-15 10:00:00'::TIMESTAMP_NTZ)", rows: [['2024-04-30']], types: ['date'] },

  // ADD_MONTHS (the last day of a month maps to the last day of the result month)
  { sql: "SELECT ADD_MONTHS('2016-05-15'::DATE, 8)", rows: [['2017-01-15']], types: ['date'] },
  { sql: "SELECT ADD_MONTHS('2016-01-31'::DATE, 1)", rows: [['2016-02-29']] },
  { sql: "SELECT ADD_MONTHS('2016-02-29'::DATE, 1)", rows: [['2016-03-31']] },
  { sql: "SELECT ADD_MONTHS('2016-05-31'::DATE, -1)", rows: [['2016-04-30']] },
  { sql: "SELECT ADD_MONTHS('2024-01-31 10:20:30'::TIMESTAMP_NTZ, 1)", rows: [['2024-02-29 10:20:30.000']], types: ['timestamp_ntz'] },

  // MONTHS_BETWEEN (a FLOAT; the same day of the month or both last days give whole months)
  {
    sql: "SELECT MONTHS_BETWEEN('2019-03-15'::DATE, '2019-02-15'::DATE) AS mb1, MONTHS_BETWEEN('2019-03-31'::DATE, '2019-02-28'::DATE) AS mb2, MONTHS_BETWEEN('2019-02-15 02:00:00'::TIMESTAMP, '2019-02-15 01:00:00'::TIMESTAMP) AS mb5",
    rows: [['1', '1', '0']], types: ['real', 'real', 'real'],
  },
  { sql: "SELECT MONTHS_BETWEEN('2019-03-01 02:00:00'::TIMESTAMP, '2019-02-01 13:00:00'::TIMESTAMP), MONTHS_BETWEEN('2019-03-31 01:00:00'::TIMESTAMP, '2019-02-28 13:00:00'::TIMESTAMP)", rows: [['1', '1']] },
  { name: 'MONTHS_BETWEEN counts other days in 31sts of a month', sql: "SELECT TO_NUMBER(MONTHS_BETWEEN('2019-03-01'::DATE, '2019-02-15'::DATE), 10, 6), TO_NUMBER(MONTHS_BETWEEN('2019-03-01 02:00:00'::TIMESTAMP, '2019-02-15 01:00:00'::TIMESTAMP), 10, 6)", rows: [['0.548387', '0.549731']] },
  { sql: "SELECT MONTHS_BETWEEN('2019-02-15'::DATE, '2019-03-15'::DATE), MONTHS_BETWEEN('2020-02-01'::DATE, '2020-01-01'::DATE)", rows: [['-1', '1']] },

  // NEXT_DAY / PREVIOUS_DAY
  { sql: "SELECT NEXT_DAY('2025-04-08'::DATE, 'Friday'), NEXT_DAY('2025-04-11'::DATE, 'fr')", rows: [['2025-04-11', '2025-04-18']], types: ['date', 'date'] },
  { sql: "SELECT PREVIOUS_DAY('2025-04-08'::DATE, 'Friday '), PREVIOUS_DAY('2025-04-08'::DATE, 'tu')", rows: [['2025-04-04', '2025-04-01']], types: ['date', 'date'] },
  { sql: "SELECT NEXT_DAY('2025-04-08 23:00:00'::TIMESTAMP_NTZ, 'MONDAY')", rows: [['2025-04-14']] },

  // DATE_FROM_PARTS / TIME_FROM_PARTS / TIMESTAMP_FROM_PARTS (overflowing parts carry)
  { sql: 'SELECT DATE_FROM_PARTS(1977, 8, 7)', rows: [['1977-08-07']], types: [{ type: 'date', nullable: false }] },
  { sql: 'SELECT DATE_FROM_PARTS(2010, 1, 100), DATE_FROM_PARTS(2010, 1 + 24, 1)', rows: [['2010-04-10', '2012-01-01']] },
  { sql: 'SELECT DATE_FROM_PARTS(2004, 1, 1), DATE_FROM_PARTS(2004, 1, 0), DATE_FROM_PARTS(2004, 1, -1), DATE_FROM_PARTS(2004, 0, 1), DATE_FROM_PARTS(2004, 0, 0), DATE_FROM_PARTS(2004, -1, -1)', rows: [['2004-01-01', '2003-12-31', '2003-12-30', '2003-12-01', '2003-11-30', '2003-10-30']] },
  { sql: 'SELECT TIME_FROM_PARTS(12, 34, 56, 987654321)', parameters: { TIME_OUTPUT_FORMAT: 'HH24:MI:SS.FF9' }, rows: [['12:34:56.987654321']], types: [{ type: 'time', scale: 9 }] },
  { sql: 'SELECT TIME_FROM_PARTS(0, 100, 0), TIME_FROM_PARTS(12, 0, 12345)', rows: [['01:40:00', '15:25:45']] },
  { sql: 'SELECT TIMESTAMP_NTZ_FROM_PARTS(2013, 4, 5, 12, 00, 00)', rows: [['2013-04-05 12:00:00.000']], types: [{ type: 'timestamp_ntz', scale: 9 }] },
  { sql: "SELECT TIMESTAMP_NTZ_FROM_PARTS(TO_DATE('2013-04-05'), TO_TIME('12:00:00'))", rows: [['2013-04-05 12:00:00.000']] },
  { sql: 'SELECT TIMESTAMP_LTZ_FROM_PARTS(2013, 4, 5, 12, 00, 00)', rows: [['2013-04-05 12:00:00.000 -0700']], types: ['timestamp_ltz'] },
  { sql: 'SELECT TIMESTAMP_TZ_FROM_PARTS(2013, 4, 5, 12, 00, 00)', rows: [['2013-04-05 12:00:00.000 -0700']], types: ['timestamp_tz'] },
  { sql: "SELECT TIMESTAMP_TZ_FROM_PARTS(2013, 4, 5, 12, 00, 00, 0, 'America/New_York')", rows: [['2013-04-05 12:00:00.000 -0400']] },
  { sql: 'SELECT TIMESTAMP_FROM_PARTS(2013, 4, 5, 12, 0, -3600)', rows: [['2013-04-05 11:00:00.000']], types: ['timestamp_ntz'] },
  { sql: 'SELECT TIMESTAMP_FROM_PARTS(2012, 2, 30, 25, 0, 0)', rows: [['2012-03-02 01:00:00.000']] },

  // CONVERT_TIMEZONE
  { sql: "SELECT CONVERT_TIMEZONE('America/Los_Angeles', 'America/New_York', '2024-01-01 14:00:00'::TIMESTAMP_NTZ) AS conv", rows: [['2024-01-01 17:00:00.000']], types: ['timestamp_ntz'] },
  { sql: "SELECT CONVERT_TIMEZONE('Europe/Warsaw', 'UTC', '2024-01-01 00:00:00'::TIMESTAMP_NTZ) AS conv", rows: [['2023-12-31 23:00:00.000']] },
  { sql: "SELECT CONVERT_TIMEZONE('America/Los_Angeles', '2024-04-05 12:00:00 +02:00') AS time_in_la", rows: [['2024-04-05 03:00:00.000 -0700']], types: ['timestamp_tz'] },
  { sql: "SELECT CONVERT_TIMEZONE('Asia/Tokyo', '2024-04-05 12:00:00 +00:00'::TIMESTAMP_TZ)", rows: [['2024-04-05 21:00:00.000 +0900']] },
  { sql: "SELECT CONVERT_TIMEZONE('UTC', '2024-07-01 12:00:00'::TIMESTAMP_LTZ)", rows: [['2024-07-01 19:00:00.000 +0000']] },

  // The clock: constant within a statement, in the session's TIMEZONE
  { sql: 'SELECT CURRENT_DATE() = TO_DATE(CURRENT_TIMESTAMP())', rows: [['true']] },
  { sql: 'SELECT CURRENT_DATE, CURRENT_TIME, CURRENT_TIMESTAMP', types: [{ type: 'date', nullable: false }, { type: 'time', scale: 9, nullable: false }, { type: 'timestamp_ltz', scale: 9, nullable: false }] },
  { sql: 'SELECT SYSDATE(), GETDATE(), LOCALTIMESTAMP()', types: [{ type: 'timestamp_ntz', nullable: false }, { type: 'timestamp_ltz', nullable: false }, { type: 'timestamp_ltz', nullable: false }] },
  { name: 'SYSDATE is the UTC wall clock of CURRENT_TIMESTAMP', sql: "SELECT SYSDATE() = CONVERT_TIMEZONE('UTC', CURRENT_TIMESTAMP())::TIMESTAMP_NTZ, GETDATE() = CURRENT_TIMESTAMP()", rows: [['true', 'true']] },
  { sql: 'SELECT DATE_PART(timezone_hour, CURRENT_TIMESTAMP()::TIMESTAMP_TZ)', parameters: { TIMEZONE: 'Asia/Tokyo' }, rows: [['9']] },
  { sql: 'SELECT DATE_PART(timezone_hour, CURRENT_TIMESTAMP()::TIMESTAMP_TZ) AS utc', parameters: { TIMEZONE: 'UTC' }, rows: [['0']] },
  { sql: 'SELECT CURRENT_TIME() = CURRENT_TIMESTAMP()::TIME', rows: [['true']] },

  // Output-format parameters apply to the results of these functions
  { name: 'DATE_OUTPUT_FORMAT on DATEADD', sql: "SELECT DATEADD(day, 1, '2024-05-09'::DATE)", parameters: { DATE_OUTPUT_FORMAT: 'DD/MM/YYYY' }, rows: [['10/05/2024']] },
  { name: 'DATE_OUTPUT_FORMAT with month names on LAST_DAY', sql: "SELECT LAST_DAY('2024-02-10'::DATE)", parameters: { DATE_OUTPUT_FORMAT: 'DY, DD MON YYYY' }, rows: [['Thu, 29 Feb 2024']] },
  { name: 'TIMESTAMP_NTZ_OUTPUT_FORMAT on DATE_TRUNC', sql: "SELECT DATE_TRUNC('hour', '2024-05-09 08:50:57'::TIMESTAMP_NTZ)", parameters: { TIMESTAMP_NTZ_OUTPUT_FORMAT: 'YYYY-MM-DD"T"HH24:MI:SS' }, rows: [['2024-05-09T08:00:00']] },
  { name: 'TIME_OUTPUT_FORMAT on TIME_FROM_PARTS', sql: 'SELECT TIME_FROM_PARTS(13, 5, 0)', parameters: { TIME_OUTPUT_FORMAT: 'HH12:MI AM' }, rows: [['01:05 PM']] },
  { name: 'TIMESTAMP_LTZ_OUTPUT_FORMAT and TIMEZONE on DATEADD', sql: "SELECT DATEADD(minute, 90, '2024-06-01 00:00:00 +00:00'::TIMESTAMP_LTZ)", parameters: { TIMEZONE: 'Europe/Paris', TIMESTAMP_LTZ_OUTPUT_FORMAT: 'YYYY-MM-DD HH24:MI TZH:TZM' }, rows: [['2024-06-01 03:30 +02:00']] },
  { name: 'TIMESTAMP_TZ_OUTPUT_FORMAT on CONVERT_TIMEZONE', sql: "SELECT CONVERT_TIMEZONE('Asia/Kolkata', '2024-01-01 00:00:00 +00:00'::TIMESTAMP_TZ)", parameters: { TIMESTAMP_TZ_OUTPUT_FORMAT: 'DD.MM.YYYY HH24:MI:SS TZH:TZM' }, rows: [['01.01.2024 05:30:00 +05:30']] },
  { name: 'TIMESTAMP_OUTPUT_FORMAT applies to NTZ results when no NTZ format is set', sql: 'SELECT TIMESTAMP_FROM_PARTS(2024, 1, 2, 3, 4, 5)', parameters: { TIMESTAMP_NTZ_OUTPUT_FORMAT: '', TIMESTAMP_OUTPUT_FORMAT: 'MM/DD/YYYY HH24:MI:SS' }, rows: [['01/02/2024 03:04:05']] },
  { name: 'without format parameters DATE is epoch days', sql: 'SELECT DATE_FROM_PARTS(1970, 1, 2), DATEADD(day, -1, DATE_FROM_PARTS(1970, 1, 1))', parameters: { DATE_OUTPUT_FORMAT: '' }, rows: [['1', '-1']] },
  { name: 'without format parameters timestamps are epoch seconds', sql: "SELECT TIMESTAMP_NTZ_FROM_PARTS(1970, 1, 1, 0, 0, 1), TIMESTAMP_TZ_FROM_PARTS(1970, 1, 1, 1, 0, 0, 0, '+01:00')", parameters: { TIMESTAMP_NTZ_OUTPUT_FORMAT: '', TIMESTAMP_OUTPUT_FORMAT: '' }, rows: [['1.000000000', '0.000000000 1500']] },

  // Columns of a table (the argument types come from the catalog)
  {
    name: 'date functions over typed columns',
    setup: [
      'CREATE TABLE events (d DATE, t TIME, ntz TIMESTAMP_NTZ, ltz TIMESTAMP_LTZ, tz TIMESTAMP_TZ)',
      "INSERT INTO events VALUES ('2024-05-09', '08:50:48', '2024-05-09 08:50:57.891', '2024-05-09 08:50:57 +00:00', '2024-05-09 08:50:57 +09:00')",
    ],
    sql: 'SELECT YEAR(d), DATE_TRUNC(hour, t), DATEADD(day, 1, ntz), HOUR(ltz), HOUR(tz), DATEDIFF(day, d, ntz) FROM events',
    rows: [['2024', '08:00:00', '2024-05-10 08:50:57.891', '1', '8', '0']],
    types: [num(), 'time', 'timestamp_ntz', num(), num(), num()],
  },
  { name: 'an unknown date part is refused', sql: "SELECT DATEADD(fortnight, 1, '2024-01-01'::DATE)", error: '002062' },
  // TIME_SLICE: slices of n parts counted from 1970-01-01 00:00:00 (weeks from Monday 1969-12-29); the input's type.
  { sql: "SELECT TIME_SLICE('2019-02-28'::DATE, 4, 'MONTH', 'START') AS slice_start, TIME_SLICE('2019-02-28'::DATE, 4, 'MONTH', 'END') AS slice_end", rows: [['2019-01-01', '2019-05-01']], types: [{ type: 'date', nullable: false }, 'date'] },
  {
    sql: "SELECT TIME_SLICE('2019-02-28T01:23:45.678'::TIMESTAMP_NTZ, 8, 'HOUR', 'START') AS slice_start, TIME_SLICE('2019-02-28T01:23:45.678'::TIMESTAMP_NTZ, 8, 'HOUR', 'END') AS slice_end",
    rows: [['2019-02-28 00:00:00.000', '2019-02-28 08:00:00.000']],
    types: [{ type: 'timestamp_ntz', scale: 9 }, 'timestamp_ntz'],
  },
  { sql: "SELECT TIME_SLICE('1970-01-01'::DATE, 1, 'WEEK') AS a, TIME_SLICE('2024-01-10'::DATE, 1, 'week') AS b, TIME_SLICE('2024-01-10'::DATE, 2, 'WEEK') AS c, TIME_SLICE('2024-01-10'::DATE, 2, 'WEEK', 'end') AS d", rows: [['1969-12-29', '2024-01-08', '2024-01-01', '2024-01-15']] },
  { sql: "SELECT TIME_SLICE('1969-12-31'::DATE, 1, 'YEAR') AS a, TIME_SLICE('1969-06-01'::DATE, 15, 'YEAR') AS b, TIME_SLICE('2019-05-15'::DATE, 1, 'QUARTER') AS c, TIME_SLICE('2019-02-28'::DATE, 3, 'DAY') AS d", rows: [['1969-01-01', '1955-01-01', '2019-04-01', '2019-02-28']] },
  { sql: "SELECT TIME_SLICE('2024-03-15 10:17:45'::TIMESTAMP_NTZ, 15, 'MINUTE') AS a, TIME_SLICE('2024-03-15 10:17:45'::TIMESTAMP_NTZ, 15, 'MINUTE', 'END') AS b, TIME_SLICE('2024-03-15 10:17:45.678'::TIMESTAMP_NTZ, 10, 'SECOND') AS c, TIME_SLICE('2024-03-15 10:17:45'::TIMESTAMP_NTZ, 1, 'DAY', 'END') AS d", rows: [['2024-03-15 10:15:00.000', '2024-03-15 10:30:00.000', '2024-03-15 10:17:40.000', '2024-03-16 00:00:00.000']] },
  { sql: "SELECT TIME_SLICE('2024-03-15 10:17:45 -07:00'::TIMESTAMP_LTZ, 1, 'DAY') AS l, TIME_SLICE('2024-03-15 10:17:45 +05:30'::TIMESTAMP_TZ, 2, 'HOUR') AS z", rows: [['2024-03-15 00:00:00.000 -0700', '2024-03-15 10:00:00.000 +0530']], types: ['timestamp_ltz', 'timestamp_tz'] },
  { sql: "SELECT TIME_SLICE('2024-03-15 10:17:45', 1, 'HOUR') AS t", rows: [['2024-03-15 10:00:00.000']], types: ['timestamp_ntz'] },
  { sql: "SELECT TIME_SLICE(NULL::DATE, 1, 'DAY') AS a, TIME_SLICE('2024-01-10'::DATE, NULL, 'DAY') AS b", rows: [[null, null]], types: [{ type: 'date', nullable: true }, 'date'] },
  { name: 'TIME_SLICE of a DATE takes date parts only', sql: "SELECT TIME_SLICE('2024-01-10'::DATE, 1, 'HOUR')", error: '002262' },
  { name: 'TIME_SLICE takes START or END', sql: "SELECT TIME_SLICE('2024-01-10'::DATE, 1, 'DAY', 'MIDDLE')", error: '002262' },
  { name: 'TIME_SLICE of a TIME is refused', sql: "SELECT TIME_SLICE('10:00:00'::TIME, 1, 'HOUR')", error: '002262' },
  { name: 'TIME_SLICE takes a slice length of at least 1', sql: "SELECT TIME_SLICE('2024-01-10'::DATE, 0, 'DAY')", error: '100097' },
  { name: 'TIME_SLICE takes a known part', sql: "SELECT TIME_SLICE('2024-01-10'::DATE, 1, 'FORTNIGHT')", error: '002062' },
  { sql: "SELECT TIME_SLICE('2024-01-10'::DATE, 1)", error: '000938' },
  // Arithmetic operators (https://docs.snowflake.com/en/sql-reference/operators-arithmetic): "a - b
  // subtracts one date expression from another; the result is an integer number of days", and
  // DATE / TIMESTAMP ± n adds n days.
  { sql: "SELECT '2024-03-01'::DATE - '2024-02-01'::DATE AS days", rows: [['29']], types: [num()] },
  { sql: "SELECT '2024-02-28'::DATE + 1 AS d, '2024-03-01'::DATE - 1 AS e, 7 + '2024-01-01'::DATE AS f", rows: [['2024-02-29', '2024-02-29', '2024-01-08']], types: ['date', 'date', 'date'] },
  { sql: "SELECT '2024-03-01 10:00:00'::TIMESTAMP_NTZ - 1 AS t", rows: [['2024-02-29 10:00:00.000']], types: ['timestamp_ntz'] },
  { name: 'only subtraction takes two dates', sql: "SELECT '2024-03-01'::DATE + '2024-02-01'::DATE", error: '001044' },
  { name: 'a date is not multiplied', sql: "SELECT '2024-03-01'::DATE * 2", error: '001044' },
]);
