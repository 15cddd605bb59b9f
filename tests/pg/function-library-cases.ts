// Argument tuples of the differential test (function-library.test.ts), per supported function,
// as the sql.js engine receives them (SQLite storage forms: numbers, text, Uint8Array, null).
import type { EngineFunctionName } from '@/lib/engine/functions/manifest';

export interface Case {
  args: unknown[][];
  /** Relative tolerance for double answers (libm and V8 differ in the last bits of some functions). */
  tolerance?: number;
  /** Compare the answers as numbers (text that holds a number). */
  numeric?: boolean;
}

/** The session both engines run in: a time zone with DST, and a pinned instant on its spring-forward day. */
export const SESSION = { timezone: 'America/Los_Angeles', nowMs: Date.UTC(2024, 2, 10, 10, 30, 15, 123) };

const bytes = (...b: number[]) => new Uint8Array(b);
const TRIG = 1e-15;
const STATS = 1e-12;

const NTZ = '2024-02-29 13:45:30.123456789';
const DATE = '2024-02-29';
const TIME = '13:45:30.500000000';
const TZ = '2024-03-10 01:30:00.000000000 -08:00';
const LTZ = '2024-03-10 09:30:00.000000000';
const KINDS: [string, string][] = [[NTZ, 'NTZ'], [DATE, 'DATE'], [TZ, 'TZ'], [LTZ, 'LTZ'], ['2024-01-01', 'AUTO'], ['1999-12-31 23:59:59', 'AUTO'], ['2024-12-30 00:00:00.000000001 +05:30', 'TZ']];
const PARTS = ['year', 'quarter', 'month', 'week', 'weekiso', 'day', 'dayofweek', 'dayofweekiso', 'dayofyear', 'yearofweek', 'yearofweekiso', 'hour', 'minute', 'second', 'millisecond', 'microsecond', 'nanosecond'];
const ALL_PARTS = [...PARTS, 'epoch_second', 'epoch_millisecond', 'epoch_nanosecond', 'timezone_hour', 'timezone_minute', 'YY', 'mons', 'DW'];

/** FLOAT's NaN is stored as its text on SQLite (a NaN number would bind as NULL). */
const NAN = 'NaN';
const floats = [0, 1, -1, 0.5, -0.5, 2, 10, 1e-7, 123.456, 1e300, -1e300, NAN, Infinity, -Infinity, 0.1 + 0.2];
const unary = (extra: unknown[] = []): unknown[][] => [...floats, ...extra, null].map((x) => [x]);

const values = (xs: unknown[]) => JSON.stringify(xs);
const series = [values([1, 2, 3, 4, 10]), values([]), values([null, 5]), values([2.5, '3', null, 1e10, -4]), values([1, 1, 1, 1]), values(['x']), values([1, 2, 3]), values([3.25, 1.5, 9, 7, 2, 2, 8])];
/** series, and values whose variance two stable algorithms round differently (a large mean, tenths), an overflow, infinities. */
const spreads = [...series, values([1e9 + 0.1, 1e9 + 0.2, 1e9 + 0.3, 1e9 + 0.7, 1e9 - 0.25]), values([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]),
  values([1 / 3, 2 / 3, 1e-7, 123456.789, -98765.4321, 5e15, 5e15 + 1]), values([1e300, -1e300, 1e300]), values([1, 1e308, 2]), values([7]), values([1, 'Infinity', 2]), values(['-Infinity', 3])];
const pairs = [values([[1, 2], [2, 4.5], [3, 7], [4, 8.25]]), values([[1, null], [null, 2], [5, 5]]), values([]), values([[1, 1], [2, 1], [3, 1]]), values([[2, 3], [4, 5], [1, 9], [7, 2], [3, 3]])];

/**
 * Date/time text in Snowflake's "Supported formats for AUTO detection" (docs: Date and time input
 * and output formats), the variations the sql.js reader takes (12-hour clocks, ',' as the decimal
 * mark, fractions past 9 digits, offsets Z / ±HH / ±HHMM / ±HH:MM, epoch digits) and text it refuses:
 * every conversion reads each through both engines.
 */
const AUTO_TEXTS = [
  // Dates: ISO, DD-MON-YYYY (any month spelling), MM/DD/YYYY.
  '2024-01-31', ' 2024-1-5 ', '31-Jan-2024', '05-Mar-2016', '03-April-2024', '3-sept-2024', '01-Fbr-2024', '01/31/2024', '1/5/2024', '2024-02-30', '31-Jan-24',
  // Times: HH24:MI[:SS[.FF]], 12-hour clocks, an offset.
  '20:57:01.123456789', '20:57:01', '20:57', '8:57', '08:57:01 PM', '12:00 a.m.', '12:30:00pm', '13:00 PM', '20:57:01.123456789+07:00', '24:00', '20:60',
  // Timestamps: ISO with T or a space, fractions, offsets in every spelling.
  '2024-01-31T20:57:01.123456789+07:00', '2024-01-31 20:57:01.123456789 +07:00', '2024-01-31 20:57:01.123 +0700', '2024-01-31 20:57:01 -07', '2024-01-31 20:57:01Z',
  '2024-01-31t20:57', '2024-01-31 20:57:01,5', '2024-01-31 20:57:01.1234567891', '2013-05-08T23:39:20.123-07:00', '2024-01-31 08:57:01 PM', '2024-01-31 20:57:01 +24:00',
  '2024-01-31 20:57:01 +05:60', '2024-01-31  20:57', '2024-01-31 20:57:01 UTC', '31-Jan-2024 20:57:01 +0100', '01/31/2024 20:57:01', '1/31/2024 8:57 pm',
  // RFC and ctime forms.
  'Wed, 31 Jan 2024 20:57:01 +0700', 'Wed, 31 Jan 2024 08:57:01 PM -0800', 'Wed, 31 Jan 2024 20:57:01', '31 January 2024', 'Mon Jul 08 18:09:51 +0000 2013',
  'Mon Jul 08 18:09:51 2013', 'Mon Jul 08 06:09:51 PM 2013',
  // DST: a wall clock in the spring-forward gap and in the fall-back overlap of the session's zone.
  '2024-03-10 02:30:00', '2024-11-03 01:30:00',
  // Epoch digits (s, ms, µs, ns by magnitude) and refused text.
  '1487654321', '-86400', '1487654321123', 'x', '', '2024', '2024-01-31 20:57:01 PST', '31-Jan-2024T20:57', 'T20:57',
];
const AUTO_CASES = (extra: unknown[][] = []): Case => ({ args: [...AUTO_TEXTS.map((t) => [t]), ...extra, [null]] });

/** Text by an explicit format model (TO_DATE(s, fmt), TO_TIMESTAMP(s, fmt)): [text, format] pairs. */
const FORMAT_TEXTS: [string, string][] = [
  ['2024-05-10 13:45:30', 'YYYY-MM-DD HH24:MI:SS'], ['10/05/2024', 'DD/MM/YYYY'], ['May 10, 2024', 'MON DD, YYYY'], ['september 9 24', 'MMMM DD YY'],
  ['10.05.1999', 'DD-MM-YYYY'], ['2024.05.10', 'YYYY.MM.DD'], ['2024-05-10 01:02:03.123456789', 'YYYY-MM-DD HH24:MI:SS.FF9'], ['2024-05-10 01:02:03.5', 'YYYY-MM-DD HH24:MI:SS.FF3'],
  ['2024-05-10 01:02:03 +05:30', 'YYYY-MM-DD HH24:MI:SS TZH:TZM'], ['2024-05-10 01:02:03-0800', 'YYYY-MM-DD HH24:MI:SSTZHTZM'], ['2024-05-10T01:02', 'YYYY-MM-DD"T"HH24:MI'],
  ['Fri, 10 May 2024 01:02:03 PM', 'DY, DD MON YYYY HH12:MI:SS AM'], ['12:00 AM', 'HH12:MI PM'], ['13:05', 'HH24:MI'], ['1:05:09', 'HH:MI:SS'], ['20240510', 'YYYYMMDD'],
  ['2024-05-10', 'AUTO'], ['1487654321', 'AUTO'], ['1487654321', 'YYYY'], ['2024-02-30', 'YYYY-MM-DD'], ['2024-05-10 extra', 'YYYY-MM-DD'], ['13:05 PM', 'HH12:MI PM'],
  ['2024-05-10 24:00', 'YYYY-MM-DD HH24:MI'], ['2024-Maz-10', 'YYYY-MON-DD'], ['Fr 10 May 2024', 'DY DD MON YYYY'], ['10   05 2024', 'DD MM YYYY'], ['x', 'YYYY'], ['2024-05-10', 'DD/MM/YYYY'],
];
const FORMAT_TARGETS = ['DATE', 'TIME', 'NTZ', 'LTZ', 'TZ'];

