// PostgresEngine's side of the statement lifecycle against a real PostgreSQL: session
// transactions (isolated, savepointed, rolled back by endSession), cancel, statement timeout,
// and a large result streamed into partition files.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineFailure, type ExecResult } from '@/lib/engine/types';
import { partitionFile } from '@/lib/storage/result-files';
import type { PostgresEngine } from '@/lib/engine/postgres/postgres-engine';
import { engineOn, freezableProxy, freshDatabase, outside, plan, rowsOf } from './cluster';

let url: string;
let engine: PostgresEngine;

beforeAll(async () => {
  url = await freshDatabase();
  engine = engineOn(url);
  await engine.execute(plan({ output: 'none', access: 'write', steps: [{ sql: 'CREATE TABLE t (x int PRIMARY KEY)' }] }));
});
afterAll(() => engine?.close());

const count = async (sessionId: string) =>
  Number(rowsOf(await engine.execute(plan({ sessionId, steps: [{ sql: 'SELECT count(*) FROM t' }] })))[0][0]);
const txn = (sessionId: string, transaction: 'begin' | 'commit' | 'rollback') =>
  engine.execute(plan({ sessionId, output: 'none', access: 'write', transaction, steps: [] }));
const insert = (sessionId: string, x: number, statementId?: string) =>
  engine.execute(plan({ sessionId, statementId, output: 'changes', access: 'write', steps: [{ sql: 'INSERT INTO t VALUES ($1)', params: [x] }] }));

async function failureOf(p: Promise<ExecResult>): Promise<EngineFailure['error']> {
  const e = await p.then(() => null, (x: unknown) => x);
  expect(e).toBeInstanceOf(EngineFailure);
  return (e as EngineFailure).error;
}

/** Resolves once PostgreSQL runs a query matching `like` (seen from outside the engine). */
async function runningQuery(like: string): Promise<void> {
  const c = await outside(url);
  try {
    for (;;) {
      const r = await c.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE $1 AND pid <> pg_backend_pid()", [like]);
      if (r.rows[0].n > 0) return;
      await new Promise((res) => setTimeout(res, 20));
    }
  } finally {
    await c.end();
  }
}

