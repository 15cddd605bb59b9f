import { describe, expect, it } from 'vitest';
import { ValueConversionError, bytesToHex, toBinary, toBoolean, toNumber, toReal } from '../../../lib/values';

describe('toNumber', () => {
  it('strict numeric text', () => {
    expect(toNumber('12', null, null)).toBe(12n);
    expect(toNumber(' 12 ', null, null)).toBe(12n);
    expect(toNumber('+12', 38, 0)).toBe(12n);
    expect(toNumber('-0', 38, 0)).toBe(0n);
    expect(toNumber('1e3', 38, 0)).toBe(1000n);
    expect(toNumber('.5', 38, 1)).toBe(0.5);
    for (const bad of ['abc', '', ' ', '1.2.3', '12abc', '0x10', 'NaN', '1e', '--1']) {
      expect(() => toNumber(bad, null, null)).toThrow(ValueConversionError);
    }
    expect(() => toNumber('abc', null, null)).toThrow("Numeric value 'abc' is not recognized");
  });
  it('scale 0 rounds half away from zero to a bigint', () => {
    expect(toNumber('2.5', 38, 0)).toBe(3n);
    expect(toNumber('-2.5', 38, 0)).toBe(-3n);
    expect(toNumber('2.4999', 38, 0)).toBe(2n);
    expect(toNumber(2.5, 38, 0)).toBe(3n);
    expect(toNumber(-0.4, 38, 0)).toBe(0n);
    expect(toNumber(7, 38, 0)).toBe(7n);
    expect(toNumber(7n, 38, 0)).toBe(7n);
    expect(toNumber(true, 38, 0)).toBe(1n);
    expect(toNumber('99999999999999999999999999999999999999', 38, 0)).toBe(99999999999999999999999999999999999999n);
  });
  it('scale > 0 returns a number, or a string when a double cannot be exact', () => {
    expect(toNumber('1.5', 10, 2)).toBe(1.5);
    expect(toNumber('1.005', 10, 2)).toBe(1.01);
    expect(toNumber(1.005, 10, 2)).toBe(1.01);
    expect(toNumber('-1.235', 10, 2)).toBe(-1.24);
    expect(toNumber('0.001', 10, 2)).toBe(0);
    expect(toNumber(12, 10, 2)).toBe(12);
    expect(toNumber('12345678901234567890.12', 38, 2)).toBe('12345678901234567890.12');
    expect(toNumber('0.123456789012345678901', 38, 21)).toBe('0.123456789012345678901');
  });
  it('precision overflow', () => {
    expect(() => toNumber('1000', 3, 0)).toThrow(/Number out of representable range.*\(3,0\).*1000/);
    expect(() => toNumber(123.456, 5, 3)).toThrow(/out of representable range/);
    expect(toNumber(99.994, 4, 2)).toBe(99.99);
    expect(() => toNumber(99.995, 4, 2)).toThrow(/out of representable range/); // rounds to 100.00
    expect(() => toNumber(1e39, null, null)).toThrow(/out of representable range/);
    expect(() => toNumber('1e2000', null, null)).toThrow(/out of representable range/);
  });
  it('non-finite numbers are not numeric', () => {
    expect(() => toNumber(NaN, null, null)).toThrow("Numeric value 'NaN' is not recognized");
    expect(() => toNumber(Infinity, null, null)).toThrow(ValueConversionError);
  });
});

describe('toReal', () => {
  it('numbers, text and specials', () => {
    expect(toReal('1.5')).toBe(1.5);
    expect(toReal(' -2e3 ')).toBe(-2000);
    expect(toReal(3n)).toBe(3);
    expect(toReal('NaN')).toBeNaN();
    expect(toReal('inf')).toBe(Infinity);
    expect(toReal('-INF')).toBe(-Infinity);
    expect(() => toReal('abc')).toThrow("Numeric value 'abc' is not recognized");
  });
});

describe('toBoolean', () => {
  it('text (case-insensitive)', () => {
    for (const t of ['true', 'TRUE', 't', 'yes', 'Y', 'on', '1', ' True ']) expect(toBoolean(t)).toBe(1);
    for (const f of ['false', 'F', 'no', 'n', 'OFF', '0']) expect(toBoolean(f)).toBe(0);
  });
  it('numbers and JS booleans', () => {
    expect(toBoolean(0)).toBe(0);
    expect(toBoolean(1)).toBe(1);
    expect(toBoolean(-3.5)).toBe(1);
    expect(toBoolean(0n)).toBe(0);
    expect(toBoolean(5n)).toBe(1);
    expect(toBoolean(true)).toBe(1);
    expect(toBoolean(false)).toBe(0);
  });
  it('errors', () => {
    expect(() => toBoolean('x')).toThrow("Boolean value 'x' is not recognized");
    expect(() => toBoolean('constructor')).toThrow(ValueConversionError);
    expect(() => toBoolean('2')).toThrow(ValueConversionError);
    expect(() => toBoolean(NaN)).toThrow(ValueConversionError);
  });
});

describe('toBinary', () => {
  it('HEX', () => {
    expect(bytesToHex(toBinary('0001abFF', 'HEX'))).toBe('0001ABFF');
    expect(toBinary('', 'HEX')).toEqual(new Uint8Array());
    expect(() => toBinary('abc', 'HEX')).toThrow(ValueConversionError);
    expect(() => toBinary('zz', 'HEX')).toThrow(/not a legal hex-encoded value/);
  });
  it('BASE64', () => {
    expect(Array.from(toBinary('AAGr/xA=', 'BASE64'))).toEqual([0, 1, 0xab, 0xff, 0x10]);
    expect(new TextDecoder().decode(toBinary('U25vd2ZsYWtl', 'BASE64'))).toBe('Snowflake');
    expect(Array.from(toBinary('AQ', 'BASE64'))).toEqual([1]);
    expect(() => toBinary('@@@@', 'BASE64')).toThrow(/not a legal base64-encoded value/);
  });
  it('UTF-8', () => {
    expect(Array.from(toBinary('é', 'UTF-8'))).toEqual([0xc3, 0xa9]);
  });
});
