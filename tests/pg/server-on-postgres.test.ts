// The real server on the PostgreSQL engine (FLOE_ENGINE = a fresh database of the run's cluster),
// spoken to over the SQL API: boot and migrations, statements, transactions, async results in
// partitions, and a restart that keeps the data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClient } from '../http/client';
import { startServer, type FloeServer } from '../http/server-control';
import { freshDatabase, outside } from './cluster';

let server: FloeServer;
let url: string;
let c: ReturnType<typeof makeClient>;
const ctx = { database: 'PGDB', schema: 'PUBLIC' };
/** Nodes on PostgreSQL sign console sessions with a shared secret (required in that mode). */
const SECRET = 'pg-test-session-secret-0123456789abcdef';

beforeAll(async () => {
  url = await freshDatabase();
  server = await startServer({ env: { FLOE_ENGINE: url, NEXTAUTH_SECRET: SECRET } });
  c = makeClient({ url: server.url, token: server.token });
  await c.ok('CREATE DATABASE PGDB');
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

const rows = async (sql: string, o: Parameters<typeof c.ok>[1] = {}) => (await c.ok(sql, { ...ctx, ...o })).data;

describe('Floe on PostgreSQL', () => {
  it('initialises the database by its versioned migrations', async () => {
    const pg = await outside(url);
    try {
      const versions = (await pg.query('SELECT version FROM _floe_migrations ORDER BY version')).rows.map((r) => Number(r.version));
      expect(versions).toEqual([1, 2, 3]);
      const users = (await pg.query('SELECT name FROM _floe_users')).rows.map((r) => r.name);
      expect(users).toEqual(['ADMIN']);
    } finally {
      await pg.end();
    }
  });

  it('answers SELECT 1 and constants of each type', async () => {
    expect(await rows('SELECT 1')).toEqual([['1']]);
    const body = await c.ok("SELECT 1.50::NUMBER(10,2) AS n, 2.5::FLOAT AS f, 'x' AS s, TRUE AS b, NULL AS z", ctx);
    expect(body.data).toEqual([['1.50', '2.5', 'x', 'true', null]]);
    expect(body.resultSetMetaData!.rowType.map((r) => r.type)).toEqual(['fixed', 'real', 'text', 'boolean', 'text']);
  });

  it('creates, fills, reads, updates and deletes a table with bindings', async () => {
    await c.ok('CREATE TABLE items (id INT, name VARCHAR, price NUMBER(38,2), qty FLOAT)', ctx);
    const ins = await c.ok('INSERT INTO items VALUES (?, ?, ?, ?), (?, ?, ?, ?), (?, ?, ?, ?)', {
      ...ctx,
      bindings: {
        1: { type: 'FIXED', value: '1' }, 2: { type: 'TEXT', value: 'apple' }, 3: { type: 'FIXED', value: '0.10' }, 4: { type: 'REAL', value: '3' },
        5: { type: 'FIXED', value: '2' }, 6: { type: 'TEXT', value: 'pear' }, 7: { type: 'FIXED', value: '0.20' }, 8: { type: 'REAL', value: '1.5' },
        9: { type: 'FIXED', value: '3' }, 10: { type: 'TEXT', value: 'fig' }, 11: { type: 'FIXED', value: '12345678901234567890123456789012.34' }, 12: { type: 'REAL', value: '0' },
      },
    });
    expect(ins.data).toEqual([['3']]);
    expect(await rows('SELECT id, name, price FROM items ORDER BY id')).toEqual([
      ['1', 'apple', '0.10'], ['2', 'pear', '0.20'], ['3', 'fig', '12345678901234567890123456789012.34'],
    ]);
    expect((await c.ok("UPDATE items SET qty = qty + 1 WHERE name = 'pear'", ctx)).data).toEqual([['1', '0']]);
    expect((await c.ok('DELETE FROM items WHERE id = 3', ctx)).data).toEqual([['1']]);
    expect(await rows('SELECT id, qty FROM items ORDER BY id')).toEqual([['1', '3'], ['2', '2.5']]);
  });

  it('keeps NUMBER(38,2) arithmetic exact', async () => {
    expect(await rows('SELECT 0.10::NUMBER(38,2) + 0.20::NUMBER(38,2), 12345678901234567890123456789012.34::NUMBER(38,2) * 2')).toEqual([
      ['0.30', '24691357802469135780246913578024.68'],
    ]);
    expect(await rows('SELECT SUM(price) FROM items')).toEqual([['0.30']]);
  });

  it('aggregates with GROUP BY, joins, and window functions', async () => {
    await c.ok('CREATE TABLE sales (item_id INT, amount NUMBER(10,2))', ctx);
    await c.ok('INSERT INTO sales VALUES (1, 1.25), (1, 2.50), (2, 4.00)', ctx);
    expect(await rows('SELECT item_id, COUNT(*), SUM(amount), MIN(amount), MAX(amount) FROM sales GROUP BY item_id ORDER BY item_id')).toEqual([
      ['1', '2', '3.75', '1.25', '2.50'], ['2', '1', '4.00', '4.00', '4.00'],
    ]);
    expect(await rows('SELECT i.name, s.amount FROM items i JOIN sales s ON s.item_id = i.id ORDER BY s.amount')).toEqual([
      ['apple', '1.25'], ['apple', '2.50'], ['pear', '4.00'],
    ]);
    expect(await rows('SELECT item_id, amount, ROW_NUMBER() OVER (PARTITION BY item_id ORDER BY amount DESC), SUM(amount) OVER (PARTITION BY item_id) FROM sales ORDER BY item_id, amount')).toEqual([
      ['1', '1.25', '2', '3.75'], ['1', '2.50', '1', '3.75'], ['2', '4.00', '1', '4.00'],
    ]);
  });

  it('answers IFF and CASE, and a view over a table', async () => {
    expect(await rows("SELECT IFF(id < 2, 'small', 'big'), CASE WHEN id = 2 THEN 'two' END FROM items ORDER BY id")).toEqual([['small', null], ['big', 'two']]);
    await c.ok('CREATE VIEW cheap AS SELECT name FROM items WHERE price < 0.15', ctx);
    expect(await rows('SELECT * FROM cheap')).toEqual([['apple']]);
  });

  it('merges', async () => {
    await c.ok('CREATE TABLE target (k INT, v VARCHAR)', ctx);
    await c.ok("INSERT INTO target VALUES (1, 'a'), (2, 'b'), (3, 'c')", ctx);
    const m = await c.ok(`MERGE INTO target t USING (SELECT 1 AS k, 'A' AS v UNION ALL SELECT 3, 'gone' UNION ALL SELECT 4, 'd') s ON t.k = s.k
      WHEN MATCHED AND s.v = 'gone' THEN DELETE WHEN MATCHED THEN UPDATE SET v = s.v WHEN NOT MATCHED THEN INSERT (k, v) VALUES (s.k, s.v)`, ctx);
    expect(m.data).toEqual([['1', '1', '1']]);
    expect(await rows('SELECT k, v FROM target ORDER BY k')).toEqual([['1', 'A'], ['2', 'b'], ['4', 'd']]);
  });

  it('runs a multi-statement request with BEGIN … COMMIT, and a ROLLBACK undoes', async () => {
    await c.ok('CREATE TABLE tx (n INT)', ctx);
    const res = await c.exec('BEGIN; INSERT INTO tx VALUES (1); INSERT INTO tx VALUES (2); COMMIT; SELECT COUNT(*) FROM tx', { ...ctx, parameters: { MULTI_STATEMENT_COUNT: 5 } });
    expect(res.status).toBe(200);
    const handles = res.json!.statementHandles!;
    expect(handles).toHaveLength(5);
    expect((await c.getStatement(handles[4])).json!.data).toEqual([['2']]);
    await c.ok('BEGIN; INSERT INTO tx VALUES (3); ROLLBACK', { ...ctx, parameters: { MULTI_STATEMENT_COUNT: 3 } });
    expect(await rows('SELECT COUNT(*) FROM tx')).toEqual([['2']]);
  });

  it('returns a 200k-row async result in partitions', async () => {
    const sub = await c.submit('SELECT SEQ4() AS n, UNIFORM(1, 10, RANDOM()) AS r FROM TABLE(GENERATOR(ROWCOUNT => 200000))', { ...ctx, async: true });
    expect(sub.status).toBe(202);
    const done = await c.poll(sub.json!.statementHandle!, { pollTimeoutMs: 120_000 });
    expect(done.status).toBe(200);
    const meta = done.json!.resultSetMetaData!;
    expect(meta.numRows).toBe(200000);
    expect(meta.partitionInfo!.length).toBeGreaterThan(1);
    let total = done.json!.data!.length;
    let last = done.json!.data![done.json!.data!.length - 1];
    for (let p = 1; p < meta.partitionInfo!.length; p++) {
      const part = await c.getStatement(sub.json!.statementHandle!, { partition: p });
      expect(part.status).toBe(200);
      total += part.json!.data!.length;
      last = part.json!.data![part.json!.data!.length - 1];
    }
    expect(total).toBe(200000);
    expect(last[0]).toBe('199999');
  });

  it('cancels SYSTEM$WAIT, and a query running in PostgreSQL (its backend stops: reads go on)', async () => {
    const wait = await c.submit('SELECT SYSTEM$WAIT(60)', { ...ctx, async: true });
    const w = wait.json!.statementHandle!;
    const cw = await c.cancel(w);
    expect(cw.status).toBe(200);
    expect(cw.json).toMatchObject({ code: '000604', sqlState: '57014', statementHandle: w });
    expect((await c.poll(w)).json!.code).toBe('000604');

    const long = await c.submit('SELECT COUNT(*) FROM TABLE(GENERATOR(ROWCOUNT => 5000000000))', { ...ctx, async: true });
    expect(long.status).toBe(202);
    const h = long.json!.statementHandle!;
    const pg = await outside(url);
    const running = async () => (await pg.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE query ILIKE '%generate_series%' AND state = 'active' AND pid <> pg_backend_pid()")).rows[0].n as number;
    try {
      // Running in a backend of its own before it is cancelled.
      let seen = 0;
      for (let i = 0; i < 100 && seen === 0; i++) {
        seen = await running();
        if (seen === 0) await new Promise((r) => setTimeout(r, 100));
      }
      expect(seen).toBe(1);
      expect((await c.cancel(h)).status).toBe(200);
      expect((await c.poll(h, { pollTimeoutMs: 10_000 })).json!.code).toBe('000604');
      // The backend stops once PostgreSQL handles the cancel (the statement is reported cancelled at once).
      for (let i = 0; i < 50 && seen > 0; i++) {
        seen = await running();
        if (seen > 0) await new Promise((r) => setTimeout(r, 100));
      }
      expect(seen).toBe(0);
    } finally {
      await pg.end();
    }
    expect(await rows('SELECT 2')).toEqual([['2']]);
  });

  it('stops a statement at its timeout (000630), in PostgreSQL', async () => {
    const res = await c.submit('SELECT COUNT(*) FROM TABLE(GENERATOR(ROWCOUNT => 5000000000))', { ...ctx, timeout: 2 });
    expect(res.status).toBe(408);
    const after = await c.poll(res.json!.statementHandle!, { pollTimeoutMs: 10_000 });
    expect(after.json).toMatchObject({ code: '000630', sqlState: '57014' });
  });

  it('keeps its data across a restart', async () => {
    await server.stop();
    server = await startServer({ dataDir: server.dataDir, env: { FLOE_ENGINE: url, NEXTAUTH_SECRET: SECRET } });
    c = makeClient({ url: server.url, token: server.token });
    expect(await rows('SELECT id, name FROM items ORDER BY id')).toEqual([['1', 'apple'], ['2', 'pear']]);
    const pg = await outside(url);
    try {
      expect((await pg.query('SELECT count(*)::int AS n FROM _floe_migrations')).rows[0].n).toBe(3);
    } finally {
      await pg.end();
    }
  }, 240_000);

  it.each([
    ['_floe_migrations', "INSERT INTO _floe_migrations (version, what, applied_on) VALUES (999, 'of a newer Floe', 0)", /The PostgreSQL database's schema \(_floe_migrations\) was migrated by a newer Floe \(version 999; this Floe knows versions up to 3\)/],
    ['floe_state.migrations', 'INSERT INTO floe_state.migrations (version) VALUES (999)', /The PostgreSQL database's shared state \(floe_state\.migrations\) was migrated by a newer Floe \(version 999; this Floe knows versions up to \d+\)/],
  ])('refuses to start on a database a newer Floe migrated (%s), and changes nothing', async (_table, newer, message) => {
    await server.stop();
    const pg = await outside(url);
    const state = async () => (await pg.query(`SELECT (SELECT json_agg(version ORDER BY version) FROM _floe_migrations) AS engine,
      (SELECT json_agg(version ORDER BY version) FROM floe_state.migrations) AS shared,
      (SELECT value FROM _floe_meta WHERE key = 'pg_function_library') AS library,
      (SELECT count(*)::int FROM pg_proc WHERE pronamespace = 'floe'::regnamespace) AS functions`)).rows[0];
    try {
      await pg.query(newer);
      // What a newer release's library would look like: this Floe must not put its own back.
      await pg.query("UPDATE _floe_meta SET value = 'newer-library' WHERE key = 'pg_function_library'");
      const before = await state();
      const err = await startServer({ dataDir: server.dataDir, env: { FLOE_ENGINE: url, NEXTAUTH_SECRET: SECRET } }).then(() => null, (e: Error) => e);
      expect(err?.message).toMatch(/start\.mjs exited \(\{"code":1,/);
      const log = (await import('node:fs')).readFileSync(err!.message.match(/Log (\S+),/)![1], 'utf8');
      expect(log).toMatch(new RegExp(`Floe cannot start: ${message.source}: start that release of Floe or a later one\\. Nothing was changed\\.`));
      expect(log).not.toMatch(/\n\s+at /); // the reason, not a stack
      expect(await state()).toEqual(before);
      await pg.query(newer.startsWith('INSERT INTO _floe') ? 'DELETE FROM _floe_migrations WHERE version = 999' : 'DELETE FROM floe_state.migrations WHERE version = 999');
    } finally {
      await pg.end();
    }
    // Back to its own versions: it starts, and installs its own library again.
    server = await startServer({ dataDir: server.dataDir, env: { FLOE_ENGINE: url, NEXTAUTH_SECRET: SECRET } });
    c = makeClient({ url: server.url, token: server.token });
    expect(await rows('SELECT id, name FROM items ORDER BY id')).toEqual([['1', 'apple'], ['2', 'pear']]);
  }, 240_000);
});
