// PipelinedConnections (lib/storage/pipelined-connections.ts) on a real PostgreSQL: concurrent
// statements share at most its connections and each gets its own answer; a failing statement
// fails alone; a connection that dies fails what it carried and is replaced by the next statement.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Pool } from 'pg';
import { PipelinedConnections } from '@/lib/storage/pipelined-connections';
import { isPostgresUnreachable } from '@/lib/storage/state-schema';
import { freshDatabase } from './cluster';

let url: string;
let admin: Pool;
const APP = 'floe-pipelined-test';

beforeAll(async () => {
  url = await freshDatabase();
  admin = new Pool({ connectionString: url, max: 2 });
});
afterAll(async () => {
  await admin?.end();
});

const backends = async (): Promise<number[]> =>
  (await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1 ORDER BY pid', [APP])).rows.map((r) => r.pid);

test('200 concurrent statements go over at most 2 connections, each answered with its own result', async () => {
  const conns = new PipelinedConnections({ connectionString: url, application_name: APP }, 2);
  try {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) =>
      conns.query<{ n: number; s: string }>({ name: 'echo', text: 'SELECT $1::int AS n, repeat($2::text, $1::int) AS s', values: [i, 'x'] })));
    answers.forEach((r, i) => expect(r.rows).toEqual([{ n: i, s: 'x'.repeat(i) }]));
    const pids = await backends();
    expect(pids.length).toBeGreaterThanOrEqual(1);
    expect(pids.length).toBeLessThanOrEqual(2);
  } finally {
    await conns.end();
  }
  await expect.poll(backends).toEqual([]);
});

test('a failing statement fails alone: the ones sent before and after it on the same connection are answered', async () => {
  const conns = new PipelinedConnections({ connectionString: url, application_name: APP }, 1);
  try {
    const outcomes = await Promise.allSettled([
      conns.query({ text: 'SELECT 1 AS n' }),
      conns.query({ text: 'SELECT 1 / 0 AS n' }),
      conns.query({ text: 'SELECT 3 AS n' }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ code: '22012' });
    expect((outcomes[2] as PromiseFulfilledResult<{ rows: unknown[] }>).value.rows).toEqual([{ n: 3 }]);
  } finally {
    await conns.end();
  }
});

test('a connection that dies fails the statements it carried; the next statement opens another', async () => {
  const errors: string[] = [];
  const conns = new PipelinedConnections({ connectionString: url, application_name: APP }, 1, { onError: (e) => errors.push(e.message) });
  try {
    await conns.query({ text: 'SELECT 1' });
    const [pid] = await backends();
    // (Its rejection is taken at once: it may come while the terminate below is still answering.)
    const carried = conns.query({ text: 'SELECT pg_sleep(30)' }).then(() => null, (e: unknown) => e);
    // (Terminated while it runs the sleep.)
    await expect.poll(async () => (await admin.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = $1 AND query LIKE 'SELECT pg_sleep%'", [pid])).rows[0].n).toBe(1);
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    expect(await carried).toBeInstanceOf(Error);
    const again = await conns.query<{ n: number }>({ text: 'SELECT 7 AS n' });
    expect(again.rows).toEqual([{ n: 7 }]);
    const pids = await backends();
    expect(pids).toHaveLength(1);
    expect(pids[0]).not.toBe(pid);
    expect(errors.length).toBeGreaterThan(0);
  } finally {
    await conns.end();
  }
});

test('query_timeout: a statement unanswered that long fails, with the one queued behind it, as unreachable; the connection is replaced', async () => {
  const errors: Error[] = [];
  const conns = new PipelinedConnections({ connectionString: url, application_name: APP, query_timeout: 400 }, 1, { onError: (e) => errors.push(e) });
  try {
    await conns.query({ text: 'SELECT 1' });
    const [stuck] = await backends();
    const t0 = Date.now();
    // (Both rejections are taken at once: the second may come before the first is awaited.)
    const [slow, behind] = [conns.query({ text: 'SELECT pg_sleep(3)' }), conns.query({ text: 'SELECT 2 AS n' })]
      .map((q) => q.then(() => null, (e: unknown) => e));
    const slowError = await slow;
    expect(slowError).toBeInstanceOf(Error);
    expect((slowError as Error).message).toMatch(/Query read timeout/);
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(await behind).toBeInstanceOf(Error);
    expect(isPostgresUnreachable(slowError)).toBe(true);
    expect(errors.length).toBe(1);
    expect((await conns.query<{ n: number }>({ text: 'SELECT 3 AS n' })).rows).toEqual([{ n: 3 }]);
    // Another backend serves (the first ends once its pg_sleep finds its client gone).
    expect((await backends()).filter((p) => p !== stuck)).toHaveLength(1);
  } finally {
    await conns.end();
  }
  await expect.poll(backends, { timeout: 15_000 }).toEqual([]);
}, 30_000);

test('after end() a statement is refused with a clear error, and no connection is left', async () => {
  const conns = new PipelinedConnections({ connectionString: url, application_name: APP }, 2);
  await conns.query({ text: 'SELECT 1' });
  await conns.end();
  await expect(conns.query({ text: 'SELECT 1' })).rejects.toThrow(/closed/);
  await expect.poll(backends).toEqual([]);
});
