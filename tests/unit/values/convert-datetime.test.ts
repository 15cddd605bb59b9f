import { describe, expect, it } from 'vitest';
import {
  ValueConversionError,
  epochDaysOf,
  epochNanosOf,
  ltzToTz,
  parseStoredTimestamp,
  timestampFromEpochNanos,
  toDate,
  toTime,
  toTimestampLtz,
  toTimestampNtz,
  toTimestampTz,
  wallToInstant,
  zoneOffsetAt,
} from '../../../lib/values';

const LA = 'America/Los_Angeles';

describe('toDate', () => {
  it('AUTO formats', () => {
    expect(toDate('2019-03-27', LA)).toBe('2019-03-27');
    expect(toDate(' 2019-3-7 ', LA)).toBe('2019-03-07');
    expect(toDate('2021-01-02 03:04:05', LA)).toBe('2021-01-02');
    expect(toDate('2021-01-02 23:59:59.999999999', LA)).toBe('2021-01-02');
    expect(toDate('03/27/2019', LA)).toBe('2019-03-27');
    expect(toDate('27-Mar-2019', LA)).toBe('2019-03-27');
    expect(toDate('27-MAR-2019', LA)).toBe('2019-03-27');
    expect(toDate('2019-03-27T22:00:00-08:00', LA)).toBe('2019-03-27'); // wall-clock date, offset dropped
    expect(toDate('2019-03-27T10:00:00Z', LA)).toBe('2019-03-27');
    expect(toDate('Wed, 27 Mar 2019 10:00:00 +0000', LA)).toBe('2019-03-27');
  });
  it('stored forms of other types', () => {
    expect(toDate('2021-01-02 03:04:05.123456789', LA)).toBe('2021-01-02');
    expect(toDate('2021-01-02 03:04:05.123456789 +05:00', LA)).toBe('2021-01-02');
  });
  it('strings of digits are epoch seconds/ms/µs/ns by magnitude', () => {
    expect(toDate('1553644800', LA)).toBe('2019-03-27');
    expect(toDate('1553644800000', LA)).toBe('2019-03-27');
    expect(toDate('1553644800000000', LA)).toBe('2019-03-27');
    expect(toDate('1553644800000000000', LA)).toBe('2019-03-27');
    expect(toDate('0', LA)).toBe('1970-01-01');
    expect(toDate('-86400', LA)).toBe('1969-12-31');
    expect(toDate('31535999999', LA)).toBe(toDate(String(31535999999), LA)); // seconds (year 2969)
    expect(toDate('31535999999', LA)).toBe('2969-05-02');
    expect(toDate('31536000000', LA)).toBe('1971-01-01'); // milliseconds
  });
  it('numbers are epoch seconds', () => {
    expect(toDate(1553644800, LA)).toBe('2019-03-27');
    expect(toDate(1553644800n, LA)).toBe('2019-03-27');
    expect(toDate(-0.5, LA)).toBe('1969-12-31');
    expect(toDate(new Date(Date.UTC(2019, 2, 27, 23)), LA)).toBe('2019-03-27');
  });
  it('leap days', () => {
    expect(toDate('2020-02-29', LA)).toBe('2020-02-29');
    expect(toDate('2000-02-29', LA)).toBe('2000-02-29');
    expect(() => toDate('2019-02-29', LA)).toThrow("Date '2019-02-29' is not recognized");
    expect(() => toDate('1900-02-29', LA)).toThrow("Date '1900-02-29' is not recognized");
  });
  it('a format model must match even a stored date', () => {
    expect(toDate('10/05/2024', LA, 'DD/MM/YYYY')).toBe('2024-05-10');
    expect(() => toDate('2024-05-10', LA, 'DD/MM/YYYY')).toThrow("Can't parse '2024-05-10' as date with format 'DD/MM/YYYY'");
    expect(() => toTimestampTz('x', LA, 'yyyy-mm-dd hh24:mi')).toThrow("Can't parse 'x' as timestamp with format 'yyyy-mm-dd hh24:mi'");
    expect(toDate('2024-05-10', LA, 'AUTO')).toBe('2024-05-10');
  });
  it('errors', () => {
    expect(() => toDate('2021-13-45', LA)).toThrow(ValueConversionError);
    expect(() => toDate('2021-13-45', LA)).toThrow("Date '2021-13-45' is not recognized");
    expect(() => toDate('hello', LA)).toThrow("Date 'hello' is not recognized");
    expect(() => toDate('', LA)).toThrow("Date '' is not recognized");
    expect(() => toDate('13:14:15', LA)).toThrow("Date '13:14:15' is not recognized");
    expect(() => toDate(true, LA)).toThrow("Date 'true' is not recognized");
    expect(() => toDate(null, LA)).toThrow(ValueConversionError);
    expect(() => toDate('99999999999999999999999', LA)).toThrow(ValueConversionError); // out of range
  });
});

