import { expect, it } from 'vitest';
import { makeCellEncoder } from '../../../lib/values';

// Encoders built once per column and applied to many cells (the result writer's hot path):
// the same encoder gives the right text cell after cell. Speed is measured in `npm run bench`.
it('one encoder per column encodes fixed and timestamp cells, formatted or not', () => {
  const fmt = { timezone: 'America/Los_Angeles' };
  const fixed = makeCellEncoder({ type: 'fixed', scale: 0 }, fmt);
  const fixed2 = makeCellEncoder({ type: 'fixed', scale: 2 }, fmt);
  const ntz = makeCellEncoder({ type: 'timestamp_ntz', scale: 9 }, fmt);
  const ntzFmt = makeCellEncoder({ type: 'timestamp_ntz', scale: 9 }, { ...fmt, timestampNtzOutputFormat: 'YYYY-MM-DD HH24:MI:SS.FF3' });
  for (let i = 0; i < 10_000; i++) {
    expect(fixed(i & 1 ? i : BigInt(i))).toBe(String(i));
    expect(fixed2(i / 4)).toBe((i / 4).toFixed(2));
  }
  expect(ntz('2000-01-02 03:04:05.123456789')).toBe('946782245.123456789');
  expect(ntzFmt('2000-01-02 03:04:05.123456789')).toBe('2000-01-02 03:04:05.123');
});
