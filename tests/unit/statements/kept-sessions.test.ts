import { expect, test } from 'vitest';
import { KeptSessions, KeptSessionError } from '@/lib/statements/kept-sessions';
import type { Session } from '@/lib/sql/session';

const base = { user: 'U', role: 'PUBLIC', warehouse: null, database: null, schema: null, formats: {}, rowsPerResultset: 0, resultChunkMb: 160, queryTag: '', lastQueryId: null, otherParameters: {}, variables: {} } as unknown as Session;

function store(idleMs = 1000, maxPerUser = 2) {
  let now = 0;
  const ended: string[] = [];
  const s = new KeptSessions({ idleMs, maxPerUser }, async (x) => { ended.push(x.id); }, () => now);
  return { s, ended, tick: (ms: number) => { now += ms; } };
}

const refusal = (f: () => unknown) => {
  try { f(); } catch (e) { return e as KeptSessionError; }
  throw new Error('not refused');
};

test('a session is its own engine session, found only by its user (and token restriction)', () => {
  const { s } = store();
  const k = s.start('U', null, base);
  expect(k.session.id).toBe(k.id);
  expect(k.session).not.toBe(base);
  expect(s.get(k.id, 'U', null)).toBe(k);
  for (const [user, restriction] of [['V', null], ['U', 'PUBLIC']] as const) {
    const e = refusal(() => s.get(k.id, user, restriction));
    expect([e.status, e.code]).toEqual([404, '390111']);
  }
});

test('idle sessions end after the expiry (their engine state ended); a running one does not', () => {
  const { s, ended, tick } = store(1000);
  const a = s.start('U', null, base);
  const b = s.start('U', null, base);
  s.begin(b, 'h1');
  tick(1500);
  expect(refusal(() => s.get(a.id, 'U', null)).status).toBe(404);
  expect(ended).toEqual([a.id]);
  expect(s.get(b.id, 'U', null)).toBe(b);
  s.finish(b, 'h1', null);
  tick(999);
  expect(s.get(b.id, 'U', null)).toBe(b);
});

test('past the per-user cap the least recently used idle session ends; all busy: 429', () => {
  const { s, ended, tick } = store(60_000, 2);
  const a = s.start('U', null, base);
  tick(1);
  const b = s.start('U', null, base);
  tick(1);
  s.begin(a, 'h');
  s.finish(a, 'h', null);
  const other = s.start('V', null, base);
  const c = s.start('U', null, base);
  expect(ended).toEqual([b.id]);
  expect(s.get(other.id, 'V', null)).toBe(other);
  s.begin(a, 'x');
  s.begin(c, 'y');
  const e = refusal(() => s.start('U', null, base));
  expect([e.status, e.code]).toEqual([429, '390505']);
  expect(e.message).toContain('FLOE_MAX_SESSIONS_PER_USER');
});

test('one run at a time; the notice belongs to the run that ended', () => {
  const { s } = store();
  const k = s.start('U', null, base);
  s.begin(k, 'h1');
  const busy = refusal(() => s.begin(k, 'h2'));
  expect([busy.status, busy.code]).toEqual([409, '390112']);
  s.finish(k, 'h1', 'rolled back');
  expect(k.notice).toEqual({ handle: 'h1', message: 'rolled back' });
  s.begin(k, 'h2');
  expect(k.notice).toBeNull();
  s.closeAll();
  expect(s.size).toBe(0);
});
