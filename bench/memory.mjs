// Memory against database size: peak RSS of the server's process group while 8 full-table reads
// run at once, for a database of ~50 MB and one of ~200 MB (each replica — the writer and every
// reader the reads start — holds a whole copy). Also the same figure while one statement runs
// into FLOE_MAX_STATEMENT_MEMORY_BYTES (a LISTAGG that collects ~200 MB), which used to take the
// process to 6.4 GB. Figures only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBenchDb, mb, printTable, report, result, rssSampler, sql, sqlOk, waitForCheckpoint, withServer } from './lib.mjs';

const SIZES_MB = [50, 200];
const CONCURRENT = 8;
const ROUNDS = 3;
/** Rows of ~250 bytes in SQLite's file (an integer and 200 characters, plus the record's overhead). */
const BYTES_PER_ROW = 250;
const BLOCK = 100_000;
const READ = "SELECT COUNT(*), SUM(LENGTH(PAD)), MAX(ID) FROM M WHERE PAD LIKE '%7x%'";
const HUGE = "SELECT LENGTH(LISTAGG(RPAD(TO_VARCHAR(SEQ4()), 100, 'y'), ',')) FROM TABLE(GENERATOR(ROWCOUNT => 2000000))";

function imageBytes(server) {
  const dir = path.join(server.dataDir, 'engine');
  const images = fs.readdirSync(dir).filter((f) => /^image-\d+\.sqlite$/.test(f)).sort();
  return images.length ? fs.statSync(path.join(dir, images[images.length - 1])).size : 0;
}

async function build(server, targetMb) {
  await createBenchDb(server);
  await sqlOk(server, 'CREATE OR REPLACE TABLE M (ID INT, PAD VARCHAR)');
  const rows = Math.round((targetMb * 1024 * 1024) / BYTES_PER_ROW);
  for (let done = 0; done < rows; done += BLOCK) {
    const n = Math.min(BLOCK, rows - done);
    await sqlOk(server, `INSERT INTO M SELECT ${done} + SEQ4(), RPAD(TO_VARCHAR(${done} + SEQ4()), 200, 'x') FROM TABLE(GENERATOR(ROWCOUNT => ${n}))`);
  }
  if (!(await waitForCheckpoint(server, 120_000))) console.log('(no checkpoint image within 120 s after the load)');
  return rows;
}

async function measure(targetMb) {
  return withServer(async (server) => {
    const rows = await build(server, targetMb);
    const dbBytes = imageBytes(server);
    await sqlOk(server, READ); // a reader catches up with the load, not measured
    await new Promise((r) => setTimeout(r, 1000));
    const rss = rssSampler(server.pid, 50);
    const idle = rss.base;
    for (let round = 0; round < ROUNDS; round++) {
      const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => sqlOk(server, READ)));
      const counts = new Set(answers.map((a) => a.body.data[0][0]));
      if (counts.size !== 1) throw new Error(`concurrent reads disagree: ${[...counts].join(', ')}`);
    }
    const readsPeak = rss.peak;
    rss.reset();
    const huge = await sql(server, HUGE, { maxWaitMs: 600_000 });
    const hugePeak = rss.stop();
    const hugeOutcome = huge.status === 200 ? 'answered' : `${huge.status} ${huge.body?.code}`;
    return { targetMb, rows, dbMb: mb(dbBytes), idleMb: mb(idle), readsPeakMb: mb(readsPeak), hugePeakMb: mb(hugePeak), hugeOutcome };
  });
}

export async function run() {
  console.log(`memory: ${CONCURRENT} concurrent full-table reads × ${ROUNDS} rounds per database size; FLOE_MAX_READERS ${process.env.FLOE_MAX_READERS ?? `default (${Math.max(2, 2 * os.cpus().length)})`}`);
  const rows = [];
  for (const size of SIZES_MB) rows.push(await measure(size));
  console.log();
  printTable(['database', 'rows', 'image MB', 'idle RSS MB', `peak RSS, ${CONCURRENT} reads, MB`, 'peak / image', 'peak RSS, ~200 MB LISTAGG, MB', 'LISTAGG'],
    rows.map((r) => [`~${r.targetMb} MB`, r.rows, r.dbMb, r.idleMb, r.readsPeakMb, (r.readsPeakMb / r.dbMb).toFixed(1), r.hugePeakMb, r.hugeOutcome]));
  const big = rows[rows.length - 1];
  const small = rows[0];
  const perMb = (big.readsPeakMb - small.readsPeakMb) / (big.dbMb - small.dbMb);
  console.log(`\nRSS grows by ${perMb.toFixed(1)} MB per MB of database under ${CONCURRENT} concurrent reads (the writer and each reader hold a copy).`);
  const results = [
    result('memory', `peak RSS, ${CONCURRENT} reads, ~${big.targetMb} MB database`, big.readsPeakMb / 1024, 4, 'GB', { note: `image ${big.dbMb.toFixed(0)} MB, idle ${big.idleMb.toFixed(0)} MB; ~${small.targetMb} MB database: ${small.readsPeakMb.toFixed(0)} MB` }),
    result('memory', 'peak RSS, one ~200 MB LISTAGG', Math.max(...rows.map((r) => r.hugePeakMb)) / 1024, 4, 'GB', { note: `${big.hugeOutcome}; was 6.4 GB before the statement memory limit` }),
  ];
  report(results);
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
