// PostgresEngine against a real PostgreSQL (the run's cluster, tests/pg/global-setup.ts):
// steps and parameters, results, writes, errors in Snowflake's words, explain.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineFailure, type ExecResult } from '@/lib/engine/types';
import type { PostgresEngine } from '@/lib/engine/postgres/postgres-engine';
import { engineOn, freshDatabase, outside, plan, rowsOf } from './cluster';

let url: string;
let engine: PostgresEngine;

beforeAll(async () => {
  url = await freshDatabase();
  engine = engineOn(url);
  await engine.execute(plan({ output: 'none', access: 'write', steps: [{ sql: 'CREATE TABLE kv (k int PRIMARY KEY, v text NOT NULL)' }] }));
});
afterAll(() => engine?.close());

/** The engine's failure of a plan (the test fails if it succeeds). */
async function failureOf(p: Promise<ExecResult>): Promise<EngineFailure['error']> {
  const e = await p.then(() => null, (x: unknown) => x);
  expect(e).toBeInstanceOf(EngineFailure);
  return (e as EngineFailure).error;
}

describe('PostgresEngine: steps, parameters and values', () => {
  it('binds parameters and answers typed columns', async () => {
    const r = await engine.execute(plan({
      steps: [{ sql: 'SELECT $1::int + $2::int AS s, $3::text AS t, $4::numeric(10,2) AS n, $5::bigint AS b, $6::bytea AS x, NULL::text AS z', params: [1, 2, 'hé', '3.5', 9007199254740993n, new Uint8Array([1, 255])] }],
    }));
    expect(r.kind).toBe('rows');
    if (r.kind !== 'rows') return;
    expect(r.columnNames).toEqual(['s', 't', 'n', 'b', 'x', 'z']);
    expect(r.columnTypes).toEqual(['fixed', 'text', 'fixed', 'fixed', 'binary', 'text']);
    // NUMERIC(10,2) keeps its scale; bigint beyond 2^53 stays exact; BINARY as hex.
    expect(rowsOf(r)).toEqual([['3', 'hé', '3.50', '9007199254740993', '01FF', null]]);
  });

  it('answers dates, timestamps, booleans, floats and JSON in Floe\'s encodings', async () => {
    const r = await engine.execute(plan({
      steps: [{ sql: "SELECT DATE '1970-01-02' AS d, TIMESTAMP '1970-01-01 00:00:01.5' AS ts, TIMESTAMPTZ '1970-01-01 01:00:00+01' AS tz, true AS ok, 0.5::float8 AS f, '{\"a\":1}'::jsonb AS j" }],
    }));
    if (r.kind !== 'rows') throw new Error(r.kind);
    expect(r.columnTypes).toEqual(['date', 'timestamp_ntz', 'timestamp_ltz', 'boolean', 'real', 'variant']);
    // Epoch days and seconds, as the SQL API sends them (the TIMESTAMPTZ is the epoch itself).
    expect(rowsOf(r)).toEqual([['1', '1.500000', '0.000000', 'true', '0.5', '{\n  "a": 1\n}']]);
  });

  it('runs the steps of a plan in order and reports the rows each changed', async () => {
    const r = await engine.execute(plan({
      output: 'changes', access: 'write',
      steps: [
        { sql: 'INSERT INTO kv VALUES ($1, $2), ($3, $4)', params: [1, 'a', 2, 'b'] },
        { sql: "UPDATE kv SET v = v || '!' WHERE k >= $1", params: [1] },
      ],
    }));
    expect(r).toEqual({ kind: 'changes', changes: 2, perStep: [2, 2] });
    expect(rowsOf(await engine.execute(plan({ steps: [{ sql: 'SELECT k, v FROM kv ORDER BY k' }] })))).toEqual([['1', 'a!'], ['2', 'b!']]);
  });

  it('commits a multi-step write all or nothing', async () => {
    const failed = engine.execute(plan({
      output: 'changes', access: 'write',
      steps: [
        { sql: "INSERT INTO kv VALUES (10, 'x')" },
        { sql: "INSERT INTO kv VALUES (11, 'y')" },
        { sql: "INSERT INTO kv VALUES (1, 'duplicate')" },
      ],
    }));
    expect(await failureOf(failed)).toMatchObject({ code: '100090', sqlState: '23505' });
    const c = await outside(url);
    try {
      expect((await c.query('SELECT count(*)::int AS n FROM kv WHERE k >= 10')).rows[0].n).toBe(0);
    } finally {
      await c.end();
    }
  });

  it('gives every plan its own pins on a shared connection, also when it skips setting them', async () => {
    const one = engineOn(url, 1);
    const read = async (sql: string, pins: { nowMs: number; timezone: string }) => rowsOf(await one.execute(plan({ steps: [{ sql }], pins: { seed: 1, ...pins } })))[0][0];
    const zone = "SELECT current_setting('TimeZone')";
    const now = "SELECT current_setting('floe.now_ms')";
    try {
      expect(await read(now, { nowMs: 1, timezone: 'UTC' })).toBe('1');
      expect(await read(zone, { nowMs: 2, timezone: 'America/New_York' })).toBe('America/New_York');
      expect(await read(zone, { nowMs: 3, timezone: 'America/New_York' })).toBe('America/New_York');
      expect(await read(now, { nowMs: 4, timezone: 'America/New_York' })).toBe('4');
      expect(await read(zone, { nowMs: 5, timezone: 'UTC' })).toBe('UTC');
      // A plan whose transaction rolls back undoes the zone it set: the next plan in that zone sets it again.
      const failing = one.execute(plan({
        output: 'changes', access: 'write', pins: { nowMs: 6, seed: 1, timezone: 'Asia/Tokyo' },
        steps: [{ sql: "INSERT INTO kv VALUES (20, 'x')" }, { sql: "INSERT INTO kv VALUES (20, 'again')" }],
      }));
      expect(await failureOf(failing)).toMatchObject({ sqlState: '23505' });
      expect(await read(zone, { nowMs: 7, timezone: 'Asia/Tokyo' })).toBe('Asia/Tokyo');
    } finally {
      await one.close();
    }
  });

  it('cuts a result at the row cap and at the byte cap', async () => {
    const capped = await engine.execute(plan({ limits: { maxRows: 10, maxBytes: 1e9, firstPartitionBytes: 1e6, partitionBytes: 1e6 }, steps: [{ sql: 'SELECT g FROM generate_series(1, 100000) g' }] }));
    expect(capped.kind === 'rows' && capped.numRows).toBe(10);
    const cut = await engine.execute(plan({ limits: { maxRows: 0, maxBytes: 1000, firstPartitionBytes: 1e6, partitionBytes: 1e6 }, steps: [{ sql: 'SELECT g FROM generate_series(1, 100000) g' }] }));
    if (cut.kind !== 'rows') throw new Error(cut.kind);
    expect(cut.truncated).toBe(true);
    expect(cut.numRows).toBeLessThan(1000);
  });

  it.each([['on the calling thread', 1, 0], ['on a read thread', 2, 1]])('stops a read at its full result without reading the rest, and its connection serves the next plans untouched by that stop (%s)', { timeout: 30_000 }, async (_, poolSize, readThreads) => {
    const one = engineOn(url, poolSize, readThreads);
    try {
      for (let i = 0; i < 3; i++) {
        // A read outside a transaction asks for all its rows at once: the engine cancels the rest
        // (reading 500M rows would outlast the test's timeout many times over; a set-returning
        // function in the select list streams, one in FROM would be materialized first).
        const capped = await one.execute(plan({ limits: { maxRows: 5, maxBytes: 1e9, firstPartitionBytes: 1e6, partitionBytes: 1e6 }, steps: [{ sql: 'SELECT generate_series(1, 500000000)' }] }));
        expect(capped.kind === 'rows' && capped.numRows).toBe(5);
        expect(rowsOf(await one.execute(plan({ steps: [{ sql: 'SELECT $1::int, pg_sleep(0.3)', params: [i] }] })))).toEqual([[String(i), '']]);
      }
      expect(one.readsOnThreads).toBe(readThreads === 0 ? 0 : 6);
    } finally {
      await one.close();
    }
  });

  it('runs single reads of stored tables outside a transaction on its read threads (their rows parsed and encoded off the calling thread), the rest where it is called', async () => {
    const before = engine.readsOnThreads;
    expect(rowsOf(await engine.execute(plan({ steps: [{ sql: 'SELECT $1::int + 1', params: [41] }] })))).toEqual([['42']]);
    expect(engine.readsOnThreads).toBe(before + 1);
    // A query without FROM (SELECT 1), several steps (one transaction), a write, and a read inside a session's transaction: here.
    expect(rowsOf(await engine.execute(plan({ rowSources: 0, steps: [{ sql: 'SELECT 1' }] })))).toEqual([['1']]);
    await engine.execute(plan({ steps: [{ sql: 'SET LOCAL work_mem = 8192' }, { sql: 'SELECT 1' }] }));
    await engine.execute(plan({ output: 'changes', access: 'write', steps: [{ sql: 'INSERT INTO kv VALUES (100, $1)', params: ['x'] }] }));
    await engine.execute(plan({ sessionId: 'tx', output: 'none', transaction: 'begin', steps: [] }));
    expect(rowsOf(await engine.execute(plan({ sessionId: 'tx', steps: [{ sql: 'SELECT v FROM kv WHERE k = 100' }] })))).toEqual([['x']]);
    await engine.execute(plan({ sessionId: 'tx', output: 'none', transaction: 'commit', steps: [] }));
    expect(engine.readsOnThreads).toBe(before + 1);
    // A server error on a read thread comes back mapped as one here would.
    expect((await failureOf(engine.execute(plan({ steps: [{ sql: 'SELECT 1/0' }] })))).code).toBe('100051');
    expect(engine.readsOnThreads).toBe(before + 2);
  });

  it('answers the empty result of a query with its columns', async () => {
    const r = await engine.execute(plan({ steps: [{ sql: 'SELECT k, v FROM kv WHERE false' }] }));
    if (r.kind !== 'rows') throw new Error(r.kind);
    expect(r.numRows).toBe(0);
    expect(r.columnNames).toEqual(['k', 'v']);
    expect(rowsOf(r)).toEqual([]);
  });

  it('explains a query as plan nodes and runs the later step', async () => {
    const r = await engine.execute(plan({ output: 'plan', steps: [{ sql: 'SELECT * FROM kv WHERE k = $1', params: [1] }, { sql: 'SELECT 42' }] }));
    if (r.kind !== 'plan') throw new Error(r.kind);
    expect(r.plan[0]).toMatchObject({ id: 1, parent: 0 });
    // In the words lib/sql/commands/explain.ts reads (lib/engine/postgres/plan.ts): a scan with its filter.
    expect(r.plan.map((n) => n.detail)).toContain('SCAN kv (k = 1)');
    expect(r.rows).toEqual([[42]]);
  });
});