export const CASES: Partial<Record<EngineFunctionName, Case>> = {
  // System and table functions
  SYSTEM$WAIT: { args: [[0.01], [0, 'SECONDS'], [5, 'MILLISECONDS'], [-1], [0.001, 'minutes']] },
  FLOE_SEQ: { args: [['s1'], ['s1'], ['s2'], ['s1']] },
  // Seeded draws only (unseeded, sql.js draws from the statement's seed and PostgreSQL from random()): a site's sequence from its SEED.
  FLOE_SAMPLE_DRAW: { args: [['d1', 42, 'x'], ['d1', 42, 'x'], ['d2', 7, null], ['d1', 42, 'y'], ['d3', -5, 'z'], ['d4', 4294967301, 'a'], ['d2', 7, 1]] },
  FLOE_SPLIT_TO_TABLE: { args: [['t1', 'a,b,,c', ','], ['t1', '', ','], ['t1', 'abc', ''], ['t2', null, ','], ['t1', 'é|ü', '|']] },
  FLOE_FLATTEN: {
    args: [['f1', 'j', '[1,[2,3],{"a":4}]', null, 0, 0, 'BOTH'], ['f1', 'j', '[1,[2,3],{"a":4}]', null, 0, 1, 'BOTH'], ['f1', 'j', '{"b":{"c":[5]},"a b":1}', null, 0, 1, 'ARRAY'],
      ['f1', 'j', '{"b":{"c":[5]},"x":1}', 'b', 0, 1, 'BOTH'], ['f1', 'j', '{"b":{"c":[5]}}', 'b.c', 0, 0, 'OBJECT'], ['f1', 'j', '[]', null, 1, 0, 'BOTH'], ['f1', 'j', '5', null, 1, 0, 'BOTH'],
      ['f1', 'j', null, null, 1, 0, 'BOTH'], ['f1', 'j', '{"a":1}', 'zz', 1, 0, 'both'], ['f2', 's', 'text', null, 0, 0, 'BOTH'], ['f1', 'j', '[1]', null, 0, 0, 'NEITHER'], ['f1', 'j', '[{"k":"v\"q"}]', null, 0, 1, 'BOTH']],
  },
  FLOE_STRTOK_SPLIT_TO_TABLE: { args: [['k1', 'a b  c', ' '], ['k1', '', ' '], ['k1', 'a.b,c', '.,'], ['k2', 'x', null]] },

  // Conversion
  FLOE_TO_BOOLEAN: { args: [['true'], [' YES '], ['off'], ['0'], ['maybe'], [0], [2.5], [NAN], [null]] },
  FLOE_TO_BINARY: { args: [['0aFF', 'HEX'], ['0aF', 'HEX'], ['héllo', 'UTF-8'], ['aGVsbG8=', 'BASE64'], ['aGVsbG8', 'base64'], ['abc', 'utf8'], ['zz', null], [null, 'HEX']] },
  FLOE_TO_VARCHAR: { args: [['abc'], [bytes(1, 171, 255)], [1.5], [1e21], [1e-7], [-0.25], [null]] },
  FLOE_TO_NUMBER: { args: [['12.345', 10, 2], [' -1.5 ', 38, 0], ['2.5', null, null], ['1e3', 5, 0], ['abc', 10, 0], ['123456', 5, 0], ['99.995', 4, 2], [12.5, 3, 0], [1e21, 38, 0], [NAN, 10, 0], ['.5', 3, 1], [null, 1, 0], [123, 2, 0],
    // Exponents beyond numeric's range, read as parseDecimal reads them (±400 at most), and text longer than numeric holds.
    ['1e400000', 38, 0], ['-1E+400000', 38, 0], ['1e-400000', 10, 2], ['0e99999999999999999999', 38, 0], ['123.456e-2', 10, 3], ['0.0015e1', 5, 2], ['-9.995e0', 4, 2], ['1.5e399', 38, 0],
    ['1.2.3', 10, 0], ['', 10, 0], ['  ', 10, 0], ['+', 10, 0], ['1 2', 10, 0], ['-.5', 3, 1], [' 5. ', 3, 0], ['--1', 10, 0],
    ['1' + '0'.repeat(1200), 38, 0], ['0.' + '4'.repeat(1200), 10, 1], [' ' + '0'.repeat(1200) + '7.25 ', 5, 1]] },
  FLOE_EPOCH_TO: { args: [[0, 0, 'NTZ', 0], [1700000000, 0, 'NTZ', 0], [1700000000123, 3, 'LTZ', 0], [1700000000123456789, 9, 'TZ', 0], ['17000000001234567891', 10, 'NTZ', 0], [-1, 0, 'DATE', 0], [1e15, 0, 'NTZ', 0], [1e15, 0, 'NTZ', 1], [86400.5, 0, 'DATE', 0], [null, 0, 'NTZ', 0]] },
  // Text in the AUTO forms (AUTO_TEXTS) and refused text.
  FLOE_TO_DATE: AUTO_CASES([['31536000'], ['1487654321000'], ['2019-03-27'], ['1970-01-01'], ['3/4/2024'], ['2021-01-02 03:04:05.123456'], ['2021-03-19T18:06:59Z'], ['nope']]),
  FLOE_TO_TIME: AUTO_CASES([['1:02'], ['13:45:30.5'], ['2021-01-02T03:04:05.123456789'], ['2024-01-01'], ['24:00:00'], ['12:00:00 +01:00']]),
  FLOE_TO_TIMESTAMP_NTZ: AUTO_CASES([['1487654321123456'], ['2021-01-02T03:04:05'], ['2021-03-19 18:06:59 +01:00'], ['3/4/2024 10:00'], ['23:01:59']]),
  FLOE_TO_TIMESTAMP_LTZ: AUTO_CASES([['2021-07-01 12:00:00'], ['2021-01-01 00:00:00 +00:00'], ['2021-03-19T18:06:59+0100'], ['2024-01-01']]),
  FLOE_TO_TIMESTAMP_TZ: AUTO_CASES([['2021-03-19 18:06:59 +01:00'], ['2021-03-19 18:06:59+01'], ['2024-11-03 01:30:00.25'], ['2021-03-19T18:06:59Z']]),
  // (value, source kind, target, format, try); the comparison reads the text answer as a number where it is one.
  FLOE_CONVERT: {
    numeric: true,
    args: [['48656C6C6F', 'TEXT', 'BINARY', 'HEX', 0], ['aGk=', 'TEXT', 'BINARY', 'BASE64', 0], ['zz', 'TEXT', 'BINARY', 'HEX', 0], ['zz', 'TEXT', 'BINARY', 'HEX', 1], ['hé', 'TEXT', 'BINARY', 'UTF-8', 0],
      ['2019-03-27', 'TEXT', 'DATE', '', 0], ['2021-03-19T18:06:59Z', 'AUTO', 'TZ', '', 0], ['bad', 'TEXT', 'DATE', '', 1], ['bad', 'TEXT', 'NTZ', '', 0], ['2021-07-01 12:00:00', 'TEXT', 'LTZ', '', 0],
      [NTZ, 'NTZ', 'DATE', '', 0], [NTZ, 'NTZ', 'TIME', '', 0], [TZ, 'TZ', 'LTZ', '', 0], [LTZ, 'LTZ', 'TZ', '', 0], [LTZ, 'LTZ', 'NTZ', '', 0], [DATE, 'DATE', 'TZ', '', 0], [TZ, 'TZ', 'TZ', '', 0], [TIME, 'TIME', 'DATE', '', 0],
      [' 1.5 ', 'TEXT', 'REAL', '', 0], ['inf', 'TEXT', 'REAL', '', 0], ['x', 'TEXT', 'REAL', '', 0], ['x', 'TEXT', 'REAL', '', 1],
      // Beyond a double either way: infinite or zero as Number(text) reads it (PostgreSQL's float8 input raises).
      ['1e400', 'TEXT', 'REAL', '', 0], ['1e400', 'TEXT', 'REAL', '', 1], ['-1e400', 'TEXT', 'REAL', '', 0], ['1e-400', 'TEXT', 'REAL', '', 1], ['-1e-400', 'TEXT', 'REAL', '', 0],
      // TRY_ at each step that can fail (each asked quietly: no exception handler), and the same without TRY_.
      ['123', 'TEXT', 'FIXED:2:0', '', 1], ['maybe', 'TEXT', 'BOOLEAN', '', 1], ['maybe', 'TEXT', 'BOOLEAN', '', 0], [' NO ', 'TEXT', 'BOOLEAN', '', 1], ['!!', 'TEXT', 'BINARY', 'BASE64', 1], ['!!', 'TEXT', 'BINARY', 'BASE64', 0],
      [TIME, 'TIME', 'DATE', '', 1], ['2024-13-01', 'TEXT', 'DATE', 'YYYY-MM-DD', 1], ['2024-13-01', 'TEXT', 'DATE', 'YYYY-MM-DD', 0], ['1e40', 'FIXED:0', 'DATE', '', 1], ['99999999999999', 'FIXED:0', 'NTZ', '', 1], ['99999999999999', 'FIXED:0', 'NTZ', '', 0],
      ['99999999999999999', 'TEXT', 'NTZ', '', 1], ['12:00:00', 'TEXT', 'TZ', '', 1], ['12:00:00', 'TEXT', 'TZ', '', 0], ['9999-12-31 23:59:59', 'TEXT', 'LTZ', '', 1],
      ['0000-01-01 00:00:00 +01:00', 'TEXT', 'LTZ', '', 1], ['0000-01-01 00:00:00 +01:00', 'TEXT', 'LTZ', '', 0], ['12.5', 'TEXT', 'TEXT', '9.9', 1],
      ['1e400000', 'TEXT', 'REAL', '', 1], ['1e400000', 'TEXT', 'FIXED:38:0', '', 0], ['1e400000', 'TEXT', 'FIXED:38:0', '', 1], ['-1e-400000', 'TEXT', 'FIXED:10:2', '', 1], ['1.7976931348623159e308', 'TEXT', 'REAL', '', 0], ['2.4703282292062328e-324', 'TEXT', 'REAL', '', 0], ['2.4703282292062327e-324', 'TEXT', 'REAL', '', 0], ['12.345', 'TEXT', 'FIXED:10:2', '', 0], ['123', 'TEXT', 'FIXED:2:0', '', 0], ['abc', 'TEXT', 'FIXED:38:0', '', 1],
      ['yes', 'TEXT', 'BOOLEAN', '', 0], ['abc', 'TEXT', 'TEXT', '', 0], [1, 'BOOLEAN', 'TEXT', '', 0], [null, 'TEXT', 'DATE', '', 0], ['x', 'TEXT', 'DATE', null, 0],
      // Dates and times as text by a format model (TO_CHAR(d, fmt), ::VARCHAR by *_OUTPUT_FORMAT); FLOAT as text.
      [DATE, 'DATE', 'TEXT', 'DY, DD MON YYYY', 0], [DATE, 'DATE', 'TEXT', 'MMMM yy "q"MM', 0], [NTZ, 'NTZ', 'TEXT', 'YYYY-MM-DD HH24:MI:SS.FF3', 0],
      [TZ, 'TZ', 'TEXT', 'HH12:MI AM TZH:TZM', 0], [LTZ, 'LTZ', 'TEXT', 'YYYY-MM-DD"T"HH24:MI:SS.FFTZHTZM', 0], [TIME, 'TIME', 'TEXT', 'HH24:MI:SS.FF2 PM', 0],
      [1.5, 'REAL', 'TEXT', '', 0], [1e21, 'REAL', 'TEXT', '', 0],
      // Text read by a format model into every kind (TO_DATE(s, fmt), TO_TIMESTAMP_TZ(s, fmt) …); TRY_ forms answer NULL.
      ...FORMAT_TEXTS.flatMap(([t, f]) => FORMAT_TARGETS.map((k) => [t, 'TEXT', k, f, 0])), ...FORMAT_TEXTS.map(([t, f]) => [t, 'TEXT', 'NTZ', f, 1]),
      // Text of other AUTO forms through a cast (::DATE, ::TIMESTAMP_LTZ, TRY_CAST).
      ...AUTO_TEXTS.flatMap((t) => [[t, 'TEXT', 'DATE', '', 0], [t, 'TEXT', 'LTZ', '', 1]])],
  },
  FLOE_STORE_VARCHAR: { args: [['abc', 3], ['abcd', 3], ['ééé', 3], [bytes(1, 2), 4], [bytes(1, 2, 3), 4], [null, 1]] },

  // Date and time
  FLOE_TZ_GREATEST: { args: [[TZ, '2024-03-10 02:00:00.000000000 -07:00'], ['2024-01-01 10:00:00.000000000 +01:00', '2024-01-01 09:00:00.000000000 +00:00'], [TZ, null], ['bad', TZ]] },
  FLOE_TZ_LEAST: { args: [[TZ, '2024-03-10 02:00:00.000000000 -07:00', '2024-03-10 09:29:59.999999999 +00:00'], ['2024-01-01 10:00:00.000000000 +01:00', '2024-01-01 09:00:00.000000000 +00:00']] },
  FLOE_TZ_INSTANT: { args: [[TZ], ['2024-12-31 23:30:00.5 -05:00'], ['2024-01-01 00:00:00 +05:30'], ['nope'], [null]] },
  FLOE_NOW_LTZ: { args: [[]] },
  FLOE_SYSDATE: { args: [[]] },
  FLOE_CURRENT_DATE: { args: [[]] },
  FLOE_CURRENT_TIME: { args: [[]] },
  FLOE_DATEADD: {
    args: [
      ...PARTS.flatMap((p) => KINDS.map(([v, k]) => [p, 7, v, k, k === 'AUTO' ? 'NTZ' : k])),
      ['month', 1, '2024-01-31', 'DATE', 'DATE'], ['year', -1, '2024-02-29', 'DATE', 'DATE'], ['quarter', 5, '2023-11-30 10:00:00', 'NTZ', 'NTZ'],
      ['hour', 1, '2024-03-10 09:30:00.000000000', 'LTZ', 'LTZ'], ['day', 1, '2024-03-09 10:30:00.000000000', 'LTZ', 'LTZ'],
      ['nanosecond', -1, '2024-01-01 00:00:00', 'NTZ', 'NTZ'], ['minute', -1441, TIME, 'TIME', 'TIME'],
      ['fortnight', 1, NTZ, 'NTZ', 'NTZ'], ['day', null, NTZ, 'NTZ', 'NTZ'], ['day', 1, 'garbage', 'NTZ', 'NTZ'], ['day', 1, '2024-02-30', 'DATE', 'DATE'],
    ],
  },
  FLOE_DATEDIFF: {
    args: [
      ...PARTS.map((p) => [p, '2023-12-31 23:59:59.999999999', 'NTZ', '2025-01-01 00:00:00.000000001', 'NTZ']),
      ...PARTS.map((p) => [p, '2024-03-10 01:00:00.000000000 -08:00', 'TZ', '2024-03-10 03:00:00.000000000 -07:00', 'TZ']),
      ['day', DATE, 'DATE', LTZ, 'LTZ'], ['week', '2024-01-07', 'DATE', '2024-01-08', 'DATE'], ['hour', '2024-03-10', 'AUTO', LTZ, 'LTZ'],
      ['second', TIME, 'TIME', '01:00:00', 'TIME'], ['day', null, 'DATE', DATE, 'DATE'], ['nope', DATE, 'DATE', DATE, 'DATE'],
    ],
  },
  FLOE_DATE_TRUNC: { args: [...['year', 'quarter', 'month', 'week', 'weekiso', 'day', 'hour', 'minute', 'second', 'millisecond', 'microsecond', 'nanosecond'].flatMap((p) => KINDS.map(([v, k]) => [p, v, k])), ['dayofweek', NTZ, 'NTZ'], ['hour', TIME, 'TIME']] },
  FLOE_DATE_PART: { args: [...ALL_PARTS.flatMap((p) => KINDS.map(([v, k]) => [p, v, k])), ['hour', TIME, 'TIME'], ['nanosecond', TIME, 'TIME'], ['week', '2021-01-03', 'DATE'], ['yearofweekiso', '2021-01-03', 'DATE'], ['bogus', DATE, 'DATE'],
    // Text that is no stored form of its kind is read as the conversion to it reads it (readWall).
    ...AUTO_TEXTS.flatMap((t) => [['epoch_nanosecond', t, 'AUTO'], ['day', t, 'DATE'], ['nanosecond', t, 'TIME'], ['timezone_minute', t, 'TZ'], ['hour', t, 'LTZ']])] },
  FLOE_LAST_DAY: { args: [...['year', 'quarter', 'month', 'week', 'weekiso', null].flatMap((p) => KINDS.map(([v, k]) => [v, k, p])), [DATE, 'DATE', 'day'], [null, 'DATE', 'month']] },
  FLOE_ADD_MONTHS: { args: [[DATE, 1, 'DATE', 'DATE'], ['2024-01-31', 1, 'DATE', 'DATE'], ['2024-02-29', 12, 'DATE', 'DATE'], ['2023-02-28', 1, 'DATE', 'DATE'], [NTZ, -13, 'NTZ', 'NTZ'], [TZ, 2, 'TZ', 'TZ'], [LTZ, 1, 'LTZ', 'LTZ'], [DATE, null, 'DATE', 'DATE']] },
  FLOE_MONTHS_BETWEEN: { args: [['2024-03-31', 'DATE', '2024-02-29', 'DATE'], ['2024-03-15 12:00:00', 'NTZ', '2024-02-01', 'NTZ'], ['2024-01-01', 'DATE', '2024-12-25', 'DATE'], [DATE, 'DATE', DATE, 'DATE'], [TZ, 'TZ', LTZ, 'LTZ']], tolerance: 1e-15 },
  FLOE_NEXT_DAY: { args: [[DATE, 'DATE', 'Friday'], [DATE, 'DATE', 'th'], [NTZ, 'NTZ', 'mo '], [LTZ, 'LTZ', 'SU'], [DATE, 'DATE', 'xx'], [DATE, 'DATE', null]] },
  FLOE_PREVIOUS_DAY: { args: [[DATE, 'DATE', 'Friday'], [DATE, 'DATE', 'th'], [TZ, 'TZ', 'sat']] },
  FLOE_DATE_FROM_PARTS: { args: [[2024, 2, 29], [2004, 0, 0], [2023, 14, 1], [2024, 1, 400], [2024, -1, -1], [null, 1, 1]] },
  FLOE_TIME_FROM_PARTS: { args: [[12, 34, 56], [25, 0, 0], [-1, 0, 0], [0, 0, 0, 123456789], [1, 2, 3, null], [0, 0, 90061, 5], [null, 1, 1]] },
  FLOE_TIME_SLICE: {
    args: [...['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second'].flatMap((p) => [[NTZ, 3, p, 'NTZ', 0], [NTZ, 2, p, 'NTZ', 1], ['1969-07-20 20:17:40', 5, p, 'NTZ', 0]]),
      [DATE, 1, 'month', 'DATE', 0], [TZ, 4, 'hour', 'TZ', 1], [LTZ, 1, 'day', 'LTZ', 0], [NTZ, 0, 'day', 'NTZ', 0], [NTZ, 1.5, 'day', 'NTZ', 0], [NTZ, 1, 'millisecond', 'NTZ', 0], [null, 1, 'day', 'NTZ', 0]],
  },
  FLOE_TIMESTAMP_FROM_PARTS: {
    args: [['NTZ', 2024, 2, 29, 13, 45, 30], ['NTZ', 2024, 2, 29, 13, 45, 30, 123456789], ['NTZ', 2023, 14, 35, 25, 61, -1], ['NTZ', 2024, 1, 1, 0, 0, 0, -1], ['LTZ', 2024, 3, 10, 2, 30, 0],
      ['TZ', 2024, 3, 10, 2, 30, 0], ['TZ', 2024, 6, 1, 12, 0, 0, 0, 'Asia/Tokyo'], ['TZ', 2024, 6, 1, 12, 0, 0, 5, null], ['NTZ', DATE, TIME], ['TZ', DATE, '23:59:59'],
      ['NTZ', 2024, null, 1, 0, 0, 0], ['NTZ', 2024, 1, 1, 0, 0, 0, null], ['NTZ', 2024.5, 1, 1, 0, 0, 0], ['DATE', 2024, 1, 1, 0, 0, 0]],
  },
  FLOE_CONVERT_TIMEZONE: { args: [['Asia/Kolkata', TZ, 'TZ'], ['UTC', LTZ, 'LTZ'], ['Europe/Berlin', NTZ, 'NTZ'], ['+05:30', TZ, 'TZ'], ['America/New_York', 'Europe/London', NTZ, 'NTZ'], ['UTC', 'America/Los_Angeles', '2024-03-10 10:30:00', 'NTZ'], ['No/Where', TZ, 'TZ'], ['UTC', null, 'TZ']] },

  // Numbers
  FLOE_DEC_ADD: { args: [[1.25, 2.5, 2], ['12345678901234567890.5', 0.25, 2], [-1.25, 0.5, 2], ['99999999999999999999999999999999999.99', 0.01, 2], [null, 1, 0]] },
  FLOE_DEC_SUB: { args: [[1.25, 2.5, 2], ['12345678901234567890.5', 0.25, 2], ['-99999999999999999999999999999999999.99', 0.01, 2]] },
  FLOE_DEC_MUL: { args: [[1.25, 2.5, 2, 1, 3], ['12345678901234567890', '98765432109876543210', 0, 0, 0], [1.5, 1.5, 1, 1, 1], [-0.125, 3, 3, 0, 2]] },
  FLOE_DEC_DIV: { args: [[1, 3, 6], [2, 3, 6], [-2, 3, 6], [1, 0, 2], ['12345678901234567890123', 7, 10], [0.5, -4, 2], [10, 4, 0], [-10, 4, 0]] },
  FLOE_DEC_MOD: { args: [[10, 3, 0], [-10, 3, 0], [10.5, 3, 1], [5, 0, 0], ['123456789012345678901', 10, 0]] },
  FLOE_NUMERIC: { args: [['1.50'], [' 42 '], ['-0.000001'], ['1e3'], ['abc'], [''], ['12345678901234567890123.45'], [null]], numeric: true },
  FLOE_DEC_NEG: { args: [[1.5], ['-12345678901234567890.25'], [0], [null]] },
  FLOE_DEC_ABS: { args: [[-1.5], ['-12345678901234567890.25'], [0]] },
  FLOE_DEC_CMP: { args: [[1, 2], [2, 1], [1.5, 1.5], ['12345678901234567890.1', '12345678901234567890.2'], [null, 1]] },
  FLOE_DEC_AVG: { args: [[10, 4, 3], [10, 3, 6], ['-10', 3, 0], [10, 0, 2], [null, 1, 2]] },
  FLOE_DEC_GREATEST: { args: [[1, 2.5, -3], ['12345678901234567890', 1], [1, null], [5]] },
  FLOE_DEC_LEAST: { args: [[1, 2.5, -3], ['-12345678901234567890', 1], [null, 1]] },
  FLOE_DIV: { args: [[1, 3], [1, 0], [-7.5, 2.5], [NAN, 1], [Infinity, -2], [null, 1]] },
  FLOE_FMOD: { args: [[0.3, 0.1], [10, 3], [-10, 3], [10, -3], [5.5, 2], [1e300, 3], [1e-300, 1e-310], [5e-324, 1e-320], [7, 0], [Infinity, 2], [2, Infinity], [-2, -Infinity], [NAN, 1], [0, 5], [-4, 2], [123456.789, 0.001], [null, 1]] },
  FLOE_ROUND: { args: [[2.5, 0], [-2.5, 0], [1.2345, 2], [1.235, 2], [1234.5, -2], [-1.5, 0], [1.5, 5], [123, -5], [0.5, -400], ['12345678901234567890.55', 1], [null, 1]] },
  FLOE_ROUND_EVEN: { args: [[2.5, 0], [3.5, 0], [-2.5, 0], [1.245, 2], [1.255, 2], [1250, -2], [1350, -2], [1.2, 0]] },
  FLOE_TRUNC: { args: [[2.7, 0], [-2.7, 0], [1.2399, 2], [1299, -2], [-1299, -2]] },
  FLOE_FLOOR: { args: [[2.7, 0], [-2.7, 0], [1.2399, 2], [-1.2301, 2], [1299, -2], [-1299, -2], [5, -3], ['-1.5', -37]] },
  FLOE_CEIL: { args: [[2.2, 0], [-2.7, 0], [1.2301, 2], [-1.2399, 2], [1201, -2], [-1201, -2], [5, -3], ['1.5', -38], ['0.000000000000000000001', 20], ['1.5', 1.5]] },
  FLOE_ROUND_FLOAT: { args: [[2.5, 0], [-2.5, 0], [0.1 + 0.2, 15], [1.005, 2], [1e300, 2], [NAN, 1], [Infinity, 0], [123.456, -1]] },
  FLOE_ROUND_EVEN_FLOAT: { args: [[2.5, 0], [3.5, 0], [0.125, 2]] },
  FLOE_TRUNC_FLOAT: { args: [[2.7, 0], [-2.7, 0], [1.999, 2]] },
  FLOE_FLOOR_FLOAT: { args: [[-2.5, 0], [2.5, 0], [1.999, 2]] },
  FLOE_CEIL_FLOAT: { args: [[-2.5, 0], [2.5, 0], [1.001, 2], [1.5, -400], [1e308, 1e308]] },
  FLOE_SIGN: { args: [[-3], [0], [2.5], ['-12345678901234567890.5'], [null]] },
  SQRT: { args: unary([4, 2]) },
  EXP: { args: unary([709, 710, -746, -700]), tolerance: TRIG },
  LN: { args: unary([Math.E]), tolerance: TRIG },
  CBRT: { args: unary([27, -8, 64, 2]), tolerance: TRIG },
  DEGREES: { args: unary([Math.PI]) },
  RADIANS: { args: unary([180]) },
  SIN: { args: unary([Math.PI]), tolerance: TRIG },
  COS: { args: unary([Math.PI]), tolerance: TRIG },
  TAN: { args: unary([Math.PI / 4]), tolerance: TRIG },
  ASIN: { args: unary([0.3]), tolerance: TRIG },
  ACOS: { args: unary([0.3]), tolerance: TRIG },
  ATAN: { args: unary([]), tolerance: TRIG },
  SINH: { args: unary([1000, -1000]), tolerance: TRIG },
  COSH: { args: unary([1000]), tolerance: TRIG },
  TANH: { args: unary([]), tolerance: TRIG },
  COT: { args: unary([1.5]), tolerance: TRIG },
  FLOE_SQUARE: { args: unary([3, 1e200]) },
  PI: { args: [[]] },
  ATAN2: { args: [[1, 1], [-1, -1], [0, -0.0], [Infinity, 1], [NAN, 1], [null, 1]], tolerance: TRIG },
  POWER: { args: [[2, 10], [2, 0.5], [0, -1], [-8, 1 / 3], [10, 400], [-10, 401], [-10, 400], [0.5, 2000], [NAN, 0], [1, NAN], [-1, Infinity], [1, -Infinity], [null, 2], [-2, 3],
    // At the bounds of a double (decided before PostgreSQL's power, which raises there): 2^-1075 is a tie that rounds to zero.
    [2, 1024], [2, 1023.9999999999999], [-2, 1025], [-2, 1024], [2, -1074], [2, -1075], [0.03125, 215], [10, -320], [0.5, 1075], [1.0000000000000002, 3.2e18], [-1.0000001, 7097827479], [-1.0000001, 7097827480], [-1.0000001, 7097827481]], tolerance: TRIG },
  FLOE_LOG: { args: [[10, 1000], [2, 8], [2, 1024], [Math.E, 10], [3, 81], [1, 5], [0, 5], [10, -1], [10, Infinity], [0.5, 4], [null, 1]], tolerance: TRIG },
  HAVERSINE: { args: [[40.7486, -73.9864, 37.7749, -122.4194], [0, 0, 0, 0], [90, 0, -90, 0], [null, 0, 0, 0]], tolerance: STATS },
  WIDTH_BUCKET: { args: [[5.35, 0.024, 10.06, 5], [-1, 0, 10, 5], [10, 0, 10, 5], [7, 10, 0, 4], [11, 10, 0, 4], [5, 0, 10, 0], [5, 0, 10, 2.5], [null, 0, 1, 1]] },
  FACTORIAL: { args: [[0], [5], [20], [21], [33], [34], [-1], [2.5], [null]] },
  FLOE_RANDOM_SEEDED: { args: [[42], [42], [7], [42], [-3], [1.5]] },
  FLOE_UNIFORM_INT: { args: [[1, 10, '12345'], [1, 10, '4294967295'], [-5, 5, '0'], [1, 6, 'text gen'], [0, 100, '1.5'], [1, 10, null], [null, 10, '1'], [1, null, '1']] },
  FLOE_UNIFORM_FLOAT: { args: [[0, 1, '12345'], [-1, 1, '99'], [0, 1, 'héllo'], [null, 1, '1'], [0, null, '1'], [0, 1, null]] },
  FLOE_NORMAL: { args: [[0, 1, '12345'], [10, 2, '7'], [0, 1, 'abc'], [null, 1, '1'], [0, null, '1'], [0, 1, null]], tolerance: TRIG },
  // (Seeds that take each path: an integer of up to 18 digits, a longer one past 2^64, negatives, a decimal, text, zero; lengths across chunks of eight.)
  RANDSTR: { args: [[10, '12345'], [0, '1'], [5, 'x y'], [-1, '1'], [2.5, '1'], [null, '1'], [8, '0'], [9, '-7'], [33, '123456789012345678'],
    [17, '1234567890123456789'], [17, '-9223372036854775809'], [16, '340282366920938463463374607431768211457'], [12, '1.50'], [12, ' 42 '], [1000, '3']] },
  BITAND: { args: [[12, 10], [-1, 255], ['18446744073709551615', 1], [1.5, 1], [null, 1]] },
  BITOR: { args: [[12, 10], [-8, 3]] },
  BITXOR: { args: [[12, 10], [-1, 5]] },
  BITSHIFTLEFT: { args: [[1, 3], [1, 63], [1, 64], [1, 100], [-1, 1], [8, -2], ['9223372036854775807', 1]] },
  BITSHIFTRIGHT: { args: [[16, 2], [-16, 2], [-1, 64], [1, 64], [1, -3]] },
  BITNOT: { args: [[0], [-1], [12345], [null]] },

  // Strings
  FLOE_FIXED_TEXT: { args: [[1.5, 2], [2, 0], [-0.005, 2], ['12345678901234567890.1', 3], [1.25, 1], [null, 2]] },
  FLOE_SPLIT: { args: [['a,b,c', ','], ['', ','], ['abc', ''], ['a,,b,', ','], ['é"ü', '"'], ['a\nb', '\n'], [null, ',']] },
  FLOE_SPLIT_PART: { args: [['a,b,c', ',', 2], ['a,b,c', ',', 0], ['a,b,c', ',', -1], ['a,b,c', ',', -4], ['a,b,c', ',', 5], ['', ',', 1], ['abc', '', 1], ['abc', '', 2], ['a::b', '::', 2]] },
  FLOE_STRTOK: { args: [['a b c'], ['a.b,c', '.,'], ['a.b,c', '.,', 3], ['a.b,c', '.,', 4], ['', ' '], ['a  b', ' ', 0], ['..', '.', 1], ['héllo wörld', ' ', 2]] },
  FLOE_STRTOK_TO_ARRAY: { args: [['a b c'], ['a.b,,c', '.,'], [''], ['x', '']] },
  FLOE_INSERT: { args: [['abcdef', 3, 2, 'XY'], ['abc', 0, 1, 'Z'], ['abc', 10, 1, 'Z'], ['héllo', 2, -1, '_'], [null, 1, 1, 'x']] },
  FLOE_CONTAINS: { args: [['abc', 'b'], ['abc', ''], ['abc', 'd'], ['Ünï', 'nï'], [null, 'a']] },
  FLOE_STARTSWITH: { args: [['abc', 'ab'], ['abc', ''], ['abc', 'bc']] },
  FLOE_ENDSWITH: { args: [['abc', 'bc'], ['abc', ''], ['abc', 'ab'], ['', '']] },
  FLOE_LPAD: { args: [['abc', 5], ['abc', 5, 'xy'], ['abcdef', 3, 'x'], ['abc', 5, ''], ['é', 3, 'ü'], ['abc', -1, 'x'], ['abc', 5000000, 'x'], [null, 3]] },
  FLOE_RPAD: { args: [['abc', 5], ['abc', 6, 'xy'], ['abcdef', 3, 'x']] },
  FLOE_INITCAP: { args: [['hello wORLD'], ['élan-vital o\'neil'], ['a_b c', ' '], ['ß straße'], ['']] },
  FLOE_UPPER: { args: [['abc'], ['éß'], ['ǆ'], ['']] },
  FLOE_LOWER: { args: [['ABC'], ['ÉÀ'], ['ΣΑΣ']] },
  FLOE_LEFT: { args: [['héllo', 2], ['abc', 0], ['abc', -1], ['abc', 10]] },
  FLOE_RIGHT: { args: [['héllo', 2], ['abc', 0], ['abc', -1], ['abc', 10]] },
  FLOE_SUBSTR: { args: [['abcdef', 2], ['abcdef', 2, 3], ['abcdef', 0, 2], ['abcdef', -2], ['abcdef', -10, 3], ['abcdef', 10], ['abcdef', 2, 0], ['abcdef', 2, -1], ['héllo', 2, 2], [null, 1]] },
  FLOE_POSITION: { args: [['b', 'abcb'], ['b', 'abcb', 3], ['', 'abc'], ['', 'abc', 5], ['z', 'abc'], ['ü', 'aüü', 3], ['b', 'abc', 0], ['b', 'abc', 9]] },
  FLOE_REPEAT: { args: [['ab', 3], ['ab', 0], ['ab', -1], ['', 5], ['x', 5000000]] },
  FLOE_SOUNDEX: { args: [['Robert'], ['Rupert'], ['Ashcraft'], ['Tymczak'], ['Pfister'], ['Honeyman'], [''], ['123'], ['éa']] },
  FLOE_SOUNDEX_P123: { args: [['Pfister'], ['Robert'], ['Lloyd']] },
  FLOE_REVERSE: { args: [['abc'], ['héllo'], ['']] },
  FLOE_TRANSLATE: { args: [['abcabc', 'ab', 'x'], ['hello', 'lo', 'LO'], ['aaa', 'aa', 'xy']] },
  FLOE_ASCII: { args: [['A'], [''], ['é'], ['😀']] },
  FLOE_CHR: { args: [[65], [233], [128512], [-1], [55296], [1114112], [null]] },
  FLOE_EDITDISTANCE: { args: [['kitten', 'sitting'], ['', 'abc'], ['abc', ''], ['héllo', 'hello'], ['kitten', 'sitting', 2], ['abc', 'abc', 0], ['abcdef', 'a', 3]] },

  // Encodings
  FLOE_MD5: { args: [['abc'], [''], ['héllo'], [bytes(0, 1, 2)], [null]] },
  FLOE_MD5_NUMBER_UPPER64: { args: [['abc'], ['Snowflake']] },
  FLOE_MD5_NUMBER_LOWER64: { args: [['abc'], ['Snowflake']] },
  FLOE_SHA2: { args: [['abc'], ['abc', 224], ['abc', 384], ['abc', 512], ['abc', 0], ['abc', 100], [bytes(255), 256]] },
  FLOE_BASE64_ENCODE: { args: [['hello'], ['héllo wörld, a longer text for lines', 10], [bytes(251, 255), 0, '-_.'], ['', 4], ['ab?>', 0, '$']] },
  FLOE_BASE64_DECODE_STRING: { args: [['aGVsbG8='], ['aGVsbG8'], ['aGVs\nbG8='], ['!!'], ['a'], ['Pz8-', '-_=']] },
  FLOE_TRY_BASE64_DECODE_STRING: { args: [['aGVsbG8='], ['!!'], ['a']] },
  FLOE_HEX_ENCODE: { args: [['abc'], ['abc', 0], ['abc', 1], [bytes(171, 205)]] },
  FLOE_HEX_DECODE_STRING: { args: [['616263'], ['C3A9'], ['6'], ['zz'], ['']] },
  FLOE_UUID_STRING: { args: [[], [], [], ['fe971b24-9572-4005-b22f-351e9c09274d', 'foo'], ['6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com'], ['not-a-uuid', 'x'], [null, 'x']] },
  FLOE_SHA1: { args: [['abc'], [''], ['héllo'], ['a'.repeat(55)], ['a'.repeat(56)], ['a'.repeat(64)], ['a'.repeat(200)], [bytes(0, 255)], [null]] },
  FLOE_TRY_HEX_DECODE_STRING: { args: [['616263'], ['zz']] },

  // Pattern matching
  FLOE_LIKE: {
    args: [['abc', 'a%', null, 0], ['abc', 'A%', null, 0], ['abc', 'A%', null, 1], ['a%c', 'a\\%c', null, 0], ['a%c', 'a!%c', '!', 0], ['abc', 'a!%c', '!', 0],
      ['a\nb', 'a_b', null, 0], ['ÉCOLE', 'é%', null, 1], ['a_b', 'a#_b', '#', 0], ['ab', 'ab!', '!', 0], ['x', 'x', 'ab', 0], [null, 'a', null, 0], ['back\\slash', '%\\%', null, 0]],
  },
  FLOE_RLIKE: { args: [['abc', 'a.c'], ['abc', 'b'], ['ABC', 'abc', 'i'], ['a\nb', 'a.b'], ['a\nb', 'a.b', 's'], ['line1\nline2', 'line1$.*', 'ms'], ['', ''], ['word', '\\bword\\b'], ['123', '[[:digit:]]+'], ['x', 'x', 'z'], ['abc', 'abc', ''], [null, 'a'],
    // Whole-match: alternations, quantified groups and non-greedy quantifiers run (which match is found does not matter).
    ['abc', 'a|ab|abc'], ['ab', 'a|abc'], ['abab', '(ab)*'], ['aba', '(ab)*'], ['xabcabc', 'x(a|bc)+'], ['ABab', '(ab)+', 'i'], ['abc', 'a.*?c'],
    ['a', 'a|'], ['', '(a|b)*'], ['a1 b2', '([a-z]\\d\\s?){2}'], ['a\nb', '(a|b|.)+', 's'], ['١', '\\d']] },
  // The searching REGEXP_ functions on patterns inside the safe set (function-library.test.ts
  // also checks that the patterns outside it fail closed): positions, occurrences, parameters, groups, errors.
  FLOE_REGEXP_SUBSTR: { args: [
    ['It was the best of times, it was the worst of times', '\\bwas\\b', 1, 1], ['It was the best of times', 'the\\W+\\w+', 1, 2],
    ['abc123def', '[0-9]+'], ['abc', 'b', 3], ['abc', 'b', 0], ['a1b22', '([a-z])([0-9]+)', 1, 2, 'e'], ['a1b22', '([a-z])([0-9]+)', 1, 1, 'e', 2],
    ['a1b22', '([a-z])([0-9]+)', 1, 1, 'c', 3], ['a1', '[a-z]', 1, 1, 'x'], ['ABC', 'b', 1, 1, 'i'], ['x\ny', '^y', 1, 1, 'm'], ['x\ny', 'x.y', 1, 1, 's'],
    ['x\r\ny', 'x.', 1, 1], ['a\u00a0b', 'a\\sb'], ['héllo wörld', '\\w+', 1, 2], ['cat dog', '(cat|dog)', 1, 2], ['abc', ''], ['abc', 'a(', 1, 1],
    ['ab', 'a*', 2], ['Hello', '(H\\S*o)', 1, 1, ''], ['[x]', '[]x[]+'], ['a-c', '[a\\-]+'], ['Ab', '[[:upper:]][[:lower:]]'], [null, 'a'], ['a', null], ['GET /x', '^(GET|POST) /\\w+'],
  ] },
  FLOE_REGEXP_SUBSTR_ALL: { args: [
    ['a1_a2a3_a4A5a6', 'a[[:digit:]]'], ['a1_a2a3_a4A5a6', 'a[[:digit:]]', 2], ['a1_a2a3_a4A5a6', 'a[[:digit:]]', 1, 3, 'i'],
    ['a1_a2a3_a4A5a6', '(a)([[:digit:]])', 1, 1, 'ie'], ['a1_a2a3_a4A5a6', '(a)([[:digit:]])', 1, 1, 'i', 2], ['abc', 'z'], ['baa', 'a*'], ['abc', '(x?)b', 1, 1, 'e'], ['ab', '(a)', 1, 1, 'c', 5], ['ab', 'q', 1, 1, 'c', 5],
  ] },
  FLOE_REGEXP_REPLACE: { args: [
    ['It was the best of times, it was the worst of times', '( ){1,}', ''], ['firstname middlename lastname', '(.*) (.*) (.*)', '\\3, \\1 \\2'],
    ['abc abc', 'b', 'X', 1, 2], ['abc abc', 'b', 'X', 4], ['abc abc', 'b', 'X', 1, -1], ['abc', 'b', '[\\0\\\\\\q&\\9]'], ['baa', 'a*', '-'],
    ['Hello', 'L', '_', 1, 0, 'i'], ['abc', 'b'], ['abc', '', 'x'], ['abc', 'b', 'x', 0], [null, 'b', 'x'],
  ] },
  FLOE_REGEXP_COUNT: { args: [
    ['It was the best of times, it was the worst of times', '\\bwas\\b', 1], ['qqqabcrtrababcbcd', 'abc'], ['qqqabcrtrababcbcd', 'abc', 5], ['', 'a*'], ['baa', 'a*'],
    ['aAa', 'a', 1, 'i'], ['a\nb\nc', '^.', 1, 'm'], ['a\nb', '.', 1, 's'], ['a', 'a', 1, 'q'], ['dog cat', 'cat|dog'],
  ] },
  FLOE_REGEXP_INSTR: { args: [
    ['It was the best of times, it was the worst of times', 'the\\W+\\w+', 1, 2], ['It was the best of times, it was the worst of times', 'the\\W+\\w+', 1, 2, 1],
    ['It was the best of times, it was the worst of times', 'the\\W+(\\w+)', 1, 2, 0, 'e'], ['It was the best of times', 'the\\W+(\\w+)', 1, 1, 1, 'e', 1],
    ['abc', 'z'], ['héllo', 'l+', 2, 1, 1], ['abc', '(x?)b', 1, 1, 0, 'e'], ['abc', 'b', 1, 1, 0, 'c', 2], ['abc', 'b', -1],
  ] },

  // Semi-structured
  FLOE_TO_VARIANT: { args: [['s', 'héllo "q"'], ['n', 1.5], ['n', '12345678901234567890.50'], ['n', 100], ['r', 0.1], ['r', 1e21], ['r', -2], ['b', 1], ['b', 0], ['j', '{"a":[1,2]}'], ['d', '2024-01-01'], ['s', null]] },
  FLOE_TO_ARRAY: { args: [['j', '[1,2]'], ['s', 'x'], ['n', 3], ['j', 'null'], ['s', null]] },
  FLOE_FROM_VARIANT: { args: [['"text"', 0], ['"text"', 1], ['true', 0], ['true', 1], ['false', 0], ['1.50', 0], ['1.50', 1], ['12345678901234567890', 0], ['1.500000000000000e+00', 0], ['null', 0], ['{"a":1}', 1], ['[1,"x"]', 0], ['NaN', 0], ['oops', 0], [null, 0]], numeric: true },
  FLOE_OBJECT_CONSTRUCT: { args: [['snsssj', 'b', 1, 'a', 'x', 'c', '{"k":[1]}'], ['snsn', 'a', 1, 'a', 2], ['snsn', 'a', null, 'b', 2], ['snsn', null, 1, 'b', 2], ['sr', 'z', 0.5], ['']] },
  FLOE_OBJECT_CONSTRUCT_KEEP_NULL: { args: [['snsn', 'a', null, 'b', 2], ['sj', 'x', 'null']] },
  FLOE_OBJECT_INSERT: { args: [['jsn', '{"a":1,"c":3}', 'b', 2], ['jsn', '{"a":1}', 'a', 2], ['jsnn', '{"a":1}', 'a', 2, 1], ['jss', '{"a":1}', 'a', null, 'true'], ['jsn', null, 'a', 1], ['jsn', '{"a":1}', null, 1], ['jsn', '[1]', 'a', 1]] },
  FLOE_ARRAY_CONSTRUCT: { args: [['nsj', 1, 'a', '{"b":2}'], ['nn', null, 2], ['r', 2.5], ['']] },
  FLOE_ARRAY_CONSTRUCT_COMPACT: { args: [['nnj', null, 2, 'null'], ['s', 'x']] },
  FLOE_ARRAY_CONTAINS: { args: [['n', 2, '[1,2,3]'], ['n', 2, '[1,2.0]'], ['s', '2', '[1,2]'], ['s', 'b', '["a","b"]'], ['n', null, '[1,null]'], ['n', null, '[1]'], ['n', 1, null], ['j', '{"a":1}', '[{"a":1}]'], ['n', 1, '{"a":1}']] },
  FLOE_ARRAY_POSITION: { args: [['n', 2, '[1,2,3,2]'], ['s', 'z', '["a"]'], ['n', null, '[1]'], ['n', 1, null]] },
  FLOE_ARRAY_APPEND: { args: [['jn', '[1,2]', 3], ['js', '[]', 'x'], ['jn', '[1]', null], ['jn', null, 1]] },
  FLOE_ARRAY_PREPEND: { args: [['jn', '[1,2]', 0], ['js', '[]', 'x'], ['jn', '[1]', null]] },
  FLOE_ARRAY_INSERT: { args: [['jnn', '[0,1,2]', 1, 9], ['jnn', '[0,1,2]', 5, 9], ['jnn', '[0,1,2]', -1, 9], ['jnn', '[0,1,2]', -10, 9], ['jnn', '[]', 0, null], ['jnn', '[1]', null, 2]] },
  FLOE_IS: { args: [['INTEGER', 'j', '1'], ['DECIMAL', 'j', '1.5'], ['DECIMAL', 'j', '1'], ['DOUBLE', 'j', '1.5'], ['DOUBLE', 'j', '1.000000000000000e+00'], ['INTEGER', 'j', '1.000000000000000e+00'], ['VARCHAR', 'j', '"x"'], ['VARCHAR', 's', 'x'], ['BOOLEAN', 'b', 1], ['OBJECT', 'j', '{}'], ['ARRAY', 'j', '[]'], ['NULL_VALUE', 'j', 'null'], ['INTEGER', 'n', 5], ['DOUBLE', 'r', 5], ['INTEGER', 'j', null]] },
  FLOE_AS: { args: [['INTEGER', 'j', '1'], ['INTEGER', 'j', '"1"'], ['VARCHAR', 'j', '"x"'], ['DOUBLE', 'j', '2.5'], ['BOOLEAN', 'j', 'true'], ['OBJECT', 'j', '{"a":1}'], ['DECIMAL', 'n', 2.25]], numeric: true },
  ARRAY_SORT: { args: [['[3,1,"b","a",null,true,[1],{"k":1},2.5]'], ['[3,1,2]', 0], ['[3,1,2]', 1, 1], ['[1,1.0,0]', 1], ['[]'], ['[1]', null], ['{"a":1}']] },
  ARRAY_MIN: { args: [['[3,1,"a",null]'], ['["b","a"]'], ['[]'], ['[null]'], ['[true,false]'], ['[1,1.0]']] },
  ARRAY_MAX: { args: [['[3,1,"a",null]'], ['[1,2,[0]]'], ['[]'], ['[1.0,1]']] },
  FLOE_TYPEOF: { args: [['1'], ['1.5'], ['1.000000000000000e+00'], ['"s"'], ['true'], ['null'], ['[]'], ['{}'], ['NaN'], ['x y'], [null]] },
  PARSE_JSON: { args: [['{"b":1,"a":[1.50,-0,0.0,1e3,12345678901234567890123456789012345678901]}'], ['  [true,false,null,"x\\n\\u00e9"]  '], ['"é"'], [''], ['   '], ['{"a":1,"a":2}', 'd'], ['{"z":{"y":1,"x":2}}', 'D'], [null], ['-12.0'], ['{}']] },
  CHECK_JSON: { args: [['{"a": 1}'], ['{"a": '], [''], ['  '], ['[1,,2,]'], ["{'a': NaN, b: -Infinity, c: undefined,}"], ['{"a":1,"a":2}'], ['"\\u12x4"'], ['"abc'], ['"abc\\'], ['truex'], ['[1 2]'], ['{"k" 1}'], ['1.2.3'], ['"😀" x'], [null]] },
  TRY_PARSE_JSON: { args: [['{"a":1}'], ['{bad'], ['{"a":1,"a":2}'], [''], [null]] },
  OBJECT_PICK: { args: [['{"a":1,"b":2,"c":3}', 'c', 'a'], ['{"a":1,"b":2}', '["b","z"]'], ['{"a":1,"null":2}', null], ['{"a":1}', 'z'], ['[1]', 'a'], [null, 'a']] },
  ARRAYS_ZIP: { args: [['[1,2]', '["a"]'], ['[]', '[]'], ['[1]', null], ['[1,2,3]', '[4]', '[5,6]', '[7]', '[8]', '[9]', '[10]', '[11]', '[12]', '[13]'], ['[null]'], ['{"a":1}']] },
  TO_OBJECT: { args: [['{"a":1}'], ['[1]'], ['{bad']] },
  OBJECT_DELETE: { args: [['{"a":1,"b":2,"c":3}', 'b'], ['{"a":1,"b":2}', 'a', 'b', 'z'], ['{"a":1}', null], ['[1]', 'a'], [null, 'a']] },
  OBJECT_KEYS: { args: [['{"a":{"c":2},"b":1}'], ['[1,2]'], ['{}'], ['null']] },
  ARRAY_SIZE: { args: [['[1,2,3]'], ['[]'], ['{"a":1}'], ['"x"'], ['null'], ['not json']] },
  ARRAY_REMOVE_AT: { args: [['[1,2,3]', 0], ['[1,2,3]', -1], ['[1,2,3]', 5], ['{"a":1}', 0]] },
  ARRAY_CAT: { args: [['[1,2]', '["a",{"b":null}]'], ['[]', '[]'], ['[1]', '2'], [null, '[1]']] },
  ARRAY_SLICE: { args: [['[0,1,2,3,4]', 1, 3], ['[0,1,2,3,4]', -2, 10], ['[0,1,2,3,4]', 3, 1], ['[0,1,2,3,4]', -10, -3]] },
  ARRAY_TO_STRING: { args: [['[1,"a",null,true,[2],{"k":"v"},1.50]', ', '], ['[]', ','], ['["x"]', '']] },
  ARRAY_DISTINCT: { args: [['[1,1.0,"1",null,null,{"a":1},{"a":1},[1]]'], ['[]']] },
  ARRAY_COMPACT: { args: [['[1,null,2,null]'], ['[null]']] },
  ARRAY_REVERSE: { args: [['[1,"b",[3]]'], ['[]']] },
  ARRAY_GENERATE_RANGE: { args: [[0, 5], [5, 0, -2], [0, 10, 3], [0, 5, 0], [2, 2], [-3, 3, 2], [0, 100000000, 1]] },
  ARRAY_FLATTEN: { args: [['[[1,2],[3,[4]],5]'], ['[]'], ['[[],[null]]']] },
  ARRAYS_OVERLAP: { args: [['[1,2]', '[2.0,3]'], ['[1,2]', '[3]'], ['[null]', '[null,1]'], ['["a"]', '["A"]']] },
  ARRAY_INTERSECTION: { args: [['[1,1,2,3]', '[1,3,3,1]'], ['["a",{"b":1}]', '[{"b":1}]'], ['[]', '[1]']] },
  ARRAY_EXCEPT: { args: [['[1,1,2,3]', '[1,3,3]'], ['["a","b"]', '[]']] },
  FLOE_GET: { args: [['[10,20,30]', '1'], ['[10,20,30]', '5'], ['{"a":{"b":1}}', 'a'], ['{"a":null}', 'a'], ['{"a":1}', 'b'], ['"str"', '0'], ['[1,2]', '-1'], ['bad json', 'a']] },
  FLOE_GET_IGNORE_CASE: { args: [['{"Abc":1,"abc":2}', 'ABC'], ['{"Abc":1,"abc":2}', 'abc'], ['{"x":1}', 'y'], ['[1]', '0']] },
  GET_PATH: { args: [['{"a":{"b":[1,{"c":"x"}]}}', 'a.b[1].c'], ['{"a":{"b":[1,2]}}', 'a.b[0]'], ['{"a b":1}', '["a b"]'], ['{"a":1}', 'a.b'], ['{"a":{"b":2}}', '"a":b'], ['[[1,2]]', '[0][1]'], ['{"a":1}', 'x']] },
  STRIP_NULL_VALUE: { args: [['null'], ['{"a":null}'], ['1'], [null]] },

  // Aggregate finals
  FLOE_AGG_MEDIAN: { args: series.map((s) => [s]) },
  FLOE_AGG_PERCENTILE_CONT: { args: [...series.map((s) => [s, 0.3, 0]), ...series.map((s) => [s, 0.3, 1]), [series[0], 1, 0], [series[0], 0, 1], [values([1, 'NaN', 3, 'Infinity']), 0.4, 1], [series[0], 1.5, 1], [series[0], null, 0]] },
  FLOE_AGG_APPROX_PERCENTILE: { args: [[series[0], 0.9], [series[7], 0.25], [series[0], -0.1]] },
  FLOE_AGG_PERCENTILE_DISC: { args: [...series.map((s) => [s, 0.5]), [values(['b', 'a', 'c']), 0.5], [series[0], 0], [series[0], 2]], numeric: true },
  FLOE_AGG_MODE: { args: [[values([1, 2, 2, 1])], [values(['a', 'b', 'b'])], [values([])], [values([null, null, 3])], [values([1, 1.0, 1.5])]], numeric: true },
  // The same steps on both engines (PostgreSQL's float8_accum): equal to the bit, no tolerance.
  FLOE_AGG_VAR_SAMP: { args: spreads.map((s) => [s]) },
  FLOE_AGG_VAR_POP: { args: spreads.map((s) => [s]) },
  FLOE_AGG_STDDEV_SAMP: { args: spreads.map((s) => [s]) },
  FLOE_AGG_STDDEV_POP: { args: spreads.map((s) => [s]) },
  FLOE_AGG_KURTOSIS: { args: series.map((s) => [s]), tolerance: STATS },
  FLOE_AGG_SKEW: { args: series.map((s) => [s]), tolerance: STATS },
  FLOE_AGG_COVAR_SAMP: { args: pairs.map((s) => [s]), tolerance: STATS },
  FLOE_AGG_COVAR_POP: { args: pairs.map((s) => [s]), tolerance: STATS },
  FLOE_AGG_CORR: { args: pairs.map((s) => [s]), tolerance: STATS },
  FLOE_AGG_REGR_AVGX: { args: pairs.map((s) => [s]), tolerance: STATS },
  FLOE_AGG_REGR_AVGY: { args: pairs.map((s) => [s]), tolerance: STATS },
  FLOE_AGG_REGR_SLOPE: { args: pairs.map((s) => [s]), tolerance: STATS },
  FLOE_AGG_REGR_INTERCEPT: { args: pairs.map((s) => [s]), tolerance: STATS },
  FLOE_AGG_REGR_R2: { args: pairs.map((s) => [s]), tolerance: STATS },
  FLOE_AGG_REGR_SXX: { args: pairs.map((s) => [s]), tolerance: STATS },
  FLOE_AGG_REGR_SYY: { args: pairs.map((s) => [s]), tolerance: STATS },
  FLOE_AGG_REGR_SXY: { args: pairs.map((s) => [s]), tolerance: STATS },
  FLOE_AGG_BOOLXOR: { args: [[values([1, 0, 0])], [values([1, 1])], [values([])], [values([0, null])]] },
  FLOE_AGG_LISTAGG: { args: [[values(['a', 'b', null, 'c']), ', '], [values([]), ','], [values([1, 2.5, 'x']), null], [values([{ k: 1 }, [1]]), '|']] },
  FLOE_AGG_NTH_NONNULL: { args: [[values([null, 'a', null, 'b']), 1, 0], [values([null, 'a', null, 'b']), 1, 1], [values([1, 2, 3]), 2, 1], [values([1]), 3, 0], [values([1, 2]), null, 0]], numeric: true },
  FLOE_AGG_ARRAY: { args: [[values([1, null, 2.5, '12345678901234567890.10']), 'n'], [values([1, 2.5]), 'r'], [values([1, 0]), 'b'], [values(['{"a":1}', '[2]']), 'j'], [values(['a']), 's'], [values([]), 's'], [null, 'n']] },
  FLOE_AGG_OBJECT: { args: [[values([['b', 1], ['a', 'x'], ['c', null], [null, 2], ['a', 'y']]), 's'], [values([['k', 1.5]]), 'r'], [values([]), 's'], [values([[1, '{"z":[]}']]), 'j']] },
  FLOE_AGG_EXTREME_BY: {
    args: [[values([[3, 'c'], [1, 'a'], [2, 'b'], [3, 'c2']]), -1, null, 's'], [values([[3, 'c'], [1, 'a'], [1, 'a2']]), 1, null, 's'], [values([[3, 'c'], [1, 'a'], [2, null]]), -1, 2, 's'],
      [values([['b', 1], ['a', 2], [null, 3], [true, 4], [2, 5]]), 1, 10, 'n'], [values([]), 1, null, 's'], [values([[1, 1]]), 1, 1001, 'n'], [values([[1, 1]]), 1, 1.5, 'n']],
    numeric: true,
  },
  FLOE_AGG_UNIQUE: { args: [[values([1, 2, 1, null, 1.0]), 'n'], [values(['a', null, 'a', 'b']), 's'], [values(['[1]', '[1]']), 'j'], [values([]), 'n']] },
  FLOE_AGG_UNION: { args: [[values(['[1,1,2]', '[1,3]', null, '[2,2,4]']), 'j'], [values([]), 'j'], [values(['[{"a":1}]', '[{"a":1},{"a":1}]']), 'j']] },
  FLOE_AGG_ARRAY_SUM: { args: [[values(['[1,2]', '[3,null]', '[0.5,0.25]']), 'j'], [values([]), 'j'], [values(['[1,2]', '[1]']), 'j'], [values(['[1,"2"]']), 'j']] },
  FLOE_JSON_DISTINCT: { args: [[values([1, 1, 2, null, null, 'a', 'a']), 0], [values([1, 1, 2, null, 'a']), 1], [values([]), 0]] },
  FLOE_AGG_HASH: { args: [[values([1, -2, '-9223372036854775808', 9007199254740991])], [values([])], [values([5, 5])], [null]] },
  FLOE_AGG_BITAND: { args: [[values([7, 3, 11])], [values([])], [values([1.5, '2', 'x', null])]] },
  FLOE_AGG_BITOR: { args: [[values([1, 2, 4])], [values([-1, 0])]] },
  FLOE_AGG_BITXOR: { args: [[values([1, 3, 7])]] },
  FLOE_AGG_CHANGES: { args: [[values([1, 1, 2, null, 2, 3, 3])], [values([])], [values(['a', 'b', 1, 1.0])]] },
};