describe('toTime', () => {
  it('AUTO formats', () => {
    expect(toTime('13:14:15')).toBe('13:14:15.000000000');
    expect(toTime('13:14')).toBe('13:14:00.000000000');
    expect(toTime('9:05:01')).toBe('09:05:01.000000000');
    expect(toTime('13:14:15.123456789')).toBe('13:14:15.123456789');
    expect(toTime('13:14:15.5')).toBe('13:14:15.500000000');
    expect(toTime('1:02 PM')).toBe('13:02:00.000000000');
    expect(toTime('12:00:00 AM')).toBe('00:00:00.000000000');
    expect(toTime('12:30:00 pm')).toBe('12:30:00.000000000');
  });
  it('takes the time part of timestamps', () => {
    expect(toTime('2021-01-02 03:04:05.5')).toBe('03:04:05.500000000');
    expect(toTime('2021-01-02T03:04:05+09:00')).toBe('03:04:05.000000000');
    expect(toTime('2021-01-02 03:04:05.000000001 -08:00')).toBe('03:04:05.000000001');
    expect(toTime('82919')).toBe('23:01:59.000000000');
  });
  it('errors', () => {
    expect(() => toTime('25:00:00')).toThrow("Time '25:00:00' is not recognized");
    expect(() => toTime('12:60:00')).toThrow(ValueConversionError);
    expect(() => toTime('13:00 PM')).toThrow(ValueConversionError);
    expect(() => toTime('x')).toThrow("Time 'x' is not recognized");
  });
});

describe('toTimestampNtz', () => {
  it('AUTO formats → canonical 9-digit form', () => {
    expect(toTimestampNtz('2021-01-02 03:04:05.123456')).toBe('2021-01-02 03:04:05.123456000');
    expect(toTimestampNtz('2021-01-02T03:04:05.123456789Z')).toBe('2021-01-02 03:04:05.123456789');
    expect(toTimestampNtz('2021-01-02')).toBe('2021-01-02 00:00:00.000000000');
    expect(toTimestampNtz('2021-01-02 03:04')).toBe('2021-01-02 03:04:00.000000000');
    expect(toTimestampNtz('01/02/2021 03:04:05')).toBe('2021-01-02 03:04:05.000000000');
    expect(toTimestampNtz('Sat, 02 Jan 2021 03:04:05 +0100')).toBe('2021-01-02 03:04:05.000000000');
    expect(toTimestampNtz('Sat Jan 02 03:04:05 +0100 2021')).toBe('2021-01-02 03:04:05.000000000');
    expect(toTimestampNtz('Sat Jan 2 03:04:05 2021')).toBe('2021-01-02 03:04:05.000000000');
    expect(toTimestampNtz('2021-01-02 03:04:05.1234567891')).toBe('2021-01-02 03:04:05.123456789');
  });
  it('an offset is ignored (wall clock kept)', () => {
    expect(toTimestampNtz('2021-01-02 03:04:05 +05:00')).toBe('2021-01-02 03:04:05.000000000');
    expect(toTimestampNtz('2021-01-02 03:04:05.000000000 -08:00')).toBe('2021-01-02 03:04:05.000000000');
  });
  it('epoch digits and numbers (UTC)', () => {
    expect(toTimestampNtz('1609459200')).toBe('2021-01-01 00:00:00.000000000');
    expect(toTimestampNtz('1609459200123')).toBe('2021-01-01 00:00:00.123000000');
    expect(toTimestampNtz('1609459200123456')).toBe('2021-01-01 00:00:00.123456000');
    expect(toTimestampNtz('1609459200123456789')).toBe('2021-01-01 00:00:00.123456789');
    expect(toTimestampNtz(1609459200.5)).toBe('2021-01-01 00:00:00.500000000');
    expect(toTimestampNtz(-1.25)).toBe('1969-12-31 23:59:58.750000000');
    expect(toTimestampNtz('-1')).toBe('1969-12-31 23:59:59.000000000');
  });
  it('year 1900 and far years', () => {
    expect(toTimestampNtz('1900-01-01 00:00:00')).toBe('1900-01-01 00:00:00.000000000');
    expect(toTimestampNtz('9999-12-31 23:59:59.999999999')).toBe('9999-12-31 23:59:59.999999999');
  });
  it('errors', () => {
    expect(() => toTimestampNtz('x')).toThrow("Timestamp 'x' is not recognized");
    expect(() => toTimestampNtz('2021-02-30 00:00:00')).toThrow(ValueConversionError);
    expect(() => toTimestampNtz('2021-01-01 24:00:00')).toThrow(ValueConversionError);
    expect(() => toTimestampNtz('13:14:15')).toThrow(ValueConversionError);
    expect(() => toTimestampNtz('2021-01-01 00:00:00 +25:00')).toThrow(ValueConversionError);
  });
});

