import { describe, expect, it } from 'vitest';
import { BindingError, bindTypeOf, convertBinding } from '../../../lib/values';

const conv = (type: string, value: unknown, tz?: string) => convertBinding({ type, value }, 1, tz);

function expectBindingError(type: string, value: unknown, message: string) {
  let err: unknown;
  try {
    conv(type, value);
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(BindingError);
  const b = err as BindingError;
  expect(b.message).toBe(message);
  expect(b.code).toBe('100037');
  expect(b.sqlState).toBe('22018');
}

describe('convertBinding (§4.3)', () => {
  it('null values stay null, with the wire type', () => {
    expect(conv('FIXED', null)).toEqual({ value: null, wireType: 'fixed' });
    expect(conv('TIMESTAMP_TZ', null)).toEqual({ value: null, wireType: 'timestamp_tz' });
    expect(conv('text', undefined)).toEqual({ value: null, wireType: 'text' });
  });

  it('type names are case-insensitive; unknown types throw', () => {
    expect(conv('fixed', '1')).toEqual({ value: 1n, wireType: 'fixed' });
    expect(conv('Timestamp_Ntz', '0').wireType).toBe('timestamp_ntz');
    expect(() => conv('VARCHAR2', 'x')).toThrow(BindingError);
    expect(() => conv('', 'x')).toThrow(BindingError);
  });

  it('FIXED', () => {
    expect(conv('FIXED', '123')).toEqual({ value: 123n, wireType: 'fixed' });
    expect(conv('FIXED', ' -9223372036854775808 ').value).toBe(-9223372036854775808n);
    expect(conv('FIXED', '123456789012345678901234567890').value).toBe(123456789012345678901234567890n);
    expect(conv('FIXED', 42).value).toBe(42n);
    expect(conv('FIXED', 1e20).value).toBe(100000000000000000000n);
    expect(conv('FIXED', '1.5').value).toBe(1.5);
    expect(conv('FIXED', 1.5).value).toBe(1.5);
    expect(conv('FIXED', '1.50').value).toBe(1.5);
    expect(conv('FIXED', '2.0').value).toBe(2n);
    expect(conv('FIXED', '12345678901234567890.5').value).toBe('12345678901234567890.5');
    expectBindingError('FIXED', 'abc', "FIXED value 'abc' is not recognized");
    expectBindingError('fixed', '', "FIXED value '' is not recognized");
    expectBindingError('FIXED', true, "FIXED value 'true' is not recognized");
  });

  it('FIXED with a fraction keeps the scale written (Decimal, BigDecimal)', () => {
    expect(conv('FIXED', '1.25')).toEqual({ value: 1.25, wireType: 'fixed', scale: 2 });
    expect(bindTypeOf(conv('FIXED', '1.25'))).toBe('fixed:2');
    expect(bindTypeOf(conv('FIXED', '-0.500'))).toBe('fixed:3');
    expect(bindTypeOf(conv('FIXED', 2.5))).toBe('fixed:1');
    expect(bindTypeOf(conv('DECFLOAT', '1.23e-40'))).toBe('fixed');
  });

  it('a FIXED integer within ±(2^53 − 1) is fixed:int53 (bound as an SQLite number, exactly); beyond, fixed', () => {
    expect(bindTypeOf(conv('FIXED', '12'))).toBe('fixed:int53');
    expect(bindTypeOf(conv('FIXED', 12))).toBe('fixed:int53');
    expect(bindTypeOf(conv('FIXED', '9007199254740991'))).toBe('fixed:int53');
    expect(bindTypeOf(conv('FIXED', '-9007199254740991'))).toBe('fixed:int53');
    expect(bindTypeOf(conv('FIXED', '9007199254740992'))).toBe('fixed');
    expect(bindTypeOf(conv('FIXED', '-9007199254740992'))).toBe('fixed');
    expect(bindTypeOf(conv('FIXED', '123456789012345678901234567890'))).toBe('fixed');
    expect(bindTypeOf(conv('DECFLOAT', '123'))).toBe('fixed:int53');
    // A DECFLOAT with a fraction is a double, not an integer.
    expect(bindTypeOf(conv('DECFLOAT', '1.5'))).toBe('fixed');
    expect(bindTypeOf(conv('FIXED', null))).toBe('fixed');
  });

  it('REAL and DECFLOAT', () => {
    expect(conv('REAL', '1.5')).toEqual({ value: 1.5, wireType: 'real' });
    expect(conv('REAL', '3').value).toBe(3);
    expect(conv('REAL', 2.25).value).toBe(2.25);
    expect(conv('REAL', '-inf').value).toBe(-Infinity);
    // SQLite would store a NaN as NULL: it is bound as its text.
    expect(conv('REAL', 'NaN').value).toBe('NaN');
    expectBindingError('REAL', 'x', "REAL value 'x' is not recognized");
    expect(conv('DECFLOAT', '1.23e-40')).toEqual({ value: 1.23e-40, wireType: 'fixed' });
    expect(conv('DECFLOAT', '123').value).toBe(123n);
    expect(conv('DECFLOAT', '1.2345678901234567890123').value).toBe('1.2345678901234567890123');
    expectBindingError('DECFLOAT', 'x', "DECFLOAT value 'x' is not recognized");
  });

  it('TEXT is data, never SQL', () => {
    expect(conv('TEXT', "x'); DROP TABLE t; --")).toEqual({ value: "x'); DROP TABLE t; --", wireType: 'text' });
    expect(conv('TEXT', '').value).toBe('');
    expect(conv('TEXT', 12).value).toBe('12');
    expect(conv('TEXT', true).value).toBe('true');
  });

  it('BOOLEAN', () => {
    expect(conv('BOOLEAN', true)).toEqual({ value: 1, wireType: 'boolean' });
    expect(conv('BOOLEAN', false).value).toBe(0);
    expect(conv('BOOLEAN', 'true').value).toBe(1);
    expect(conv('BOOLEAN', 'FALSE').value).toBe(0);
    expect(conv('BOOLEAN', '1').value).toBe(1);
    expect(conv('BOOLEAN', '0').value).toBe(0);
    expectBindingError('BOOLEAN', 'maybe', "BOOLEAN value 'maybe' is not recognized");
  });

  it('DATE: milliseconds since the epoch', () => {
    expect(conv('DATE', '1618444800000')).toEqual({ value: '2021-04-15', wireType: 'date' });
    expect(conv('DATE', '1618531199999').value).toBe('2021-04-15');
    expect(conv('DATE', 1553644800000).value).toBe('2019-03-27');
    expect(conv('DATE', '0').value).toBe('1970-01-01');
    expect(conv('DATE', '-1').value).toBe('1969-12-31');
    expect(conv('DATE', '-2208988800000').value).toBe('1900-01-01');
    expect(conv('DATE', '951782400000').value).toBe('2000-02-29');
    expect(conv('DATE', '2021-04-15').value).toBe('2021-04-15'); // lenient: AUTO text
    expectBindingError('DATE', 'abc', "DATE value 'abc' is not recognized");
    expectBindingError('DATE', '99999999999999999999', "DATE value '99999999999999999999' is not recognized");
  });

  it('TIME: nanoseconds since midnight', () => {
    expect(conv('TIME', '82919000000000')).toEqual({ value: '23:01:59.000000000', wireType: 'time' });
    expect(conv('TIME', '47655123456789').value).toBe('13:14:15.123456789');
    expect(conv('TIME', '0').value).toBe('00:00:00.000000000');
    expect(conv('TIME', '13:14:15').value).toBe('13:14:15.000000000');
    expectBindingError('TIME', 'noon', "TIME value 'noon' is not recognized");
  });

  it('TIMESTAMP_NTZ / TIMESTAMP_LTZ: nanoseconds since the epoch', () => {
    expect(conv('TIMESTAMP_NTZ', '1609459200123000000')).toEqual({ value: '2021-01-01 00:00:00.123000000', wireType: 'timestamp_ntz' });
    expect(conv('TIMESTAMP_NTZ', '1609459200123456789').value).toBe('2021-01-01 00:00:00.123456789');
    expect(conv('TIMESTAMP_NTZ', '-1').value).toBe('1969-12-31 23:59:59.999999999');
    expect(conv('TIMESTAMP_NTZ', '-2208988800000000000').value).toBe('1900-01-01 00:00:00.000000000');
    expect(conv('TIMESTAMP_LTZ', '1609459200000000000')).toEqual({ value: '2021-01-01 00:00:00.000000000', wireType: 'timestamp_ltz' });
    expect(conv('TIMESTAMP_NTZ', '2021-01-02 03:04:05').value).toBe('2021-01-02 03:04:05.000000000');
    expect(conv('TIMESTAMP_LTZ', '2021-07-01 12:00:00', 'America/Los_Angeles').value).toBe('2021-07-01 19:00:00.000000000');
    expectBindingError('TIMESTAMP_NTZ', 'x', "TIMESTAMP_NTZ value 'x' is not recognized");
    expectBindingError('TIMESTAMP_LTZ', '1.5', "TIMESTAMP_LTZ value '1.5' is not recognized");
  });

  it("TIMESTAMP_TZ: '<ns> <offset+1440>'", () => {
    expect(conv('TIMESTAMP_TZ', '1616173619000000000 960')).toEqual({ value: '2021-03-19 09:06:59.000000000 -08:00', wireType: 'timestamp_tz' });
    expect(conv('TIMESTAMP_TZ', '1616173619000000000 1500').value).toBe('2021-03-19 18:06:59.000000000 +01:00');
    expect(conv('TIMESTAMP_TZ', '1616173619123456789 1440').value).toBe('2021-03-19 17:06:59.123456789 +00:00');
    expect(conv('TIMESTAMP_TZ', '1616173619000000000 1770').value).toBe('2021-03-19 22:36:59.000000000 +05:30');
    expect(conv('TIMESTAMP_TZ', '1616173619000000000', 'America/Los_Angeles').value).toBe('2021-03-19 10:06:59.000000000 -07:00');
    expect(conv('TIMESTAMP_TZ', '2021-03-19 18:06:59 +01:00').value).toBe('2021-03-19 18:06:59.000000000 +01:00');
    expectBindingError('TIMESTAMP_TZ', '1616173619000000000 9999', "TIMESTAMP_TZ value '1616173619000000000 9999' is not recognized");
    expectBindingError('TIMESTAMP_TZ', 'x y', "TIMESTAMP_TZ value 'x y' is not recognized");
  });

  it('BINARY: hex', () => {
    const r = conv('BINARY', '0001abFF');
    expect(r.wireType).toBe('binary');
    expect(Array.from(r.value as Uint8Array)).toEqual([0, 1, 0xab, 0xff]);
    expect(conv('BINARY', '').value).toEqual(new Uint8Array());
    expectBindingError('BINARY', 'xyz', "BINARY value 'xyz' is not recognized");
    expectBindingError('BINARY', 12, "BINARY value '12' is not recognized");
  });
});
