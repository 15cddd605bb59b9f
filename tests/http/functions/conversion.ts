import { displayed } from './datetime';
import type { FunctionCase } from './types';

// Conversion functions (https://docs.snowflake.com/en/sql-reference/functions-conversion) and casts,
// with the examples of each function's page, shown in Snowflake's default display formats.
const fixed = (precision: number, scale: number) => ({ type: 'fixed', precision, scale });

export const conversion: FunctionCase[] = displayed([
  // A VARIANT string converts as the string does (https://docs.snowflake.com/en/sql-reference/data-type-conversion):
  // one that is no number, boolean or date is Snowflake's conversion error, not 0.
  { sql: `SELECT PARSE_JSON('"12"')::INT AS i, PARSE_JSON('"1.5"')::FLOAT AS f, PARSE_JSON('"true"')::BOOLEAN AS b, PARSE_JSON('"2024-01-02"')::DATE AS d`, rows: [['12', '1.5', 'true', '2024-01-02']], types: ['fixed', 'real', 'boolean', 'date'] },
  { sql: `SELECT PARSE_JSON('"abc"')::FLOAT`, error: '100038' },
  { sql: "SELECT 'abc'::VARIANT::NUMBER(10,2)", error: '100038' },
  { sql: `SELECT PARSE_JSON('"abc"')::BOOLEAN`, error: '100037' },
  { sql: `SELECT PARSE_JSON('"abc"')::DATE`, error: '100040' },
  // CAST / :: across types
  { sql: "SELECT CAST('1.2345' AS NUMBER(15,2))", rows: [['1.23']], types: [fixed(15, 2)] },
  { sql: 'SELECT CAST(1.6 AS INTEGER), (-1.5)::INTEGER', rows: [['2', '-2']], types: [fixed(38, 0), fixed(38, 0)] },
  { sql: 'SELECT 3.14::VARCHAR, 1.50::NUMBER(3,2)::VARCHAR, 7::VARCHAR', rows: [['3.14', '1.50', '7']], types: ['text', 'text', 'text'] },
  { sql: 'SELECT TRUE::VARCHAR, FALSE::STRING', rows: [['true', 'false']] },
  { sql: "SELECT '2024-05-09'::DATE::VARCHAR", rows: [['2024-05-09']], types: ['text'] },
  { sql: "SELECT '2024-05-09 14:32:29.135'::TIMESTAMP_NTZ::VARCHAR", rows: [['2024-05-09 14:32:29.135']] },
  { sql: "SELECT '2024-05-09 14:32:29.135 -0700'::TIMESTAMP_TZ::VARCHAR", rows: [['2024-05-09 14:32:29.135 -0700']] },
  { sql: "SELECT '12:34:56'::TIME::VARCHAR", rows: [['12:34:56']] },
  { sql: "SELECT '2024-05-09 14:32:29.135 -0700'::TIMESTAMP_TZ::DATE, '2024-05-09 14:32:29.135 -0700'::TIMESTAMP_TZ::TIME", rows: [['2024-05-09', '14:32:29']], types: ['date', 'time'] },
  { name: 'an LTZ instant cast to DATE takes the session-zone date', sql: "SELECT '2024-05-09 02:00:00 +00:00'::TIMESTAMP_LTZ::DATE", rows: [['2024-05-08']] },
  { sql: "SELECT '2024-05-09 02:00:00 +00:00'::TIMESTAMP_LTZ::TIMESTAMP_NTZ", rows: [['2024-05-08 19:00:00.000']], types: ['timestamp_ntz'] },
  { sql: "SELECT '2024-05-09 02:00:00 +00:00'::TIMESTAMP_LTZ::VARCHAR", rows: [['2024-05-08 19:00:00.000 -0700']] },
  { sql: "SELECT '2024-05-09 12:00:00'::TIMESTAMP_NTZ::TIMESTAMP_LTZ", rows: [['2024-05-09 12:00:00.000 -0700']], types: ['timestamp_ltz'] },
  { sql: "SELECT '2024-01-09 12:00:00'::TIMESTAMP_NTZ::TIMESTAMP_TZ", rows: [['2024-01-09 12:00:00.000 -0800']], types: ['timestamp_tz'] },
  { sql: "SELECT '2024-05-09'::DATE::TIMESTAMP_NTZ", rows: [['2024-05-09 00:00:00.000']] },
  { name: 'an LTZ value cast to TIMESTAMP_LTZ is unchanged', sql: "SELECT '2024-05-09 02:00:00 +00:00'::TIMESTAMP_LTZ::TIMESTAMP_LTZ, CURRENT_TIMESTAMP()::TIMESTAMP_LTZ = CURRENT_TIMESTAMP()", rows: [['2024-05-08 19:00:00.000 -0700', 'true']] },
  { sql: "SELECT '2024-05-09 12:00:00 +02:00'::TIMESTAMP_TZ::TIMESTAMP_LTZ", parameters: { TIMEZONE: 'UTC' }, rows: [['2024-05-09 10:00:00.000 +0000']] },
  {
    name: 'values written into typed columns convert from their own type',
    setup: [
      'CREATE TABLE t (ltz TIMESTAMP_LTZ, v VARCHAR, n NUMBER(10,2))',
      "INSERT INTO t VALUES ('2024-01-01 00:00:00 +00:00'::TIMESTAMP_LTZ, '2024-05-09'::DATE, 1)",
      "INSERT INTO t SELECT DATEADD(hour, 1, '2024-01-01 00:00:00 +00:00'::TIMESTAMP_LTZ), 1.50::NUMBER(3,2), '2.345'",
      "UPDATE t SET v = v || '!' WHERE n = 1",
    ],
    sql: 'SELECT ltz, v, n FROM t ORDER BY ltz',
    parameters: { TIMEZONE: 'UTC' },
    rows: [['2024-01-01 00:00:00.000 +0000', '2024-05-09!', '1.00'], ['2024-01-01 01:00:00.000 +0000', '1.50', '2.35']],
  },
  { sql: "SELECT CAST('abc' AS INTEGER)", error: '100038' },
  { sql: "SELECT CAST('2016-13-01' AS DATE)", error: '100040' },

  // TRY_CAST
  { sql: "SELECT TRY_CAST('05-Mar-2016' AS TIMESTAMP)", rows: [['2016-03-05 00:00:00.000']], types: [{ type: 'timestamp_ntz', nullable: true }] },
  { sql: "SELECT TRY_CAST('05/16/2016' AS TIMESTAMP)", rows: [['2016-05-16 00:00:00.000']] },
  { sql: "SELECT TRY_CAST('ABCD' AS INTEGER), TRY_CAST('10' AS INT)", rows: [[null, '10']], types: [fixed(38, 0), fixed(38, 0)] },
  { sql: "SELECT TRY_CAST('2016-13-01' AS DATE), TRY_CAST('2016-12-01' AS DATE)", rows: [[null, '2016-12-01']] },
  { sql: "SELECT TRY_CAST('12.345' AS NUMBER(10,2)), TRY_CAST('1e400' AS NUMBER(10,2))", rows: [['12.35', null]] },
  // Text beyond a double reads as infinite or zero (JavaScript's Number(text)); only text that is no number is NULL.
  { sql: "SELECT TRY_CAST('1e400' AS FLOAT), CAST('-1e400' AS FLOAT), TRY_CAST('1e-400' AS FLOAT), TRY_CAST('x' AS FLOAT)", rows: [['inf', '-inf', '0', null]] },

  // TO_NUMBER / TO_DECIMAL / TO_NUMERIC / TRY_TO_NUMBER
  { sql: "SELECT TO_NUMBER('12.3456', 10, 1)", rows: [['12.3']], types: [fixed(10, 1)] },
  { sql: "SELECT TO_NUMBER('12.3456'), TO_NUMERIC('12.5'), TO_DECIMAL('-12.5')", rows: [['12', '13', '-13']], types: [fixed(38, 0), fixed(38, 0), fixed(38, 0)] },
  { sql: "SELECT TO_DECIMAL('1.0', '99.9') AS d0, TO_DECIMAL('1.0', '99.9', 9, 5) AS d5, TO_DECIMAL('1.0', 'TM9', 9, 5) AS td5", rows: [['1', '1.00000', '1.00000']], types: [fixed(38, 0), fixed(9, 5), fixed(9, 5)] },
  { sql: "SELECT TO_DECIMAL('-12.3', '99.9') AS d0, TO_DECIMAL('-12.3', '99.9', 9, 5) AS d5, TO_DECIMAL('-12.3', 'TM9', 9, 5) AS td5", rows: [['-12', '-12.30000', '-12.30000']] },
  { sql: "SELECT TO_DECIMAL('0.0', '99.9') AS d0, TO_DECIMAL('0.0', '99.9', 9, 5) AS d5", rows: [['0', '0.00000']] },
  { sql: "SELECT TO_DECIMAL('3,741.72', '9,999.99', 6, 2) AS convert_number", rows: [['3741.72']], types: [fixed(6, 2)] },
  { sql: "SELECT TO_DECIMAL('$7,543.00', '$9,999.00') AS convert_currency", rows: [['7543']] },
  { sql: "SELECT TO_NUMBER('aaa', 'XXX') AS convert_hex", rows: [['2730']] },
  { sql: "SELECT TRY_TO_DECIMAL('345.123') AS dec, TRY_TO_DECIMAL('345.123', 10, 2) AS dec_with_scale, TRY_TO_DECIMAL('345.123', 4, 2) AS dec_with_range_err", rows: [['345', '345.12', null]], types: [fixed(38, 0), fixed(10, 2), fixed(4, 2)] },
  { sql: "SELECT TRY_TO_DECIMAL('$345.12', '$999.00'), TRY_TO_DECIMAL('$345.12', '$999.00', 5, 2), TRY_TO_DECIMAL('$345.12', '999.00', 5, 2)", rows: [['345', '345.12', null]] },
  { sql: "SELECT TRY_TO_NUMBER('abc'), TRY_TO_NUMERIC('12')", rows: [[null, '12']], types: [{ type: 'fixed', nullable: true }, { type: 'fixed', nullable: true }] },
  // An exponent beyond any numeric: out of range (or 0), never the engine's own overflow; TRY_ gives NULL.
  { sql: "SELECT TO_NUMBER('1e400000')", error: '100046' },
  { sql: "SELECT '-1E+400000'::NUMBER(10, 2)", error: '100046' },
  { sql: "SELECT TRY_TO_NUMBER('1e400000') AS a, TRY_CAST('1e400000' AS NUMBER) AS b, TO_DECIMAL('1e-400000', 10, 2) AS c, TRY_TO_NUMERIC('-1e400000') AS d, '12.5e-1'::NUMBER(5, 1) AS e", rows: [[null, null, '0.00', null, '1.3']] },
  { sql: "SELECT TO_NUMBER('abc')", error: '100038' },
  { sql: 'SELECT TO_NUMBER(12.3456::FLOAT, 10, 2)', rows: [['12.35']], types: [fixed(10, 2)] },

  // TO_DOUBLE
  { sql: "SELECT TO_DOUBLE('1.1'), TO_DOUBLE('-12.3', '99.9'), TO_DOUBLE(3)", rows: [['1.1', '-12.3', '3']], types: ['real', 'real', 'real'] },
  { sql: "SELECT TRY_TO_DOUBLE('x'), TRY_TO_DOUBLE('1.5e3')", rows: [[null, '1500']] },
  { sql: "SELECT TO_DOUBLE('x')", error: '100038' },

  // TO_BOOLEAN / TRY_TO_BOOLEAN
  { sql: "SELECT TO_BOOLEAN('yes'), TO_BOOLEAN('off'), TO_BOOLEAN(0), TO_BOOLEAN(1), TO_BOOLEAN('T')", rows: [['true', 'false', 'false', 'true', 'true']], types: ['boolean', 'boolean', 'boolean', 'boolean', 'boolean'] },
  { sql: "SELECT TRY_TO_BOOLEAN('maybe'), TRY_TO_BOOLEAN('FALSE')", rows: [[null, 'false']] },
  { sql: "SELECT TO_BOOLEAN('maybe')", error: '100037' },

  // TO_VARCHAR / TO_CHAR with date and number formats
  { sql: "SELECT TO_VARCHAR('2024-04-05 01:02:03'::TIMESTAMP, 'mm/dd/yyyy, hh24:mi hours')", rows: [['04/05/2024, 01:02 hours']], types: ['text'] },
  { sql: "SELECT TO_VARCHAR('03-April-2024'::DATE), TO_VARCHAR('03-April-2024'::DATE, 'yyyy.mm.dd')", rows: [['2024-04-03', '2024.04.03']] },
  { sql: "SELECT TO_CHAR('2024-04-05'::DATE, 'DY, DD MON YYYY'), TO_CHAR('2024-04-05'::DATE, 'MMMM')", rows: [['Fri, 05 Apr 2024', 'April']] },
  { sql: "SELECT TO_CHAR('13:05:09'::TIME, 'HH12:MI:SS AM')", rows: [['01:05:09 PM']] },
  { sql: "SELECT TO_CHAR('2024-04-05 01:02:03.456789'::TIMESTAMP_NTZ, 'YYYY-MM-DD HH24:MI:SS.FF6')", rows: [['2024-04-05 01:02:03.456789']] },
  { sql: "SELECT TO_VARCHAR('2024-04-05 12:00:00 +00:00'::TIMESTAMP_LTZ, 'YYYY-MM-DD HH24:MI TZH:TZM')", parameters: { TIMEZONE: 'Asia/Tokyo' }, rows: [['2024-04-05 21:00 +09:00']] },
  {
    name: 'TO_CHAR number formats: -12.391',
    sql: `SELECT TO_CHAR(-12.391, '">"$99.0"<"') AS d2_1, TO_CHAR(-12.391, '">"B9,999.0"<"') AS d4_1, TO_CHAR(-12.391, '">"TME"<"') AS tme, TO_CHAR(-12.391, '">"TM9"<"') AS tm9, TO_CHAR(-12.391, '">"0XXX"<"') AS x4, TO_CHAR(-12.391, '">"S0XXX"<"') AS sx4`,
    rows: [['>-$12.4<', '>   -12.4<', '>-1.2391E1<', '>-12.391<', '>FFF4<', '>-000C<']],
  },
  {
    name: 'TO_CHAR number formats: 3987.000',
    sql: `SELECT TO_CHAR(3987.000, '">"$99.0"<"'), TO_CHAR(3987.000, '">"B9,999.0"<"'), TO_CHAR(3987.000, '">"TME"<"'), TO_CHAR(3987.000, '">"TM9"<"'), TO_CHAR(3987.000, '">"0XXX"<"'), TO_CHAR(3987.000, '">"S0XXX"<"')`,
    rows: [['> $##.#<', '> 3,987.0<', '>3.987E3<', '>3987.000<', '>0F93<', '>+0F93<']],
  },
  {
    name: 'TO_CHAR number formats: 0.100',
    sql: `SELECT TO_CHAR(0.100, '">"$99.0"<"'), TO_CHAR(0.100, '">"B9,999.0"<"'), TO_CHAR(0.100, '">"TME"<"'), TO_CHAR(0.100, '">"TM9"<"'), TO_CHAR(0.100, '">"0XXX"<"'), TO_CHAR(0.100, '">"S0XXX"<"')`,
    rows: [['>  $0.1<', '>      .1<', '>1E-1<', '>0.100<', '>0000<', '>+0000<']],
  },
  { sql: "SELECT TO_CHAR(12345.678, 'FM99,999.99'), TO_CHAR(-5, 'FM9990MI'), TO_CHAR(42, '00000')", rows: [['12,345.68', '5-', ' 00042']] },
  { name: 'a number format model from a column', sql: "SELECT TO_CHAR(x, f), TO_NUMBER(t, f, 5, 1) FROM (SELECT 12.5 AS x, '99.9' AS f, '-3.5' AS t)", rows: [[' 12.5', '-3.5']] },
  { name: 'a number format model over a FLOAT and into a FLOAT', sql: "SELECT TO_CHAR(1.5e3::FLOAT, '9,999.00'), TO_DOUBLE('1,234.5-', '9,999.9MI'), TRY_TO_NUMBER('12', '9')", rows: [[' 1,500.00', '-1234.5', null]] },
  { sql: "SELECT TO_VARCHAR(TRUE), TO_VARCHAR(NULL)", rows: [['true', null]] },
  { sql: "SELECT TO_VARCHAR(TO_BINARY('SNOW', 'utf-8')), TO_VARCHAR(TO_BINARY('SNOW', 'utf-8'), 'BASE64')", rows: [['534E4F57', 'U05PVw==']] },
  { name: 'TO_VARCHAR of a DATE follows DATE_OUTPUT_FORMAT', sql: "SELECT TO_VARCHAR('2024-04-05'::DATE)", parameters: { DATE_OUTPUT_FORMAT: 'MM/DD/YYYY' }, rows: [['04/05/2024']] },

  // TO_DATE / DATE / TRY_TO_DATE
  { sql: "SELECT TO_DATE('2024-05-10'), DATE('2024-05-10')", rows: [['2024-05-10', '2024-05-10']], types: ['date', 'date'] },
  { sql: "SELECT TO_DATE('2024.05.10', 'YYYY.MM.DD'), DATE('2024.05.10', 'YYYY.MM.DD')", rows: [['2024-05-10', '2024-05-10']] },
  { sql: "SELECT TO_DATE('2024-05-10', 'AUTO'), TO_DATE('05/10/2024', 'MM/DD/YYYY'), TO_DATE('10-May-2024', 'DD-MON-YYYY')", rows: [['2024-05-10', '2024-05-10', '2024-05-10']] },
  { sql: "SELECT TO_DATE('3/4/2024', 'dd/mm/yyyy'), TRY_TO_DATE('2024-05-10', 'DD/MM/YYYY'), TRY_TO_DATE('10/05/2024', 'DD/MM/YYYY')", rows: [['2024-04-03', null, '2024-05-10']], types: ['date', { type: 'date', nullable: true }, { type: 'date', nullable: true }] },
  { name: 'TO_DATE of epoch strings scales seconds, ms, µs and ns', sql: "SELECT TO_DATE('31536000'), TO_DATE('31536000000'), TO_DATE('31536000000000'), TO_DATE('31536000000000000')", rows: [['1971-01-01', '1971-01-01', '1971-01-01', '1971-01-01']] },
  { sql: "SELECT TO_DATE('2024-05-10 23:59:59')", rows: [['2024-05-10']] },
  { sql: "SELECT TRY_TO_DATE('2024-13-45'), TRY_TO_DATE('invalid'), TRY_TO_DATE('2024-02-29')", rows: [[null, null, '2024-02-29']], types: [{ type: 'date', nullable: true }, 'date', 'date'] },
  { sql: "SELECT TO_DATE('invalid')", error: '100040' },

  // TO_TIME / TIME / TRY_TO_TIME
  { sql: "SELECT TO_TIME('13:30:00'), TIME('13:30:00.000')", rows: [['13:30:00', '13:30:00']], types: [{ type: 'time', scale: 9 }, 'time'] },
  { sql: "SELECT TO_TIME('11.15.00', 'HH24.MI.SS'), TO_TIME('1:15 PM', 'HH12:MI AM')", rows: [['11:15:00', '13:15:00']] },
  { sql: "SELECT TRY_TO_TIME('25:00:00'), TRY_TO_TIME('12:00:00')", rows: [[null, '12:00:00']] },

  // TO_TIMESTAMP / _NTZ / _LTZ / _TZ and numeric epochs
  { sql: "SELECT TO_TIMESTAMP_TZ('2024-04-05 01:02:03')", rows: [['2024-04-05 01:02:03.000 -0700']], types: [{ type: 'timestamp_tz', scale: 9 }] },
  { sql: 'SELECT TO_TIMESTAMP_NTZ(40 * 365.25 * 86400)', rows: [['2010-01-01 00:00:00.000']], types: ['timestamp_ntz'] },
  { sql: "SELECT TO_TIMESTAMP('04/05/2024 01:02:03', 'mm/dd/yyyy hh24:mi:ss')", rows: [['2024-04-05 01:02:03.000']], types: ['timestamp_ntz'] },
  { sql: "SELECT TO_TIMESTAMP_TZ('04/05/2024 01:02:03', 'mm/dd/yyyy hh24:mi:ss'), TO_TIMESTAMP_TZ('2024-04-05 01:02:03.123456 +05:30', 'YYYY-MM-DD HH24:MI:SS.FF6 TZH:TZM'), TO_TIMESTAMP_LTZ('Fri, 05 Apr 2024 01:02:03 PM', 'DY, DD MON YYYY HH12:MI:SS AM')", rows: [['2024-04-05 01:02:03.000 -0700', '2024-04-05 01:02:03.123 +0530', '2024-04-05 13:02:03.000 -0700']], types: ['timestamp_tz', 'timestamp_tz', 'timestamp_ltz'] },
  // Text a format model cannot read: 100096 "Can't parse '…' as timestamp with format '…'" (AUTO text: 100040).
  { sql: "SELECT TO_TIMESTAMP('2024-04-05', 'MM/DD/YYYY')", error: '100096' },
  { sql: "SELECT TO_DATE('2024-04-05', 'DD/MM/YYYY')", error: '100096' },
  { sql: "SELECT TO_TIME('25:00', 'HH24:MI')", error: '100096' },
  { name: 'a format parse failure from a column', setup: ['CREATE TABLE fmt_texts (t VARCHAR)', "INSERT INTO fmt_texts VALUES ('01/02/2024'), ('2024-01-02')"], sql: "SELECT TO_DATE(t, 'MM/DD/YYYY') FROM fmt_texts", error: '100096' },
  { sql: 'SELECT TO_TIMESTAMP(31000000)', rows: [['1970-12-25 19:06:40.000']] },
  { sql: 'SELECT TO_TIMESTAMP(1000000000, 3), TO_TIMESTAMP(1000000000, 9)', rows: [['1970-01-12 13:46:40.000', '1970-01-01 00:00:01.000']] },
  { name: 'TO_TIMESTAMP of epoch strings scales seconds, ms, µs and ns', sql: "SELECT TO_TIMESTAMP('1487654321'), TO_TIMESTAMP('1487654321123'), TO_TIMESTAMP('1487654321123456'), TO_TIMESTAMP('1487654321123456789')", rows: [['2017-02-21 05:18:41.000', '2017-02-21 05:18:41.123', '2017-02-21 05:18:41.123', '2017-02-21 05:18:41.123']] },
  { sql: "SELECT TO_TIMESTAMP_LTZ('2024-04-05 01:02:03 +00:00')", rows: [['2024-04-04 18:02:03.000 -0700']], types: ['timestamp_ltz'] },
  { sql: 'SELECT TO_TIMESTAMP_LTZ(0)', parameters: { TIMEZONE: 'UTC' }, rows: [['1970-01-01 00:00:00.000 +0000']] },
  { sql: "SELECT TO_TIMESTAMP_TZ('2024-04-05 01:02:03 +05:30'), TO_TIMESTAMP_NTZ('2024-04-05 01:02:03 +05:30')", rows: [['2024-04-05 01:02:03.000 +0530', '2024-04-05 01:02:03.000']] },
  { sql: "SELECT TRY_TO_TIMESTAMP('garbage'), TRY_TO_TIMESTAMP_TZ('garbage'), TRY_TO_TIMESTAMP_LTZ('2024-01-01')", rows: [[null, null, '2024-01-01 00:00:00.000 -0800']] },
  { sql: "SELECT TO_TIMESTAMP('garbage')", error: '100040' },

  // TO_BINARY / TRY_TO_BINARY
  { sql: "SELECT TO_BINARY('SNOW', 'utf-8'), TO_BINARY('534E4F57'), TO_BINARY('U05PVw==', 'BASE64')", rows: [['534E4F57', '534E4F57', '534E4F57']], types: ['binary', 'binary', 'binary'] },
  { sql: "SELECT TRY_TO_BINARY('ZZ'), TRY_TO_BINARY('0A')", rows: [[null, '0A']] },
  { name: 'BINARY_OUTPUT_FORMAT is the text of a BINARY-to-VARCHAR conversion', sql: "SELECT TO_VARCHAR(TO_BINARY('SNOW', 'UTF-8')), TO_BINARY('SNOW', 'UTF-8')::VARCHAR", parameters: { BINARY_OUTPUT_FORMAT: 'BASE64' }, rows: [['U05PVw==', 'U05PVw==']], types: ['text', 'text'] },
  { name: 'BINARY_OUTPUT_FORMAT applies to TO_BINARY results', sql: "SELECT TO_BINARY('SNOW', 'UTF-8')", parameters: { BINARY_OUTPUT_FORMAT: 'BASE64' }, rows: [['U05PVw==']] },
  {
    name: 'MERGE stores a TIMESTAMP_LTZ source value as the same instant',
    setup: [
      'CREATE TABLE L (ID INT, T TIMESTAMP_LTZ)', 'CREATE TABLE S (ID INT, T TIMESTAMP_LTZ)',
      "INSERT INTO S VALUES (1, '2024-01-01 10:00:00 +00:00'), (2, '2024-06-01 12:30:00 +02:00')",
      'INSERT INTO L VALUES (2, NULL)',
      'MERGE INTO L USING S ON L.ID = S.ID WHEN MATCHED THEN UPDATE SET T = S.T WHEN NOT MATCHED THEN INSERT (ID, T) VALUES (S.ID, S.T)',
    ],
    sql: "SELECT L.ID, L.T = S.T, TO_VARCHAR(L.T, 'YYYY-MM-DD HH24:MI:SS TZH:TZM') FROM L JOIN S ON L.ID = S.ID ORDER BY L.ID",
    parameters: { TIMEZONE: 'UTC' },
    rows: [['1', 'true', '2024-01-01 10:00:00 +00:00'], ['2', 'true', '2024-06-01 10:30:00 +00:00']],
  },
  {
    // CREATE TABLE … (column list) AS SELECT converts each value from its own type, as INSERT does.
    name: 'CREATE TABLE with a column list AS SELECT keeps a TIMESTAMP_LTZ instant',
    setup: [
      'CREATE TABLE S (ID INT, T TIMESTAMP_LTZ)',
      "INSERT INTO S VALUES (1, '2024-01-01 10:00:00 +00:00'), (2, '2024-06-01 12:30:00 +02:00')",
      'CREATE TABLE C (ID NUMBER(10,0), T TIMESTAMP_LTZ, N TIMESTAMP_NTZ) AS SELECT ID, T, T FROM S',
    ],
    sql: "SELECT C.ID, C.T = S.T, TO_VARCHAR(C.T, 'YYYY-MM-DD HH24:MI:SS TZH:TZM'), C.N FROM C JOIN S ON C.ID = S.ID ORDER BY C.ID",
    parameters: { TIMEZONE: 'America/Los_Angeles' },
    rows: [['1', 'true', '2024-01-01 02:00:00 -08:00', '2024-01-01 02:00:00.000'], ['2', 'true', '2024-06-01 03:30:00 -07:00', '2024-06-01 03:30:00.000']], // the NTZ copy: the session's wall clock
  },
  {
    name: 'CREATE TABLE with a column list AS SELECT converts numbers and dates by type',
    setup: ["CREATE TABLE C (D DATE, V VARCHAR, N NUMBER(5,1)) AS SELECT '2024-02-29'::DATE, 1.50::NUMBER(4,2), '12.35'"],
    sql: 'SELECT D, V, N FROM C',
    rows: [['2024-02-29', '1.50', '12.4']],
    types: ['date', 'text', { type: 'fixed', precision: 5, scale: 1 }],
  },
]);
