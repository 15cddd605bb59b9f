import { expect, it } from 'vitest';
import { makeCellEncoder } from '../../../lib/values';

// Not a benchmark with thresholds: prints the time so regressions are visible.
const N = 1_000_000;

it('encodes 1,000,000 fixed and 1,000,000 timestamp_ntz cells quickly', () => {
  const fmt = { timezone: 'America/Los_Angeles' };
  const fixed = makeCellEncoder({ type: 'fixed', scale: 0 }, fmt);
  const fixed2 = makeCellEncoder({ type: 'fixed', scale: 2 }, fmt);
  const ntz = makeCellEncoder({ type: 'timestamp_ntz', scale: 9 }, fmt);
  const ntzFmt = makeCellEncoder({ type: 'timestamp_ntz', scale: 9 }, { ...fmt, timestampNtzOutputFormat: 'YYYY-MM-DD HH24:MI:SS.FF3' });
  const ltzFmt = makeCellEncoder({ type: 'timestamp_ltz', scale: 9 }, { ...fmt, timestampLtzOutputFormat: 'YYYY-MM-DD HH24:MI:SS.FFTZH:TZM' });

  const stamps: string[] = [];
  for (let i = 0; i < 1000; i++) {
    const d = new Date(Date.UTC(2000 + (i % 30), i % 12, 1 + (i % 28), i % 24, i % 60, (i * 7) % 60));
    stamps.push(d.toISOString().slice(0, 19).replace('T', ' ') + '.' + String(i * 999331).padStart(9, '0').slice(0, 9));
  }

  let len = 0;
  let t = performance.now();
  for (let i = 0; i < N; i++) len += (fixed(i & 1 ? i : BigInt(i)) as string).length;
  const fixedMs = performance.now() - t;

  t = performance.now();
  for (let i = 0; i < N; i++) len += (fixed2(i / 4) as string).length;
  const fixed2Ms = performance.now() - t;

  t = performance.now();
  for (let i = 0; i < N; i++) len += (ntz(stamps[i % 1000]) as string).length;
  const ntzMs = performance.now() - t;

  t = performance.now();
  for (let i = 0; i < N; i++) len += (ntzFmt(stamps[i % 1000]) as string).length;
  const ntzFmtMs = performance.now() - t;

  t = performance.now();
  for (let i = 0; i < N; i++) len += (ltzFmt(stamps[i % 1000]) as string).length;
  const ltzFmtMs = performance.now() - t;

  console.log(
    `1M cells: fixed(0) ${fixedMs.toFixed(0)} ms, fixed(2) ${fixed2Ms.toFixed(0)} ms, ` +
      `timestamp_ntz ${ntzMs.toFixed(0)} ms, ntz formatted ${ntzFmtMs.toFixed(0)} ms, ltz formatted ${ltzFmtMs.toFixed(0)} ms`,
  );
  expect(len).toBeGreaterThan(0);
  expect(ntz(stamps[0])).toMatch(/^\d+\.\d{9}$/);
}, 120_000);
