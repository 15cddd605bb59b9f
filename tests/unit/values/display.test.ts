// The console's display and JSON-export text of wire cells (lib/values/display.ts), shared by the
// grid, Copy as TSV and the server's CSV/JSON export.
import { describe, expect, it } from 'vitest';
import { makeDisplayFormatter, makeJsonFormatter, type ResultParameters } from '@/lib/values/display';
import { defaultTextFormat } from '@/lib/sql/functions/value-kinds';
import { types } from '@/lib/sql/types';

// What the server echoes when no format was set.
const DEFAULTS: ResultParameters = {
  binary_output_format: 'HEX', date_output_format: 'YYYY-MM-DD', time_output_format: 'HH24:MI:SS',
  timestamp_output_format: 'YYYY-MM-DD HH24:MI:SS.FF3 TZHTZM', timestamp_ntz_output_format: 'YYYY-MM-DD HH24:MI:SS.FF3 TZHTZM',
  timestamp_ltz_output_format: 'YYYY-MM-DD HH24:MI:SS.FF3 TZHTZM', timestamp_tz_output_format: 'YYYY-MM-DD HH24:MI:SS.FF3 TZHTZM',
  timezone: 'America/Los_Angeles',
};
const show = (type: string, cell: string | null, params: ResultParameters = DEFAULTS, scale: number | null = 9) => makeDisplayFormatter({ type, scale }, params)(cell);
const json = (type: string, cell: string | null, params: ResultParameters = DEFAULTS, scale: number | null = 9) => makeJsonFormatter({ type, scale }, params)(cell);

describe('display text under the default formats', () => {
  it('dates, times and timestamps as Snowflake shows them', () => {
    expect(show('date', '19782')).toBe('2024-02-29');
    expect(show('date', '-1')).toBe('1969-12-31');
    expect(show('time', '49507.123000000')).toBe('13:45:07');
    expect(show('timestamp_ntz', '1709214307.123000000')).toBe('2024-02-29 13:45:07.123');
    expect(show('timestamp_ntz', '-0.750000000')).toBe('1969-12-31 23:59:59.250');
    expect(show('timestamp_tz', '1709207107.123000000 1560')).toBe('2024-02-29 13:45:07.123 +0200');
    expect(show('timestamp_ltz', '1709214307.123000000')).toBe('2024-02-29 05:45:07.123 -0800');
    expect(show('timestamp_ltz', '1709214307.123000000', { ...DEFAULTS, timezone: 'Europe/Berlin' })).toBe('2024-02-29 14:45:07.123 +0100');
    expect(show('timestamp_ntz', '1709214307', DEFAULTS, 0)).toBe('2024-02-29 13:45:07.000');
  });

  it('NULL stays null; numbers, booleans, binary and text as they came; VARIANT on one line', () => {
    for (const t of ['date', 'time', 'timestamp_tz', 'fixed', 'variant', 'text']) expect(show(t, null)).toBeNull();
    expect(show('fixed', '12345678901234567890.50', DEFAULTS, 2)).toBe('12345678901234567890.50');
    expect(show('real', '1.5e+21')).toBe('1.5e+21');
    expect(show('boolean', 'true')).toBe('true');
    expect(show('binary', 'DEADBEEF')).toBe('DEADBEEF');
    expect(show('text', '19782')).toBe('19782');
    expect(show('variant', '{\n  "a": [\n    1,\n    12345678901234567890123\n  ],\n  "b": "x"\n}')).toBe('{"a":[1,12345678901234567890123],"b":"x"}');
  });

  it('no echoed parameters (an older result): the defaults', () => {
    expect(show('date', '19782', undefined)).toBe('2024-02-29');
    expect(show('timestamp_ltz', '0', null)).toBe('1969-12-31 16:00:00.000 -0800');
  });

  it('a format the session set was applied by the server: its cells are shown as sent', () => {
    const p = { ...DEFAULTS, date_output_format: 'YYYYMMDD', timestamp_ntz_output_format: 'DD.MM.YYYY HH24:MI' };
    expect(show('date', '20240229', p)).toBe('20240229'); // epoch-shaped, but the format is not the default
    expect(show('timestamp_ntz', '29.02.2024 13:45', p)).toBe('29.02.2024 13:45');
    // A format equal to the default, sent explicitly: the server formatted, the text is not epoch-shaped.
    expect(show('date', '2024-02-29', DEFAULTS)).toBe('2024-02-29');
    expect(show('timestamp_tz', '2024-02-29 13:45:07.123 +0200')).toBe('2024-02-29 13:45:07.123 +0200');
  });

  it('TO_VARCHAR without a format uses the same defaults', () => {
    expect(defaultTextFormat(types.timestampNtz(), { timezone: 'UTC' })).toBe('YYYY-MM-DD HH24:MI:SS.FF3');
    expect(defaultTextFormat(types.date(), { timezone: 'UTC', dateOutputFormat: 'DD/MM/YYYY' })).toBe('DD/MM/YYYY');
  });
});

describe('typed JSON of the export', () => {
  it('numbers where a double holds them exactly, else strings', () => {
    expect(json('fixed', '42', DEFAULTS, 0)).toBe('42');
    expect(json('fixed', '1.50', DEFAULTS, 2)).toBe('1.50');
    expect(JSON.parse(json('fixed', '1.50', DEFAULTS, 2))).toBe(1.5);
    expect(json('fixed', '12345678901234567890', DEFAULTS, 0)).toBe('"12345678901234567890"');
    expect(json('fixed', '0.10000000000000000001', DEFAULTS, 20)).toBe('"0.10000000000000000001"');
    expect(json('real', '1.5e+21')).toBe('1.5e+21');
    expect(json('real', 'NaN')).toBe('"NaN"');
    expect(json('real', 'inf')).toBe('"inf"');
    expect(json('boolean', 'false')).toBe('false');
    expect(json('text', 'a"b')).toBe('"a\\"b"');
    expect(json('fixed', null)).toBe('null');
  });

  it('dates and times as ISO-8601 with the column scale', () => {
    expect(json('date', '19782')).toBe('"2024-02-29"');
    expect(json('time', '49507.123000000', DEFAULTS, 3)).toBe('"13:45:07.123"');
    expect(json('time', '49507', DEFAULTS, 0)).toBe('"13:45:07"');
    expect(json('timestamp_ntz', '1709214307.123000000')).toBe('"2024-02-29T13:45:07.123000000"');
    expect(json('timestamp_tz', '1709207107.123000000 1560', DEFAULTS, 3)).toBe('"2024-02-29T13:45:07.123+02:00"');
    expect(json('timestamp_ltz', '1709214307.123000000', DEFAULTS, 3)).toBe('"2024-02-29T05:45:07.123-08:00"');
    expect(json('date', '29.02.2024', { ...DEFAULTS, date_output_format: 'DD.MM.YYYY' })).toBe('"29.02.2024"');
  });

  it('VARIANT as JSON, exact digits kept, strict JSON where Snowflake is lenient', () => {
    const v = json('variant', '{\n  "a": [\n    1,\n    12345678901234567890123\n  ]\n}');
    expect(v).toBe('{"a":[1,12345678901234567890123]}');
    expect(JSON.parse(json('array', '[1, undefined, NaN]'))).toEqual([1, null, 'NaN']);
    expect(json('variant', '"str"')).toBe('"str"');
  });
});
