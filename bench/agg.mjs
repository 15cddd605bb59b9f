// A 1M-row aggregation using five Snowflake functions (COUNT_IF, SUM, AVG, APPROX_COUNT_DISTINCT,
// BOOLOR_AGG) through the SQL API, beside the same aggregation written directly for SQLite on a raw
// in-process sql.js database. Target (issue #4): Floe ≤ 1.5× the raw time.
import { createRequire } from 'node:module';
import { buildScanTable, createBenchDb, fmt, printTable, report, result, sqlOk, withServer, RAW_TABLE_SQL } from './lib.mjs';

const ROWS = 1_000_000;
const RUNS = 3;
const require = createRequire(import.meta.url);

export const FLOE_SQL = `SELECT category, COUNT_IF(amount > 100000) AS big, SUM(amount) AS total, AVG(id) AS mean_id,
  APPROX_COUNT_DISTINCT(customer) AS customers, BOOLOR_AGG(id % 1000 = 0) AS round_id
FROM T GROUP BY category ORDER BY category`;
const RAW_SQL = `SELECT category, COUNT(NULLIF(amount > 100000, 0)) AS big, SUM(amount) AS total, AVG(id) AS mean_id,
  COUNT(DISTINCT customer) AS customers, MAX(id % 1000 = 0) AS round_id
FROM T GROUP BY category ORDER BY category`;

async function rawBaseline() {
  const SQL = await require('sql.js')();
  const db = new SQL.Database();
  for (const s of RAW_TABLE_SQL) db.run(s);
  const once = () => {
    const t0 = performance.now();
    const r = db.exec(RAW_SQL);
    return { ms: performance.now() - t0, rows: r[0].values.length };
  };
  once(); // warm-up: the first long statement in a fresh isolate runs on baseline wasm
  const runs = Array.from({ length: RUNS }, once);
  db.close();
  return { ms: Math.min(...runs.map((r) => r.ms)), rows: runs[0].rows };
}

export async function run() {
  const raw = await rawBaseline();
  console.log(`agg: raw sql.js in-process: ${raw.rows} groups in ${raw.ms.toFixed(0)} ms (best of ${RUNS} after a warm-up)`);
  return withServer(async (server) => {
    await createBenchDb(server);
    await buildScanTable(server, ROWS);
    await sqlOk(server, 'SELECT COUNT(*) FROM T'); // reader catch-up after the bulk load, not timed
    await sqlOk(server, FLOE_SQL); // warm-up, as for the raw run
    const times = [];
    let groups = 0;
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const r = await sqlOk(server, FLOE_SQL);
      times.push(performance.now() - t0);
      groups = r.body.resultSetMetaData.numRows;
    }
    if (groups !== raw.rows) throw new Error(`Floe returned ${groups} groups, raw sql.js ${raw.rows}`);
    const floeMs = Math.min(...times);
    printTable(['figure', 'value'], [
      ['Floe through the API, best of 3 (ms)', floeMs],
      ['raw sql.js, best of 3 (ms)', raw.ms],
      ['Floe / raw', fmt(floeMs / raw.ms)],
    ]);
    const results = [result('agg', '1M-row aggregation, Floe time / raw sql.js time', floeMs / raw.ms, 1.5, '×', { note: `${floeMs.toFixed(0)} ms vs ${raw.ms.toFixed(0)} ms` })];
    report(results);
    return results;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
