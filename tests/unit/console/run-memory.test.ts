import { expect, test } from 'vitest';
import { rememberedRuns, rememberRun, rememberSession, sessionOf } from '@/features/worksheet/lib/run-memory';

const store = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => { m.set(k, v); } };
};
const run = (handle: string, startedAt: number) => ({ sent: 'SELECT 1', start: 0, startedAt, handle, multi: false });

test('a worksheet remembers its last run and its session', () => {
  const s = store();
  rememberRun(s, 'w1', run('h1', 1000), 1000);
  rememberRun(s, 'w1', run('h2', 2000), 2000);
  rememberSession(s, 'w1', 'sess', 2000);
  expect(rememberedRuns(s, 3000)).toEqual({ w1: run('h2', 2000) });
  expect(sessionOf(s, 'w1')).toBe('sess');
  rememberSession(s, 'w1', null, 3000);
  expect(sessionOf(s, 'w1')).toBeUndefined();
});

test('runs older than a day are forgotten; at most 50 worksheets are kept, the newest', () => {
  const s = store();
  rememberRun(s, 'old', run('h', 0), 0);
  expect(rememberedRuns(s, 25 * 3600_000)).toEqual({});
  for (let i = 0; i < 60; i++) rememberRun(s, `w${i}`, run(`h${i}`, 1000 + i), 2000);
  const kept = Object.keys(rememberedRuns(s, 2000));
  expect(kept).toHaveLength(50);
  expect(kept).toContain('w59');
  expect(kept).not.toContain('w0');
});

test('unreadable storage is an empty memory', () => {
  const s = store();
  s.setItem('floe.worksheetRuns', '{nope');
  expect(rememberedRuns(s)).toEqual({});
  expect(sessionOf(s, 'w')).toBeUndefined();
});
