// bench/agg.mjs's 1M-row aggregation through Floe on PostgreSQL (FLOE_ENGINE=postgres://…,
// issue 20), with `amount` FLOAT and NUMBER(12,2), beside the same aggregation written for PostgreSQL
// and sent by a bare `pg` client to a table built by the same DDL in another database of the same
// throw-away cluster. Target: Floe ≤ 1.5× raw PostgreSQL.
import pg from 'pg';
import { FLOE_SQL } from './agg.mjs';
import { buildScanTable, createBenchDb, printTable, report, result, sqlOk, withPgServer } from './lib.mjs';

const ROWS = 1_000_000;
const RUNS = 5;
// Snowflake's COUNT_IF / APPROX_COUNT_DISTINCT / BOOLOR_AGG as PostgreSQL spells them.
const RAW_SQL = `SELECT category, COUNT(*) FILTER (WHERE amount > 100000) AS big, SUM(amount) AS total, AVG(id) AS mean_id,
  COUNT(DISTINCT customer) AS customers, bool_or(id % 1000 = 0) AS round_id
FROM T GROUP BY category ORDER BY category`;
const AMOUNTS = ['FLOAT', 'NUMBER(12,2)'];

/**
 * The rows of bench/lib.mjs buildScanTable in database `raw`: T by the same DDL (PostgreSQL's INT,
 * NUMBER spelled NUMERIC) and TN with Floe's storage types (Snowflake's INT is NUMBER(38,0):
 * numeric), which tells what the types cost from what Floe itself adds.
 */
async function rawTables(client, amountType) {
  await client.query('DROP TABLE IF EXISTS T, TN, D');
  await client.query('CREATE TABLE D (N INT)');
  await client.query('INSERT INTO D SELECT generate_series(0, 999)');
  const amount = amountType.replace('NUMBER', 'NUMERIC');
  for (const [name, int] of [['T', 'INT'], ['TN', 'NUMERIC']]) {
    await client.query(`CREATE TABLE ${name} (id ${int}, customer VARCHAR, amount ${amount}, category ${int}, created VARCHAR)`);
    await client.query(`INSERT INTO ${name} SELECT a.N * 1000 + b.N + 1, 'customer_' || (b.N * 7919 % 10007), (a.N * 1000 + b.N) * 0.37 + 1.25, b.N % 100,
      '2024-01-' || (10 + a.N % 20) || ' 12:34:56' FROM D a, D b`);
    await client.query(`VACUUM ANALYZE ${name}`);
  }
}

/** Best of RUNS for each of `fns` after a warm-up of each, the runs interleaved so that all see the same load. */
async function timed(fns) {
  for (const fn of fns) await fn(); // warm-up: the table into shared buffers / the OS cache
  const best = fns.map(() => ({ ms: Infinity, rows: 0 }));
  for (let i = 0; i < RUNS; i++) {
    for (let k = 0; k < fns.length; k++) {
      const t0 = performance.now();
      best[k].rows = await fns[k]();
      best[k].ms = Math.min(best[k].ms, performance.now() - t0);
    }
  }
  return best;
}

export async function run() {
  return withPgServer(async (server, cluster) => {
    const admin = new pg.Client(cluster.adminUrl);
    await admin.connect();
    await admin.query('CREATE DATABASE raw');
    await admin.end();
    const raw = new pg.Client(cluster.adminUrl.replace(/\/postgres$/, '/raw'));
    await raw.connect();
    // Floe's own tables, analysed as autovacuum would shortly after the bulk load (the figures should not depend on when it runs).
    const floeDb = new pg.Client(server.pgUrl);
    await floeDb.connect();
    await createBenchDb(server);
    const rows = [];
    const results = [];
    try {
      for (const amountType of AMOUNTS) {
        await rawTables(raw, amountType);
        await buildScanTable(server, ROWS, { amountType });
        await floeDb.query('VACUUM ANALYZE');
        const [r, f, n] = await timed([
          async () => (await raw.query(RAW_SQL)).rowCount,
          async () => (await sqlOk(server, FLOE_SQL)).body.resultSetMetaData.numRows,
          async () => (await raw.query(RAW_SQL.replace('FROM T', 'FROM TN'))).rowCount,
        ]);
        if (f.rows !== r.rows) throw new Error(`Floe returned ${f.rows} groups, raw PostgreSQL ${r.rows}`);
        rows.push([amountType, f.rows, f.ms, r.ms, (f.ms / r.ms).toFixed(2), n.ms, (f.ms / n.ms).toFixed(2)]);
        results.push(result('pg-agg', `1M-row aggregation, amount ${amountType}: Floe on PostgreSQL / raw PostgreSQL`, f.ms / r.ms, 1.5, '×',
          { note: `${f.ms.toFixed(0)} ms vs ${r.ms.toFixed(0)} ms; raw on Floe's storage types ${n.ms.toFixed(0)} ms` }));
      }
    } finally {
      await raw.end();
      await floeDb.end();
    }
    console.log(`pg-agg: ${ROWS} rows; best of ${RUNS} after a warm-up, raw and Floe runs interleaved; both tables VACUUM ANALYZEd\n`);
    printTable(['amount', 'groups', 'Floe through the API ms', 'raw PostgreSQL (pg client) ms', 'Floe / raw', 'raw, INT as numeric ms', 'Floe / that'], rows);
    console.log('raw, INT as numeric: the raw query over a table with Floe\'s storage types (Snowflake\'s INT is NUMBER(38,0), numeric on PostgreSQL)');
    report(results);
    return results;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