describe('PostgresEngine: PostgreSQL errors in Snowflake\'s words', () => {
  const cases: [string, string, Partial<EngineFailure['error']>][] = [
    ['division by zero', 'SELECT 1 / 0', { code: '100051', sqlState: '22012', message: 'Division by zero' }],
    ['an undefined table', 'SELECT * FROM no_such_table', { code: '002003', sqlState: '42S02', message: "SQL compilation error:\nObject 'no_such_table' does not exist or not authorized." }],
    ['an undefined column', 'SELECT nope FROM kv', { code: '000904', message: "SQL compilation error: error line 1 at position 0\ninvalid identifier 'nope'" }],
    ['an unknown function', 'SELECT no_such_fn(1)', { code: '002139', message: 'SQL compilation error:\nUnknown function NO_SUCH_FN' }],
    ['a syntax error', 'SELECT FROM WHERE', { code: '001003', sqlState: '42000' }],
    ['a number that is not one', "SELECT 'abc'::int", { code: '100038', sqlState: '22018', message: "Numeric value 'abc' is not recognized" }],
    ['an integer overflow', 'SELECT 2147483647::int + 1', { code: '100046', sqlState: '22003' }],
    ['a NULL in a NOT NULL column', 'INSERT INTO kv VALUES (99, NULL)', { code: '100072', message: "NULL result in a non-nullable column 'v'" }],
    ['a subquery of several rows', 'SELECT (SELECT g FROM generate_series(1, 2) g)', { code: '090150', sqlState: '22000' }],
  ];
  it.each(cases)('maps %s', async (_what, sql, expected) => {
    expect(await failureOf(engine.execute(plan({ access: 'write', steps: [{ sql }] })))).toMatchObject(expected);
  });

  it('maps an error raised after some batches of rows, and the connection serves the next plan', async () => {
    const one = engineOn(url, 1);
    try {
      for (let i = 0; i < 3; i++) {
        const failing = one.execute(plan({ steps: [{ sql: 'SELECT 1 / (g - 12000) FROM generate_series(1, 20000) g' }] }));
        expect(await failureOf(failing)).toMatchObject({ code: '100051' });
        expect(rowsOf(await one.execute(plan({ steps: [{ sql: 'SELECT $1::int', params: [i] }] })))).toEqual([[String(i)]]);
      }
    } finally {
      await one.close();
    }
  });

  it('passes on the Snowflake error a Floe function raises (FLOE|code|state|message)', async () => {
    await engine.execute(plan({
      output: 'none', access: 'write',
      steps: [{ sql: "CREATE FUNCTION floe_fail() RETURNS int LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'FLOE|100035|22023|Invalid percentile value: 2, must be between 0 and 1'; END $$" }],
    }));
    expect(await failureOf(engine.execute(plan({ steps: [{ sql: 'SELECT floe_fail()' }] }))))
      .toEqual({ code: '100035', sqlState: '22023', message: 'Invalid percentile value: 2, must be between 0 and 1' });
  });

  it('answers an engine that cannot be reached with a clear error, not a crash', async () => {
    const gone = engineOn('postgres://postgres@127.0.0.1:1/nothing');
    try {
      expect(await failureOf(gone.execute(plan({ steps: [{ sql: 'SELECT 1' }] })))).toMatchObject({ code: '000603', message: expect.stringMatching(/PostgreSQL engine is unavailable/) });
    } finally {
      await gone.close();
    }
  });
});

describe('PostgresEngine: statement memory', () => {
  it('gives each connection a work_mem of a WORK_MEM_SHARES-th of the statement memory (FLOE_MAX_STATEMENT_MEMORY_BYTES)', async () => {
    const { PostgresEngine, WORK_MEM_SHARES } = await import('@/lib/engine/postgres/postgres-engine');
    const sized = new PostgresEngine({ url, poolSize: 1, statementMemoryBytes: 64 * 1024 * 1024 });
    try {
      expect((await sized.query('SHOW work_mem')).rows).toEqual([[`${64 / WORK_MEM_SHARES}MB`]]);
      // Without a budget the server's own setting stands.
      expect((await engine.query("SELECT source FROM pg_settings WHERE name = 'work_mem'")).rows).not.toEqual([['client']]);
      expect((await sized.query("SELECT source FROM pg_settings WHERE name = 'work_mem'")).rows).toEqual([['client']]);
    } finally {
      await sized.close();
    }
  });
});