describe('PostgresEngine: session transactions', () => {
  it('keeps two sessions\' transactions apart until each commits or rolls back', async () => {
    await engine.execute(plan({ output: 'none', access: 'write', steps: [{ sql: 'TRUNCATE t' }] }));
    await txn('A', 'begin');
    await txn('B', 'begin');
    await insert('A', 1);
    await insert('B', 2);
    // Each sees its own write only; a session outside any transaction sees neither.
    expect(await count('A')).toBe(1);
    expect(await count('B')).toBe(1);
    expect(await count('C')).toBe(0);
    await txn('A', 'commit');
    expect(await count('C')).toBe(1);
    await txn('B', 'rollback');
    expect(await count('C')).toBe(1);
    expect(rowsOf(await engine.execute(plan({ sessionId: 'C', steps: [{ sql: 'SELECT x FROM t' }] })))).toEqual([['1']]);
  });

  it('undoes a failed statement alone: the transaction goes on', async () => {
    await engine.execute(plan({ output: 'none', access: 'write', steps: [{ sql: 'TRUNCATE t' }] }));
    await txn('D', 'begin');
    await insert('D', 1);
    expect(await failureOf(insert('D', 1))).toMatchObject({ code: '100090' });
    await insert('D', 2);
    await txn('D', 'commit');
    expect(await count('C')).toBe(2);
  });

  it('endSession rolls the open transaction back and frees its connection', async () => {
    await engine.execute(plan({ output: 'none', access: 'write', steps: [{ sql: 'TRUNCATE t' }] }));
    await txn('E', 'begin');
    await insert('E', 7);
    await engine.endSession('E');
    expect(await count('C')).toBe(0);
    // The session runs outside a transaction again: its next write commits by itself.
    await insert('E', 8);
    expect(await count('C')).toBe(1);
    // Nothing open: nothing to do.
    await engine.endSession('E');
    await engine.endSession('never-seen');
  });

  it('fails the statements and the COMMIT of a transaction whose connection was lost, then goes on', async () => {
    await engine.execute(plan({ output: 'none', access: 'write', steps: [{ sql: 'TRUNCATE t' }] }));
    await txn('K', 'begin');
    await insert('K', 1);
    const pid = Number(rowsOf(await engine.execute(plan({ sessionId: 'K', steps: [{ sql: 'SELECT pg_backend_pid()' }] })))[0][0]);
    const c = await outside(url);
    try {
      await c.query('SELECT pg_terminate_backend($1)', [pid]);
    } finally {
      await c.end();
    }
    const lost = { code: '000603', message: expect.stringMatching(/PostgreSQL engine is unavailable/) };
    expect(await failureOf(insert('K', 2))).toMatchObject(lost);
    expect(await failureOf(txn('K', 'commit'))).toMatchObject(lost);
    expect(await count('K')).toBe(0);
    await insert('K', 3);
    expect(await count('C')).toBe(1);
  });

  it('fails a plan whose result cannot be written (disk reserve) alone: the transaction goes on', async () => {
    await engine.execute(plan({ output: 'none', access: 'write', steps: [{ sql: 'TRUNCATE t' }] }));
    await txn('M', 'begin');
    await insert('M', 1);
    const limits = { maxRows: 0, maxBytes: 1e12, firstPartitionBytes: 64 * 1024, partitionBytes: 1024 * 1024, reserveBytes: Number.MAX_SAFE_INTEGER };
    const big = engine.execute(plan({ sessionId: 'M', limits, steps: [{ sql: "SELECT g, repeat('x', 100) FROM generate_series(1, 100000) g" }] }));
    expect(await failureOf(big)).toMatchObject({ code: '300001', sqlState: '53100' });
    await insert('M', 2);
    await txn('M', 'commit');
    expect(await count('C')).toBe(2);
  });

  it('answers COMMIT and ROLLBACK of no transaction, and BEGIN inside one, with nothing', async () => {
    expect(await txn('F', 'commit')).toEqual({ kind: 'none' });
    expect(await txn('F', 'rollback')).toEqual({ kind: 'none' });
    await txn('F', 'begin');
    expect(await txn('F', 'begin')).toEqual({ kind: 'none' });
    await txn('F', 'rollback');
  });
});

