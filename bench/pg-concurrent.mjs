// 8 concurrent COUNT(DISTINCT) aggregations over 3M rows (bench/lib.mjs buildScanTable's table),
// each through the SQL API, on Floe over sql.js (the default) and on Floe over PostgreSQL
// (FLOE_ENGINE=postgres://…, issue 20): wall time from the 8 POSTs to the last answer.
// Target: PostgreSQL ≥ 1.5× faster than sql.js.
import pg from 'pg';
import { buildScanTable, createBenchDb, printTable, report, result, sqlOk, withPgServer, withServer } from './lib.mjs';

const ROWS = 3_000_000;
const CONCURRENT = 8;
const ROUNDS = 2;
// The k-th query differs by a constant, so that none is answered from another's work.
const query = (k) => `SELECT category, COUNT(DISTINCT customer) AS customers, COUNT(DISTINCT created) AS days,
  COUNT(DISTINCT id % ${1000 + k}) AS buckets, SUM(amount) AS total FROM T GROUP BY category ORDER BY category`;

async function prepare(server) {
  await createBenchDb(server);
  const t0 = performance.now();
  await buildScanTable(server, ROWS);
  const buildS = (performance.now() - t0) / 1000;
  if (server.pgUrl) {
    // As autovacuum would shortly after the bulk load: the figures should not depend on when it runs.
    const c = new pg.Client(server.pgUrl);
    await c.connect();
    await c.query('VACUUM ANALYZE');
    await c.end();
  }
  await sqlOk(server, 'SELECT COUNT(*) FROM T'); // sql.js: readers catch up with the load, not timed
  return buildS;
}

/** One round: the 8 aggregations at once; seconds until the last answer. */
async function round(server) {
  const t0 = performance.now();
  const answers = await Promise.all(Array.from({ length: CONCURRENT }, (_, k) => sqlOk(server, query(k), { maxWaitMs: 600_000 })));
  for (const a of answers) if (a.body.resultSetMetaData.numRows !== 100) throw new Error(`${a.body.resultSetMetaData.numRows} groups`);
  return (performance.now() - t0) / 1000;
}

export async function run() {
  // Both servers at once, their rounds taken in turn: a shared host's load changes by the minute.
  const { sqljs, pgRun } = await withPgServer((onPg) => withServer(async (onSqljs) => {
    const sqljs = { buildS: await prepare(onSqljs), rounds: [] };
    const pgRun = { buildS: await prepare(onPg), rounds: [] };
    for (let i = 0; i < ROUNDS; i++) {
      sqljs.rounds.push(await round(onSqljs));
      pgRun.rounds.push(await round(onPg));
    }
    for (const r of [sqljs, pgRun]) r.s = Math.min(...r.rounds);
    return { sqljs, pgRun };
  }));
  console.log(`pg-concurrent: ${CONCURRENT} concurrent 3×COUNT(DISTINCT) + SUM over ${ROWS.toLocaleString('en-US')} rows, 100 groups; best of ${ROUNDS} rounds, taken in turn\n`);
  printTable(['engine', 'table build s', 'rounds s', 'best s'], [
    ['sql.js', sqljs.buildS, sqljs.rounds.map((r) => r.toFixed(1)).join(', '), sqljs.s],
    ['PostgreSQL', pgRun.buildS, pgRun.rounds.map((r) => r.toFixed(1)).join(', '), pgRun.s],
  ]);
  const results = [result('pg-concurrent', `${CONCURRENT} concurrent COUNT(DISTINCT) over 3M rows: sql.js time / PostgreSQL time`, sqljs.s / pgRun.s, 1.5, '× faster',
    { higherIsBetter: true, note: `PostgreSQL ${pgRun.s.toFixed(1)} s vs sql.js ${sqljs.s.toFixed(1)} s` })];
  report(results);
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
