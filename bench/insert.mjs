// 200 sequential single-row INSERTs into a table that has been grown to ~50 MB (1M rows).
import { buildScanTable, createBenchDb, percentile, printTable, report, result, sqlOk, withServer } from './lib.mjs';

const COUNT = 200;

export async function run() {
  return withServer(async (server) => {
    await createBenchDb(server);
    const tb = performance.now();
    await buildScanTable(server, 1_000_000);
    const buildS = (performance.now() - tb) / 1000;
    const lat = [];
    for (let i = 0; i < COUNT; i++) {
      const t0 = performance.now();
      await sqlOk(server, `INSERT INTO T VALUES (${2_000_000 + i}, 'bench_${i}', ${i}.5, ${i % 100}, '2025-06-01 00:00:00')`);
      lat.push(performance.now() - t0);
    }
    const check = await sqlOk(server, 'SELECT COUNT(*) FROM T WHERE id >= 2000000');
    if (Number(check.body.data[0][0]) !== COUNT) throw new Error(`expected ${COUNT} inserted rows, found ${check.body.data[0][0]}`);
    console.log(`insert: table T grown to 1,000,000 rows (~56 MB image) in ${buildS.toFixed(1)} s, then ${COUNT} sequential single-row INSERT … VALUES\n`);
    printTable(['figure', 'ms'], [
      ['p50', percentile(lat, 50)], ['p90', percentile(lat, 90)], ['p99', percentile(lat, 99)], ['max', Math.max(...lat)],
      ['first insert', lat[0]], ['mean', lat.reduce((a, b) => a + b, 0) / lat.length],
    ]);
    const results = [
      result('insert', 'single-row INSERT p50', percentile(lat, 50), 25, 'ms', { note: `p99 ${percentile(lat, 99).toFixed(1)} ms, max ${Math.max(...lat).toFixed(1)} ms` }),
    ];
    report(results);
    return results;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