describe('PostgresEngine: cancel and timeout', () => {
  it('cancels a running SELECT pg_sleep(30) with Snowflake\'s cancel error', { timeout: 20_000 }, async () => {
    const running = engine.execute(plan({ statementId: 'sleepy', steps: [{ sql: 'SELECT pg_sleep(30)' }] }));
    await runningQuery('SELECT pg_sleep(30)%');
    await engine.cancel('sleepy');
    expect(await failureOf(running)).toEqual({ code: '000604', sqlState: '57014', message: 'SQL execution canceled' });
    // The connection is fine afterwards.
    expect(await count('C')).toBeGreaterThanOrEqual(0);
  });

  it('cancels a statement in a transaction, which goes on without it', { timeout: 20_000 }, async () => {
    await engine.execute(plan({ output: 'none', access: 'write', steps: [{ sql: 'TRUNCATE t' }] }));
    await txn('G', 'begin');
    await insert('G', 1);
    const running = engine.execute(plan({ sessionId: 'G', statementId: 'sleepy-txn', access: 'write', output: 'changes', steps: [{ sql: 'INSERT INTO t SELECT 2 FROM pg_sleep(30)' }] }));
    await runningQuery('INSERT INTO t SELECT 2 FROM pg_sleep(30)%');
    await engine.cancel('sleepy-txn');
    expect(await failureOf(running)).toMatchObject({ code: '000604' });
    await txn('G', 'commit');
    expect(rowsOf(await engine.execute(plan({ steps: [{ sql: 'SELECT x FROM t' }] })))).toEqual([['1']]);
  });

  it('cancels a streaming read in a transaction, which goes on without it', { timeout: 30_000 }, async () => {
    await engine.execute(plan({ output: 'none', access: 'write', steps: [{ sql: 'TRUNCATE t' }] }));
    await txn('L', 'begin');
    await insert('L', 1);
    const reading = failureOf(engine.execute(plan({ sessionId: 'L', statementId: 'slow-read', steps: [{ sql: 'SELECT g, pg_sleep(0.0002) FROM generate_series(1, 200000) g' }] })));
    await runningQuery('SELECT g, pg_sleep(0.0002)%');
    await engine.cancel('slow-read');
    expect(await reading).toMatchObject({ code: '000604' });
    await insert('L', 2);
    await txn('L', 'commit');
    expect(await count('C')).toBe(2);
  });

  it('cancels a plan still waiting for a connection before it starts', { timeout: 20_000 }, async () => {
    const small = engineOn(url, 1);
    try {
      const first = small.execute(plan({ statementId: 'holder', steps: [{ sql: 'SELECT pg_sleep(30)' }] }));
      await runningQuery('SELECT pg_sleep(30)%');
      const waiting = failureOf(small.execute(plan({ statementId: 'waiter', steps: [{ sql: 'SELECT 1' }] })));
      // Answered while the only connection is still busy with the first plan.
      await small.cancel('waiter');
      expect(await waiting).toMatchObject({ code: '000604' });
      expect(rowsOf(await engine.execute(plan({ steps: [{ sql: "SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(30)%' AND state = 'active'" }] })))).toEqual([['1']]);
      await small.cancel('holder');
      expect(await failureOf(first)).toMatchObject({ code: '000604' });
    } finally {
      await small.close();
    }
  });

  it('cancels a plan waiting behind its session\'s running one without touching that one', { timeout: 20_000 }, async () => {
    await engine.execute(plan({ output: 'none', access: 'write', steps: [{ sql: 'TRUNCATE t' }] }));
    await txn('H', 'begin');
    const first = engine.execute(plan({ sessionId: 'H', statementId: 'h1', access: 'write', output: 'changes', steps: [{ sql: 'INSERT INTO t SELECT 1 FROM pg_sleep(1.5)' }] }));
    await runningQuery('INSERT INTO t SELECT 1 FROM pg_sleep(1.5)%');
    const second = engine.execute(plan({ sessionId: 'H', statementId: 'h2', access: 'write', output: 'changes', steps: [{ sql: 'INSERT INTO t VALUES (2)' }] }));
    await engine.cancel('h2');
    expect(await failureOf(second)).toMatchObject({ code: '000604' });
    expect(await first).toMatchObject({ kind: 'changes', changes: 1 });
    await txn('H', 'commit');
    expect(rowsOf(await engine.execute(plan({ steps: [{ sql: 'SELECT x FROM t' }] })))).toEqual([['1']]);
  });

  it('stops a plan at its statement timeout with Snowflake\'s timeout error', async () => {
    const failure = await failureOf(engine.execute(plan({ timeoutMs: 1000, steps: [{ sql: 'SELECT pg_sleep(20)' }] })));
    expect(failure).toEqual({ code: '000630', sqlState: '57014', message: 'Statement reached its statement or warehouse timeout of 1 second(s) and was canceled.' });
    // The next plan on the pool has its own timeout (none): a second's sleep is fine.
    expect(rowsOf(await engine.execute(plan({ steps: [{ sql: 'SELECT pg_sleep(1.2)::text' }] })))).toEqual([['']]);
  });

  it('ends a cancelled statement PostgreSQL can no longer be reached for: no cancel is answered, its connection is closed, and it fails as cancelled', { timeout: 60_000 }, async () => {
    // (Through a proxy that stops passing bytes, as a cut network or a lost host would: nothing answers, nothing refuses.)
    const proxy = await freezableProxy(url);
    const cut = engineOn(proxy.url, 4, 1);
    try {
      // One plan on the calling thread (a query without FROM), one on a read thread, one inside a transaction.
      await cut.execute(plan({ sessionId: 'K', output: 'none', access: 'write', transaction: 'begin', steps: [] }));
      const runs = [
        cut.execute(plan({ statementId: 'cut-pool', rowSources: 0, steps: [{ sql: 'SELECT pg_sleep(40)' }] })),
        cut.execute(plan({ statementId: 'cut-thread', steps: [{ sql: 'SELECT pg_sleep(40) FROM (VALUES (1)) v' }] })),
        cut.execute(plan({ sessionId: 'K', statementId: 'cut-txn', steps: [{ sql: 'SELECT pg_sleep(40) AS s' }] })),
      ].map((p) => failureOf(p));
      for (const q of ['SELECT pg_sleep(40)', 'SELECT pg_sleep(40) FROM%', 'SELECT pg_sleep(40) AS s%']) await runningQuery(q);
      proxy.freeze();
      const t0 = Date.now();
      await Promise.all(['cut-pool', 'cut-thread', 'cut-txn'].map((id) => cut.cancel(id)));
      for (const failure of await Promise.all(runs)) expect(failure).toEqual({ code: '000604', sqlState: '57014', message: 'SQL execution canceled' });
      // The cancels' window (5 s) and the last one's wait for an answer, not the 40 s of the sleeps.
      expect(Date.now() - t0).toBeLessThan(15_000);
      proxy.thaw();
      // New connections serve the next plans; the transaction went with its connection.
      expect(rowsOf(await cut.execute(plan({ rowSources: 0, steps: [{ sql: 'SELECT 1' }] })))).toEqual([['1']]);
      expect(rowsOf(await cut.execute(plan({ steps: [{ sql: 'SELECT count(*) FROM t' }] })))).toHaveLength(1);
      expect(await failureOf(cut.execute(plan({ sessionId: 'K', output: 'none', access: 'write', transaction: 'commit', steps: [] })))).toMatchObject({ code: '000603', message: expect.stringMatching(/connection of this transaction was lost/) });
    } finally {
      proxy.thaw();
      await cut.close();
      await proxy.close();
    }
  });
});

