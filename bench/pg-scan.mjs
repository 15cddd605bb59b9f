// 1M rows × 5 columns through result partitions (SELECT * submitted, then every partition fetched
// in order; bench/scan-1m.mjs's scanOnce) on Floe over PostgreSQL (FLOE_ENGINE=postgres://…, issue
// 20) beside Floe over sql.js, each with its own fresh server. Target: PostgreSQL ≥ 50 % of
// sql.js's rows/s (the rows leave Floe the same way; PostgreSQL adds the wire and the parse).
import { scanOnce } from './scan-1m.mjs';
import { buildScanTable, createBenchDb, fmt, printTable, probed, probeFigures, report, result, sqlOk, withPgServer, withServer } from './lib.mjs';

const ROWS = 1_000_000;
const SCANS = 3;

async function prepare(server) {
  await createBenchDb(server);
  await buildScanTable(server, ROWS);
  await sqlOk(server, 'SELECT COUNT(*) FROM T'); // sql.js: readers catch up with the load, not timed
}

const best = (scans) => ({ ...scans.reduce((a, b) => (b.rowsPerS > a.rowsPerS ? b : a)), all: scans.map((s) => s.rowsPerS) });

export async function run() {
  // Both servers at once, their scans taken in turn: a shared host's load changes by the minute.
  const { pgRun, sqljs, probes } = await withPgServer((onPg) => withServer(async (onSqljs) => {
    await prepare(onPg);
    await prepare(onSqljs);
    const scans = { pg: [], sqljs: [] };
    for (let i = 0; i < SCANS; i++) {
      scans.pg.push(await scanOnce(onPg));
      scans.sqljs.push(await scanOnce(onSqljs));
    }
    // Then one more scan each with probes looping beside it: how long reading the rows (parsed and
    // encoded on the engines' read threads, the rest on the request thread) holds the thread every
    // other request needs.
    const probes = { pg: await probed(onPg, () => scanOnce(onPg)), sqljs: await probed(onSqljs, () => scanOnce(onSqljs)) };
    return { pgRun: best(scans.pg), sqljs: best(scans.sqljs), probes };
  }));
  console.log(`pg-scan: SELECT * over ${ROWS.toLocaleString('en-US')} rows, then every partition (no gzip); best of ${SCANS} scans per engine, taken in turn\n`);
  printTable(['engine', 'partitions', 'MB', 'POST→200 ms', 'partitions 1…N ms', 'rows/s (all scans)', 'MB/s'], [pgRun, sqljs].map((s, i) => [
    i === 0 ? 'PostgreSQL' : 'sql.js', s.partitions, s.bytes / 1048576, s.postMs, s.fetchMs, s.all.map((r) => fmt(r)).join(', '), s.mbPerS,
  ]));
  console.log();
  const rows = [];
  for (const [engine, p] of [['PostgreSQL', probes.pg], ['sql.js', probes.sqljs]]) {
    for (const which of ['healthz', 'select1']) {
      const f = probeFigures(p[which]);
      rows.push([engine, which === 'healthz' ? 'GET /healthz' : 'POST SELECT 1', f.n, f.errors, f.p50, f.p99, f.max, which === 'healthz' ? p.blockedMs : '']);
    }
  }
  printTable(['while a scan runs on', 'probe', 'requests', 'errors', 'p50 ms', 'p99 ms', 'max ms', 'loop blocked ms'], rows);
  const pgHealthz = probeFigures(probes.pg.healthz);
  const results = [
    result('pg-scan', '1M rows through partitions on PostgreSQL, vs sql.js', (pgRun.rowsPerS / sqljs.rowsPerS) * 100, 50, '% of sql.js',
      { higherIsBetter: true, note: `${Math.round(pgRun.rowsPerS)} vs ${Math.round(sqljs.rowsPerS)} rows/s` }),
    // As compile-load's bound for a big statement's compile: nobody waits long on someone else's rows.
    result('pg-scan', '/healthz max while a 1M-row scan runs on PostgreSQL', pgHealthz.max, 100, 'ms',
      { note: `p99 ${pgHealthz.p99.toFixed(1)} ms (sql.js ${probeFigures(probes.sqljs.healthz).p99.toFixed(1)}); loop blocked ≤ ${probes.pg.blockedMs.toFixed(0)} ms` }),
  ];
  report(results);
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
