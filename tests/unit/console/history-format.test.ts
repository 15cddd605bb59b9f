import { expect, test } from 'vitest';
import { dayStart, formatBytes, formatDuration, formatTime } from '@/features/history/lib/format';

test('start times in the given time zone, never raw epoch numbers', () => {
  const ms = Date.UTC(2024, 1, 29, 13, 5, 7, 123);
  expect(formatTime(ms, 'UTC')).toBe('2024-02-29 13:05:07.123 UTC');
  expect(formatTime(ms, 'Asia/Tokyo')).toBe('2024-02-29 22:05:07.123 GMT+9');
  expect(formatTime(ms, 'America/Los_Angeles')).toBe('2024-02-29 05:05:07.123 PST');
});

test('durations and sizes', () => {
  expect([formatDuration(null), formatDuration(12), formatDuration(1234), formatDuration(125_000)]).toEqual(['', '12 ms', '1.23 s', '2 min 5 s']);
  expect([formatBytes(null), formatBytes(900), formatBytes(2048), formatBytes(5 * 2 ** 30)]).toEqual(['', '900 B', '2.0 KB', '5.0 GB']);
});

test('a date picker day as local midnight; the end of a range is the next midnight', () => {
  expect(dayStart('2024-02-29')).toBe(new Date(2024, 1, 29).getTime());
  expect(dayStart('2024-02-29', true)).toBe(new Date(2024, 2, 1).getTime());
  expect(dayStart('')).toBeNull();
});
