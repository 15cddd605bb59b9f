import { describe, expect, it } from 'vitest';
import { makeCellEncoder, type OutputFormats, type WireType } from '../../../lib/values';

const FMT: OutputFormats = { timezone: 'America/Los_Angeles' };
const enc = (type: WireType, scale: number | null = null, fmt: OutputFormats = FMT) => makeCellEncoder({ type, scale }, fmt);

describe('default encodings (§4.2)', () => {
  it('null and undefined are null for every type', () => {
    const types: WireType[] = ['fixed', 'real', 'text', 'boolean', 'date', 'time', 'timestamp_ntz', 'timestamp_ltz',
      'timestamp_tz', 'variant', 'object', 'array', 'binary'];
    for (const t of types) {
      expect(enc(t, 0)(null)).toBeNull();
      expect(enc(t, 0)(undefined)).toBeNull();
    }
  });

  describe('fixed', () => {
    it('scale 0 integers have no decimal point', () => {
      const e = enc('fixed', 0);
      expect(e(33)).toBe('33');
      expect(e(33n)).toBe('33');
      expect(e(-7)).toBe('-7');
      expect(e(0)).toBe('0');
      expect(e(-0)).toBe('0');
    });
    it('bigint stays exact', () => {
      expect(enc('fixed', 0)(12345678901234567890123456789012345678n)).toBe('12345678901234567890123456789012345678');
      expect(enc('fixed', 0)(-9223372036854775808n)).toBe('-9223372036854775808');
    });
    it('scale > 0 always prints `scale` decimals', () => {
      expect(enc('fixed', 2)(1.5)).toBe('1.50');
      expect(enc('fixed', 1)(1)).toBe('1.0');
      expect(enc('fixed', 2)(1n)).toBe('1.00');
      expect(enc('fixed', 3)(-0.5)).toBe('-0.500');
      expect(enc('fixed', 2)(0.1 + 0.2)).toBe('0.30');
    });
    it('rounds half away from zero on the decimal value', () => {
      expect(enc('fixed', 2)(1.005)).toBe('1.01');
      expect(enc('fixed', 0)(2.5)).toBe('3');
      expect(enc('fixed', 0)(-2.5)).toBe('-3');
      expect(enc('fixed', 2)(-0.001)).toBe('0.00');
      expect(enc('fixed', 1)(9.96)).toBe('10.0');
    });
    it('decimal strings for values a double cannot hold', () => {
      expect(enc('fixed', 1)('123456789012345678901234567890.5')).toBe('123456789012345678901234567890.5');
      expect(enc('fixed', 3)('123456789012345678901234567890.5')).toBe('123456789012345678901234567890.500');
      expect(enc('fixed', 0)('99999999999999999999999999999999999999')).toBe('99999999999999999999999999999999999999');
    });
    it('decimal text already in the column\'s form comes back as is; any other text is parsed and rounded', () => {
      expect(enc('fixed', 0)('123')).toBe('123');
      expect(enc('fixed', 0)('-45')).toBe('-45');
      expect(enc('fixed', 0)('0')).toBe('0');
      expect(enc('fixed', 2)('1.25')).toBe('1.25');
      expect(enc('fixed', 2)('-0.05')).toBe('-0.05');
      expect(enc('fixed', 2)('0.00')).toBe('0.00');
      // Not canonical: leading zeros, -0, a sign, fewer or more decimals, blanks.
      expect(enc('fixed', 0)('007')).toBe('7');
      expect(enc('fixed', 0)('-0')).toBe('0');
      expect(enc('fixed', 2)('-0.00')).toBe('0.00');
      expect(enc('fixed', 2)('+1.50')).toBe('1.50');
      expect(enc('fixed', 2)('1.5')).toBe('1.50');
      expect(enc('fixed', 2)('1.255')).toBe('1.26');
      expect(enc('fixed', 0)('12.5')).toBe('13');
      expect(enc('fixed', 0)(' 12')).toBe('12');
    });
    it('never uses exponent notation', () => {
      expect(enc('fixed', 0)(1e21)).toBe('1000000000000000000000');
      expect(enc('fixed', 9)(1.5e-7)).toBe('0.000000150');
    });
    it('null scale prints the stored value as is', () => {
      expect(enc('fixed', null)(1.25)).toBe('1.25');
      expect(enc('fixed', null)(7n)).toBe('7');
    });
  });

  describe('real', () => {
    it('shortest round-trip text, integers without a decimal point', () => {
      const e = enc('real');
      expect(e(1.5)).toBe('1.5');
      expect(e(2.25)).toBe('2.25');
      expect(e(3)).toBe('3');
      expect(e(-0.1)).toBe('-0.1');
      expect(e(1e21)).toBe('1e+21');
      expect(e(12n)).toBe('12');
    });
    it('special values', () => {
      const e = enc('real');
      expect(e(NaN)).toBe('NaN');
      expect(e(Infinity)).toBe('inf');
      expect(e(-Infinity)).toBe('-inf');
    });
  });

  it('text is passed through', () => {
    const e = enc('text');
    expect(e('hello')).toBe('hello');
    expect(e('')).toBe('');
    expect(e("'; DROP TABLE x; --")).toBe("'; DROP TABLE x; --");
    expect(e(12)).toBe('12');
    expect(e(new TextEncoder().encode('héllo'))).toBe('héllo');
  });

  it('boolean', () => {
    const e = enc('boolean');
    expect(e(1)).toBe('true');
    expect(e(0)).toBe('false');
    expect(e(1n)).toBe('true');
    expect(e(0n)).toBe('false');
    expect(e(true)).toBe('true');
    expect(e(false)).toBe('false');
  });

  it('variant/object/array are the JSON text, pretty-printed as Snowflake sends it', () => {
    expect(enc('variant')('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(enc('object')('{\n  "a": 1\n}')).toBe('{\n  "a": 1\n}');
    expect(enc('array')('[1,2]')).toBe('[\n  1,\n  2\n]');
    expect(enc('array')('[]')).toBe('[]');
    expect(enc('variant')(1)).toBe('1'); // NUMERIC affinity may have turned '1' into 1
    expect(enc('variant')(2.5)).toBe('2.5');
  });

  describe('binary', () => {
    const bytes = new Uint8Array([0, 1, 0xab, 0xff, 0x10]);
    it('upper-case hex by default', () => {
      expect(enc('binary')(bytes)).toBe('0001ABFF10');
      expect(enc('binary')(new Uint8Array())).toBe('');
      expect(enc('binary', null, { timezone: 'UTC', binaryOutputFormat: 'HEX' })(bytes)).toBe('0001ABFF10');
    });
    it('BASE64 output format', () => {
      const e = enc('binary', null, { timezone: 'UTC', binaryOutputFormat: 'BASE64' });
      expect(e(bytes)).toBe('AAGr/xA=');
      expect(e(new TextEncoder().encode('Snowflake'))).toBe('U25vd2ZsYWtl');
      expect(e(new Uint8Array([0xfb, 0xff]))).toBe('+/8=');
      expect(e(new Uint8Array([1]))).toBe('AQ==');
    });
  });

  describe('date → epoch days', () => {
    const e = enc('date');
    it('examples', () => {
      expect(e('2019-03-27')).toBe('17982');
      expect(e('2020-01-01')).toBe('18262');
      expect(e('1970-01-01')).toBe('0');
    });
    it('negative before 1970, year 1900, leap days', () => {
      expect(e('1969-12-31')).toBe('-1');
      expect(e('1900-01-01')).toBe(String(Date.UTC(1900, 0, 1) / 86400000));
      expect(e('1900-01-01')).toBe('-25567');
      expect(e('2020-02-29')).toBe('18321');
      expect(e('2000-02-29')).toBe(String(Date.UTC(2000, 1, 29) / 86400000));
      expect(e('0001-01-01')).toBe('-719162');
      expect(e('9999-12-31')).toBe('2932896');
    });
    it('non-canonical text is normalized first', () => {
      expect(e('2019-03-27 10:11:12')).toBe('17982');
      expect(e('03/27/2019')).toBe('17982');
    });
    it('garbage is shown as stored rather than throwing', () => {
      expect(e('not a date')).toBe('not a date');
    });
  });

  describe('time → seconds since midnight', () => {
    const e = enc('time', 9);
    it('9 decimals', () => {
      expect(e('23:01:59')).toBe('82919.000000000');
      expect(e('00:00:00')).toBe('0.000000000');
      expect(e('13:14:15.123456789')).toBe('47655.123456789');
      expect(e('13:14:15.5')).toBe('47655.500000000');
      expect(e('23:59:59.999999999')).toBe('86399.999999999');
    });
    it('decimals follow the column scale (rowType), 9 when unknown', () => {
      expect(enc('time', 3)('13:14:15.123456789')).toBe('47655.123');
      expect(enc('time', 0)('13:14:15.5')).toBe('47655');
      expect(enc('time', null)('13:14:15')).toBe('47655.000000000');
    });
  });

  describe('timestamp_ntz → wall clock read as UTC', () => {
    const e = enc('timestamp_ntz', 9);
    it('examples', () => {
      expect(e('2021-01-02 03:04:05.123456')).toBe('1609556645.123456000');
      expect(e('2021-01-02 03:04:05.123456000')).toBe('1609556645.123456000');
      expect(e('2021-01-02 03:04:05')).toBe('1609556645.000000000');
      expect(e('1970-01-01 00:00:00.000000000')).toBe('0.000000000');
    });
    it('keeps nanoseconds exactly (no doubles)', () => {
      expect(e('2262-04-11 23:47:16.854775807')).toBe('9223372036.854775807');
      expect(e('9999-12-31 23:59:59.999999999')).toBe('253402300799.999999999');
      expect(e('2021-01-02 03:04:05.000000001')).toBe('1609556645.000000001');
    });
    it('negative epochs are exact signed decimals', () => {
      expect(e('1969-12-31 23:59:59.250000000')).toBe('-0.750000000');
      expect(e('1969-12-31 23:59:59')).toBe('-1.000000000');
      expect(e('1969-12-31 23:59:58.5')).toBe('-1.500000000');
      expect(e('1900-01-01 00:00:00')).toBe('-2208988800.000000000');
      expect(e('1900-01-01 00:00:00.000000001')).toBe('-2208988799.999999999');
    });
    it('leap day', () => {
      expect(e('2020-02-29 12:00:00')).toBe(String(Date.UTC(2020, 1, 29, 12) / 1000) + '.000000000');
    });
    it('column scale controls the decimals', () => {
      expect(enc('timestamp_ntz', 3)('2021-01-02 03:04:05.123456789')).toBe('1609556645.123');
      expect(enc('timestamp_ntz', 0)('2021-01-02 03:04:05.123456789')).toBe('1609556645');
      expect(enc('timestamp_ntz', 3)('1969-12-31 23:59:59.250000000')).toBe('-0.750');
    });
    it('non-canonical text (T separator, date only) is normalized', () => {
      expect(e('2021-01-02T03:04:05.123456')).toBe('1609556645.123456000');
      expect(e('2021-01-02')).toBe('1609545600.000000000');
    });
  });

  describe('timestamp_ltz → seconds of the instant', () => {
    it('stored UTC text, independent of the session zone', () => {
      expect(enc('timestamp_ltz', 9)('2021-01-01 00:00:00.000000000')).toBe('1609459200.000000000');
      expect(enc('timestamp_ltz', 9, { timezone: 'Asia/Tokyo' })('2021-01-01 00:00:00.123456789')).toBe('1609459200.123456789');
    });
  });

  describe('timestamp_tz → "<utc seconds> <offset+1440>"', () => {
    const e = enc('timestamp_tz', 9);
    it('examples', () => {
      expect(e('2021-03-19 18:06:59 +01:00')).toBe('1616173619.000000000 1500');
      expect(e('2021-03-19 18:06:59.000000000 +01:00')).toBe('1616173619.000000000 1500');
      expect(e('2021-03-19 09:06:59.5 -08:00')).toBe('1616173619.500000000 960');
      expect(e('2021-03-19 17:06:59.000000001 +00:00')).toBe('1616173619.000000001 1440');
      expect(e('2021-03-19 22:36:59 +05:30')).toBe('1616173619.000000000 1770');
    });
    it('offset-less text gets the session zone offset', () => {
      expect(e('2021-07-01 12:00:00')).toBe(String(Date.UTC(2021, 6, 1, 19) / 1000) + '.000000000 1020');
      expect(e('2021-01-01 12:00:00')).toBe(String(Date.UTC(2021, 0, 1, 20) / 1000) + '.000000000 960');
    });
  });
});
