import { describe, expect, it } from 'vitest';
import { compileFormat, makeCellEncoder, renderFormat, type OutputFormats, type WireType } from '../../../lib/values';

const enc = (type: WireType, fmt: Partial<OutputFormats>, scale: number | null = 9) =>
  makeCellEncoder({ type, scale }, { timezone: 'America/Los_Angeles', ...fmt });

describe('output formats', () => {
  describe('DATE_OUTPUT_FORMAT', () => {
    it('examples', () => {
      expect(enc('date', { dateOutputFormat: 'YYYY-MM-DD' })('2019-03-27')).toBe('2019-03-27');
      expect(enc('date', { dateOutputFormat: 'MM/DD/YYYY' })('2019-03-27')).toBe('03/27/2019');
    });
    it('names, two-digit years, literals, case-insensitivity', () => {
      expect(enc('date', { dateOutputFormat: 'DY, DD MON YYYY' })('2019-03-27')).toBe('Wed, 27 Mar 2019');
      expect(enc('date', { dateOutputFormat: 'MMMM DD, YY' })('2019-03-27')).toBe('March 27, 19');
      expect(enc('date', { dateOutputFormat: 'yyyy/mm/dd' })('2019-03-27')).toBe('2019/03/27');
      expect(enc('date', { dateOutputFormat: '"Day "DD" of "MON' })('2019-03-27')).toBe('Day 27 of Mar');
      expect(enc('date', { dateOutputFormat: 'YYYY-MM-DD' })('1900-02-28')).toBe('1900-02-28');
      expect(enc('date', { dateOutputFormat: 'DY' })('2020-02-29')).toBe('Sat');
      expect(enc('date', { dateOutputFormat: 'DY' })('1969-12-31')).toBe('Wed');
    });
    it("'AUTO' and empty mean the default epoch-days encoding", () => {
      expect(enc('date', { dateOutputFormat: 'AUTO' })('2019-03-27')).toBe('17982');
      expect(enc('date', { dateOutputFormat: 'auto' })('2019-03-27')).toBe('17982');
      expect(enc('date', { dateOutputFormat: '' })('2019-03-27')).toBe('17982');
      // TIMESTAMP_OUTPUT_FORMAT does not apply to DATE
      expect(enc('date', { timestampOutputFormat: 'YYYY' })('2019-03-27')).toBe('17982');
    });
  });

  describe('TIME_OUTPUT_FORMAT', () => {
    it('examples', () => {
      expect(enc('time', { timeOutputFormat: 'HH24:MI:SS' })('13:14:15')).toBe('13:14:15');
      expect(enc('time', { timeOutputFormat: 'HH24:MI:SS' })('13:14:15.999')).toBe('13:14:15');
      // Snowflex: FF without digits = 9 digits
      expect(enc('time', { timeOutputFormat: 'HH24:MI:SS.FF' })('13:14:15.5')).toBe('13:14:15.500000000');
      expect(enc('time', { timeOutputFormat: 'HH24:MI:SS.FF3' })('13:14:15.123456789')).toBe('13:14:15.123');
      expect(enc('time', { timeOutputFormat: 'HH24:MI:SS.FF6' })('13:14:15.123456789')).toBe('13:14:15.123456');
    });
    it('12-hour clock', () => {
      const e = enc('time', { timeOutputFormat: 'HH12:MI AM' });
      expect(e('13:14:15')).toBe('01:14 PM');
      expect(e('00:05:00')).toBe('12:05 AM');
      expect(e('12:00:00')).toBe('12:00 PM');
      expect(enc('time', { timeOutputFormat: 'HH:MI PM' })('09:30:00')).toBe('09:30 AM');
    });
  });

  describe('TIMESTAMP_*_OUTPUT_FORMAT', () => {
    it('NTZ example with FF3 (truncates)', () => {
      const e = enc('timestamp_ntz', { timestampNtzOutputFormat: 'YYYY-MM-DD HH24:MI:SS.FF3' });
      expect(e('2021-01-02 03:04:05.123456')).toBe('2021-01-02 03:04:05.123');
      expect(e('2021-01-02 03:04:05.999999999')).toBe('2021-01-02 03:04:05.999');
    });
    it('FF vs FF3 vs FF9 vs FF0', () => {
      const v = '2021-01-02 03:04:05.123456789';
      expect(enc('timestamp_ntz', { timestampNtzOutputFormat: 'SS.FF' })(v)).toBe('05.123456789');
      expect(enc('timestamp_ntz', { timestampNtzOutputFormat: 'SS.FF3' })(v)).toBe('05.123');
      expect(enc('timestamp_ntz', { timestampNtzOutputFormat: 'SS.FF9' })(v)).toBe('05.123456789');
      expect(enc('timestamp_ntz', { timestampNtzOutputFormat: 'SS.FF1' })(v)).toBe('05.1');
      expect(enc('timestamp_ntz', { timestampNtzOutputFormat: 'SS FF0' })(v)).toBe('05 ');
    });
    it('TZ example keeps its own offset', () => {
      const e = enc('timestamp_tz', { timestampTzOutputFormat: 'YYYY-MM-DD HH24:MI:SS TZH:TZM' });
      expect(e('2021-03-19 18:06:59 +01:00')).toBe('2021-03-19 18:06:59 +01:00');
      expect(e('2021-03-19 18:06:59.000000000 -05:30')).toBe('2021-03-19 18:06:59 -05:30');
      expect(enc('timestamp_tz', { timestampTzOutputFormat: 'YYYY-MM-DD HH24:MI:SS TZHTZM' })('2021-03-19 18:06:59 -08:00'))
        .toBe('2021-03-19 18:06:59 -0800');
      expect(enc('timestamp_tz', { timestampTzOutputFormat: 'HH24 TZH' })('2021-03-19 18:06:59 +00:00')).toBe('18 +00');
    });
    it('LTZ example is shown in the session time zone', () => {
      const e = enc('timestamp_ltz', { timestampLtzOutputFormat: 'YYYY-MM-DD HH24:MI:SS TZH:TZM' });
      expect(e('2021-01-01 00:00:00')).toBe('2020-12-31 16:00:00 -08:00');
      expect(e('2021-01-01 00:00:00.000000000')).toBe('2020-12-31 16:00:00 -08:00');
    });
    it('LTZ DST: America/Los_Angeles in July vs January', () => {
      const e = enc('timestamp_ltz', { timestampLtzOutputFormat: 'YYYY-MM-DD HH24:MI:SS.FF3 TZH:TZM' });
      expect(e('2021-07-01 19:00:00.123')).toBe('2021-07-01 12:00:00.123 -07:00');
      expect(e('2021-01-15 20:00:00.123')).toBe('2021-01-15 12:00:00.123 -08:00');
      // Around the 2021-03-14 transition (10:00 UTC)
      expect(e('2021-03-14 09:59:59')).toBe('2021-03-14 01:59:59.000 -08:00');
      expect(e('2021-03-14 10:00:00')).toBe('2021-03-14 03:00:00.000 -07:00');
      // 2021-11-07 fall back at 09:00 UTC: 01:xx happens twice
      expect(e('2021-11-07 08:30:00')).toBe('2021-11-07 01:30:00.000 -07:00');
      expect(e('2021-11-07 09:30:00')).toBe('2021-11-07 01:30:00.000 -08:00');
    });
    it('LTZ in other zones (half-hour offsets, UTC, fixed offsets)', () => {
      const f = { timestampLtzOutputFormat: 'YYYY-MM-DD HH24:MI TZH:TZM' };
      expect(enc('timestamp_ltz', { ...f, timezone: 'Asia/Kolkata' })('2021-01-01 00:00:00')).toBe('2021-01-01 05:30 +05:30');
      expect(enc('timestamp_ltz', { ...f, timezone: 'UTC' })('2021-01-01 00:00:00')).toBe('2021-01-01 00:00 +00:00');
      expect(enc('timestamp_ltz', { ...f, timezone: 'Europe/London' })('2021-07-01 00:00:00')).toBe('2021-07-01 01:00 +01:00');
      expect(enc('timestamp_ltz', { ...f, timezone: '-03:00' })('2021-07-01 00:00:00')).toBe('2021-06-30 21:00 -03:00');
    });
    it('an unknown zone fails when the LTZ encoder is built', () => {
      expect(() => enc('timestamp_ltz', { timestampLtzOutputFormat: 'YYYY', timezone: 'Mars/Olympus' })).toThrow(/time zone/);
    });
    it('NTZ/LTZ/TZ fall back to TIMESTAMP_OUTPUT_FORMAT', () => {
      const fmt = { timestampOutputFormat: 'YYYY-MM-DD HH24:MI:SS TZH:TZM' };
      expect(enc('timestamp_ntz', fmt)('2021-01-02 03:04:05')).toBe('2021-01-02 03:04:05 +00:00');
      expect(enc('timestamp_ltz', fmt)('2021-01-01 00:00:00')).toBe('2020-12-31 16:00:00 -08:00');
      expect(enc('timestamp_tz', fmt)('2021-03-19 18:06:59 +01:00')).toBe('2021-03-19 18:06:59 +01:00');
      // the specific parameter wins
      expect(enc('timestamp_ntz', { ...fmt, timestampNtzOutputFormat: 'YYYY' })('2021-01-02 03:04:05')).toBe('2021');
      // an explicit AUTO means the default encoding
      expect(enc('timestamp_ntz', { ...fmt, timestampNtzOutputFormat: 'AUTO' })('2021-01-02 03:04:05')).toBe('1609556645.000000000');
      expect(enc('timestamp_tz', { timestampOutputFormat: 'AUTO' })('2021-03-19 18:06:59 +01:00')).toBe('1616173619.000000000 1500');
    });
    it('Avalanche formats', () => {
      const fmt = {
        timeOutputFormat: 'HH24:MI:SS',
        timestampOutputFormat: 'YYYY-MM-DD HH24:MI:SS.FFTZH:TZM',
        timestampNtzOutputFormat: 'YYYY-MM-DD HH24:MI:SS.FF3',
      };
      expect(enc('timestamp_tz', fmt)('2021-03-19 18:06:59.123456789 +01:00')).toBe('2021-03-19 18:06:59.123456789+01:00');
      expect(enc('timestamp_ltz', fmt)('2021-01-01 00:00:00')).toBe('2020-12-31 16:00:00.000000000-08:00');
      expect(enc('timestamp_ntz', fmt)('2021-01-02 03:04:05.123456')).toBe('2021-01-02 03:04:05.123');
      expect(enc('time', fmt)('13:14:15.5')).toBe('13:14:15');
      expect(enc('date', fmt)('2019-03-27')).toBe('17982'); // no DATE_OUTPUT_FORMAT: stays epoch days
    });
    it('Snowflex formats (literal T between date and time)', () => {
      const fmt = {
        timeOutputFormat: 'HH24:MI:SS.FF',
        timestampOutputFormat: 'YYYY-MM-DDTHH24:MI:SS.FFTZH:TZM',
        timestampNtzOutputFormat: 'YYYY-MM-DDTHH24:MI:SS.FF',
        dateOutputFormat: 'YYYY-MM-DD',
      };
      expect(enc('timestamp_tz', fmt)('2021-03-19 18:06:59 +01:00')).toBe('2021-03-19T18:06:59.000000000+01:00');
      expect(enc('timestamp_ltz', fmt)('2021-07-01 19:00:00.5')).toBe('2021-07-01T12:00:00.500000000-07:00');
      expect(enc('timestamp_ntz', fmt)('2021-01-02 03:04:05.123456')).toBe('2021-01-02T03:04:05.123456000');
      expect(enc('time', fmt)('13:14:15')).toBe('13:14:15.000000000');
      expect(enc('date', fmt)('2019-03-27')).toBe('2019-03-27');
    });
    it("Snowflake's default TIMESTAMP_OUTPUT_FORMAT", () => {
      const e = enc('timestamp_tz', { timestampOutputFormat: 'YYYY-MM-DD HH24:MI:SS.FF3 TZHTZM' });
      expect(e('2021-03-19 18:06:59.5 -07:00')).toBe('2021-03-19 18:06:59.500 -0700');
    });
  });

  it('format model tokens and rendering', () => {
    const f = compileFormat('YYYY-MM-DD"T"HH24:MI:SS');
    expect(f.tokens.map((t) => t.text)).toEqual(['YYYY', '-', 'MM', '-', 'DD', 'T', 'HH24', ':', 'MI', ':', 'SS']);
    expect(renderFormat(f, 0, 3661, 0, 0)).toBe('1970-01-01T01:01:01');
    expect(renderFormat(compileFormat('MMMM MON MM MI'), 18321, 61, 0, 0)).toBe('February Feb 02 01');
  });
});