describe('toTimestampLtz', () => {
  it('text with an offset is converted to UTC', () => {
    expect(toTimestampLtz('2021-01-01 00:00:00.000000000 +00:00', LA)).toBe('2021-01-01 00:00:00.000000000');
    expect(toTimestampLtz('2021-01-01 01:00:00 +01:00', LA)).toBe('2021-01-01 00:00:00.000000000');
    expect(toTimestampLtz('2020-12-31T16:00:00.123-08:00', 'Asia/Tokyo')).toBe('2021-01-01 00:00:00.123000000');
    expect(toTimestampLtz('2021-01-01T00:00:00Z', LA)).toBe('2021-01-01 00:00:00.000000000');
  });
  it('text without an offset is a wall clock in the session zone (DST aware)', () => {
    expect(toTimestampLtz('2021-07-01 12:00:00', LA)).toBe('2021-07-01 19:00:00.000000000');
    expect(toTimestampLtz('2021-01-01 12:00:00', LA)).toBe('2021-01-01 20:00:00.000000000');
    expect(toTimestampLtz('2021-01-01', LA)).toBe('2021-01-01 08:00:00.000000000');
    expect(toTimestampLtz('2021-01-01 00:00:00', 'UTC')).toBe('2021-01-01 00:00:00.000000000');
    expect(toTimestampLtz('2020-12-31 16:00:00.000000001', LA)).toBe('2021-01-01 00:00:00.000000001');
  });
  it('epoch input is the instant', () => {
    expect(toTimestampLtz('1609459200', LA)).toBe('2021-01-01 00:00:00.000000000');
    expect(toTimestampLtz(0, LA)).toBe('1970-01-01 00:00:00.000000000');
  });
  it('errors', () => {
    expect(() => toTimestampLtz('x', LA)).toThrow("Timestamp 'x' is not recognized");
    expect(() => toTimestampLtz('2021-01-01', 'Not/AZone')).toThrow(ValueConversionError);
  });
});

