import { describe, expect, it } from 'vitest';
import {
  addPart, datePartOf, daysFromCivil, diffPart, extractPart, formatNumber, parseNumberWithFormat, parseWithFormat,
  lastDayOfWeek, readWall, truncatePart, writeWall, type Wall,
} from '../../../lib/values';

const day = (y: number, m: number, d: number, secs = 0): Wall => ({ days: daysFromCivil(y, m, d), secs, nanos: 0, offset: 0 });

describe('date parts', () => {
  it('knows every spelling and refuses others', () => {
    expect(['y', 'YYYY', 'yrs'].map(datePartOf)).toEqual(['year', 'year', 'year']);
    expect(['m', 'mi', 'mm', 'mon'].map(datePartOf)).toEqual(['minute', 'minute', 'month', 'month']);
    expect(['dw', 'dow_iso', 'tzh', 'epoch'].map(datePartOf)).toEqual(['dayofweek', 'dayofweekiso', 'timezone_hour', 'epoch_second']);
    expect(datePartOf('fortnight')).toBeNull();
  });

  it('extracts ISO weeks at year edges', () => {
    expect(extractPart('week', day(2024, 12, 30))).toBe(1);
    expect(extractPart('yearofweek', day(2024, 12, 30))).toBe(2025);
    expect(extractPart('week', day(2021, 1, 1))).toBe(53);
  });

  it('adds months clamping to the month end, and carries time overflow', () => {
    expect(writeWall(addPart('month', 1, day(2000, 1, 31)), 'DATE', 'UTC')).toBe('2000-02-29');
    expect(writeWall(addPart('second', 30, day(2024, 2, 29, 86385)), 'NTZ', 'UTC')).toBe('2024-03-01 00:00:15.000000000');
  });

  it('counts boundaries crossed', () => {
    expect(diffPart('year', day(2015, 12, 31), day(2016, 1, 1))).toBe(1n);
    expect(diffPart('week', day(2024, 1, 7), day(2024, 1, 8))).toBe(1n);
    expect(diffPart('minute', day(2024, 1, 1, 39599), day(2024, 1, 1, 39600))).toBe(1n);
  });

  it('truncates to the Monday of a week', () => {
    expect(writeWall(truncatePart('week', day(2024, 5, 9)), 'DATE', 'UTC')).toBe('2024-05-06');
  });

  it('follows WEEK_START and WEEK_OF_YEAR_POLICY; the ISO parts ignore them', () => {
    const wed = { start: 3, policy: 0 };
    // Monday 2017-01-02 with weeks from Wednesday: day 6 of a week that began 2016-12-28, week 53 of 2016.
    expect([extractPart('dayofweek', day(2017, 1, 2), wed), extractPart('week', day(2017, 1, 2), wed), extractPart('yearofweek', day(2017, 1, 2), wed)]).toEqual([6, 53, 2016]);
    expect([extractPart('weekiso', day(2017, 1, 2), wed), extractPart('dayofweekiso', day(2017, 1, 2), wed)]).toEqual([1, 1]);
    expect(writeWall(truncatePart('week', day(2017, 1, 2), wed), 'DATE', 'UTC')).toBe('2016-12-28');
    expect(writeWall({ ...day(1970, 1, 1), days: lastDayOfWeek(day(2017, 1, 2).days, wed) }, 'DATE', 'UTC')).toBe('2017-01-03');
    expect(diffPart('week', day(2017, 1, 1), day(2017, 1, 4), wed)).toBe(1n);
    // Policy 1: January 1 is always in week 1 (a one-day week when it is a Sunday and weeks start Monday).
    expect([extractPart('week', day(2017, 1, 1), { start: 1, policy: 1 }), extractPart('week', day(2017, 1, 2), { start: 1, policy: 1 })]).toEqual([1, 2]);
    expect(extractPart('dayofweek', day(2017, 1, 1), { start: 1, policy: 0 })).toBe(7);
  });

  it('reads an LTZ instant as the session-zone wall clock', () => {
    const w = readWall('2024-01-01 12:00:00.000000000', 'LTZ', 'America/New_York');
    expect([extractPart('hour', w), w.offset]).toEqual([7, -300]);
  });
});

describe('format models', () => {
  it('prints numbers by position, with overflow as #', () => {
    expect(formatNumber('-12.391', '">"$99.0"<"', 3)).toBe('>-$12.4<');
    expect(formatNumber('3987', '$99.0', 0)).toBe(' $##.#');
    expect(formatNumber('-12', '0XXX', 0)).toBe('FFF4');
    expect(formatNumber('0.1', 'TME', 1)).toBe('1E-1');
  });

  it('reads numbers by a format', () => {
    expect(parseNumberWithFormat('3,741.72', '9,999.99')).toBe('3741.72');
    expect(parseNumberWithFormat('$345.12', '999.00')).toBeNull();
    expect(parseNumberWithFormat('aaa', 'XXX')).toBe('2730');
  });

  it('reads dates and times by a format', () => {
    expect(parseWithFormat('1:15 PM', 'HH12:MI AM')?.secs).toBe(13 * 3600 + 15 * 60);
    expect(parseWithFormat('10-May-2024', 'DD-MON-YYYY')?.days).toBe(daysFromCivil(2024, 5, 10));
    expect(parseWithFormat('2024-13-01', 'YYYY-MM-DD')).toBeNull();
  });
});