describe('PostgresEngine: large results', () => {
  it('streams 200,000 rows into partition files without holding them', async () => {
    const statementId = 'big';
    const sampled: number[] = [];
    const before = process.memoryUsage().heapUsed;
    const probe = setInterval(() => sampled.push(process.memoryUsage().heapUsed - before), 5);
    let r: ExecResult;
    try {
      // 200,000 rows of ~520 bytes: ~100 MB of JSON, which must not sit in memory at once.
      r = await engine.execute(plan({ statementId, steps: [{ sql: "SELECT g, repeat('x', 500) AS pad FROM generate_series(1, 200000) g" }] }));
    } finally {
      clearInterval(probe);
    }
    if (r.kind !== 'rows') throw new Error(r.kind);
    expect(r.numRows).toBe(200_000);
    expect(r.partitions.length).toBeGreaterThan(50);
    expect(r.partitions.reduce((s, p) => s + p.rowCount, 0)).toBe(200_000);
    const dir = plan({ statementId, steps: [] }).resultDir!;
    const last = JSON.parse(fs.readFileSync(partitionFile(dir, r.partitions.length - 1), 'utf8')) as string[][];
    expect(last.at(-1)).toEqual(['200000', 'x'.repeat(500)]);
    fs.rmSync(dir, { recursive: true, force: true }); // ~100 MB
    // Bounded: the heap never grew by anything like the result (~100 MB).
    expect(sampled.length).toBeGreaterThan(0);
    expect(Math.max(...sampled)).toBeLessThan(40 * 2 ** 20);
  });
});