describe('toTimestampTz', () => {
  it('keeps an explicit offset', () => {
    expect(toTimestampTz('2021-03-19 18:06:59 +01:00', LA)).toBe('2021-03-19 18:06:59.000000000 +01:00');
    expect(toTimestampTz('2021-03-19T18:06:59.5+0530', LA)).toBe('2021-03-19 18:06:59.500000000 +05:30');
    expect(toTimestampTz('2021-03-19T18:06:59Z', LA)).toBe('2021-03-19 18:06:59.000000000 +00:00');
    expect(toTimestampTz('2021-03-19 18:06:59 -08', LA)).toBe('2021-03-19 18:06:59.000000000 -08:00');
  });
  it('no offset: the session zone offset at that wall time (July vs January)', () => {
    expect(toTimestampTz('2021-07-01 12:00:00', LA)).toBe('2021-07-01 12:00:00.000000000 -07:00');
    expect(toTimestampTz('2021-01-01 12:00:00', LA)).toBe('2021-01-01 12:00:00.000000000 -08:00');
    expect(toTimestampTz('2021-01-01 12:00:00', 'Asia/Kolkata')).toBe('2021-01-01 12:00:00.000000000 +05:30');
  });
  it('DST gap moves forward, overlap takes the earlier instant', () => {
    expect(toTimestampTz('2021-03-14 02:30:00', LA)).toBe('2021-03-14 03:30:00.000000000 -07:00');
    expect(toTimestampTz('2021-11-07 01:30:00', LA)).toBe('2021-11-07 01:30:00.000000000 -07:00');
    expect(toTimestampTz('2021-11-07 02:30:00', LA)).toBe('2021-11-07 02:30:00.000000000 -08:00');
  });
  it('epoch input: the instant with the zone offset at that instant', () => {
    expect(toTimestampTz('1609459200', LA)).toBe('2020-12-31 16:00:00.000000000 -08:00');
    expect(toTimestampTz('1625140800', LA)).toBe('2021-07-01 05:00:00.000000000 -07:00');
  });
  it('ltzToTz: LTZ stored value shown in a zone', () => {
    expect(ltzToTz('2021-01-01 00:00:00.000000000', LA)).toBe('2020-12-31 16:00:00.000000000 -08:00');
    expect(ltzToTz('2021-07-01 19:00:00.123456789', LA)).toBe('2021-07-01 12:00:00.123456789 -07:00');
    // then TZ → DATE / NTZ / LTZ behave like Snowflake's LTZ casts
    expect(toDate(ltzToTz('2021-01-01 03:00:00', LA), LA)).toBe('2020-12-31');
    expect(toTimestampNtz(ltzToTz('2021-01-01 03:00:00', LA))).toBe('2020-12-31 19:00:00.000000000');
    expect(toTimestampLtz(ltzToTz('2021-01-01 03:00:00', LA), 'UTC')).toBe('2021-01-01 03:00:00.000000000');
  });
});

describe('helpers', () => {
  it('epochDaysOf', () => {
    expect(epochDaysOf('2019-03-27')).toBe(17982);
    expect(epochDaysOf('1969-12-31')).toBe(-1);
    expect(epochDaysOf('2019-02-29')).toBeNaN();
    expect(epochDaysOf('x')).toBeNaN();
  });
  it('parseStoredTimestamp / epochNanosOf / timestampFromEpochNanos', () => {
    expect(parseStoredTimestamp('2021-03-19 18:06:59.5 +01:00')).toEqual({ days: 18705, secs: 65219, nanos: 500000000, offset: 60 });
    expect(parseStoredTimestamp('2021-03-19')).toBeNull();
    expect(epochNanosOf('2021-01-01 00:00:00.123456789')).toBe(1609459200123456789n);
    expect(epochNanosOf('2021-01-01 01:00:00.000000000 +01:00')).toBe(1609459200000000000n);
    expect(epochNanosOf('1969-12-31 23:59:59.999999999')).toBe(-1n);
    expect(timestampFromEpochNanos(-1n)).toBe('1969-12-31 23:59:59.999999999');
    expect(timestampFromEpochNanos(1616173619000000000n, 60)).toBe('2021-03-19 18:06:59.000000000 +01:00');
  });
  it('zone offsets', () => {
    expect(zoneOffsetAt(Date.UTC(2021, 6, 1), LA)).toBe(-420);
    expect(zoneOffsetAt(Date.UTC(2021, 0, 1), LA)).toBe(-480);
    expect(zoneOffsetAt(Date.UTC(2021, 0, 1), 'Australia/Adelaide')).toBe(630);
    expect(zoneOffsetAt(0, '+05:45')).toBe(345);
    expect(wallToInstant(Date.UTC(2021, 6, 1, 12) / 1000, LA)).toEqual({ utc: Date.UTC(2021, 6, 1, 19) / 1000, offset: -420 });
  });
});
