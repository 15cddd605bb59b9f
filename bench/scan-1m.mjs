// SELECT * over 1,000,000 rows × 5 columns, every partition fetched sequentially (no gzip), beside
// a raw in-process sql.js scan of the same table (step()/get() + JSON.stringify per row).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildScanTable, createBenchDb, fmt, mb, median, printTable, report, request, result, rssSampler, sqlOk, withServer, RAW_TABLE_SQL } from './lib.mjs';

const ROWS = 1_000_000;
const SCANS = 3;
const require = createRequire(import.meta.url);

/** Raw baseline in this process: same table, step()/get() and JSON.stringify of each row. */
async function rawBaseline() {
  const SQL = await require('sql.js')();
  const db = new SQL.Database();
  for (const s of RAW_TABLE_SQL) db.run(s);
  const scan = () => {
    const t0 = performance.now();
    const stmt = db.prepare('SELECT * FROM T');
    let rows = 0;
    let bytes = 0;
    while (stmt.step()) { bytes += JSON.stringify(stmt.get()).length + 1; rows++; }
    stmt.free();
    return { rows, bytes, ms: performance.now() - t0 };
  };
  scan(); // the first long statement in a fresh isolate runs on baseline wasm (engine-notes §1)
  const runs = [scan(), scan(), scan()];
  db.close();
  const ms = Math.min(...runs.map((r) => r.ms));
  return { rows: runs[0].rows, ms, medianMs: median(runs.map((r) => r.ms)), rowsPerS: runs[0].rows / (ms / 1000), mbPerS: mb(runs[0].bytes) / (ms / 1000) };
}

/** POST SELECT * (sync), then every further partition in order; validates the row count. */
export async function scanOnce(server) {
  const t0 = performance.now();
  const first = await sqlOk(server, 'SELECT * FROM T');
  const tFirst = performance.now();
  const answeredAt = Date.now();
  const { statementHandle: handle, resultSetMetaData: meta } = first.body;
  let bytes = first.bytes;
  const texts = [];
  for (let i = 1; i < meta.partitionInfo.length; i++) {
    const r = await request(server, 'GET', `/api/v2/statements/${handle}?partition=${i}`);
    if (r.status !== 200) throw new Error(`partition ${i}: HTTP ${r.status} ${r.text.slice(0, 200)}`);
    if (r.headers['content-encoding']) throw new Error(`partition ${i} came back ${r.headers['content-encoding']}`);
    bytes += r.bytes;
    texts.push(r.text);
  }
  const tAll = performance.now();
  // Partition 0 again, now that the statement is complete: a GET on a finished result.
  const again = await request(server, 'GET', `/api/v2/statements/${handle}`);
  const getP0Ms = performance.now() - tAll;
  let rows = first.body.data.length;
  for (const t of texts) rows += JSON.parse(t).data.length;
  if (rows !== ROWS || meta.numRows !== ROWS || again.status !== 200) throw new Error(`expected ${ROWS} rows, got ${rows} (numRows ${meta.numRows}, GET p0 ${again.status})`);
  const s = (tAll - t0) / 1000;
  // Completion as the server recorded it (endedOn in the statement registry of our data dir;
  // same machine, same clock) → the moment the POST answer with partition 0 had fully arrived.
  const ended = endedOn(server, handle);
  return { answerAfterDoneMs: ended === null ? NaN : answeredAt - ended, postMs: tFirst - t0, fetchMs: tAll - tFirst, totalS: s, rowsPerS: rows / s, mbPerS: mb(bytes) / s, bytes, partitions: meta.partitionInfo.length, getP0Ms };
}

function endedOn(server, handle) {
  try {
    const lines = fs.readFileSync(path.join(server.dataDir, 'statements', 'registry.jsonl'), 'utf8').split('\n');
    for (let i = lines.length - 1; i >= 0; i--) {
      if (!lines[i].includes(handle)) continue;
      const rec = JSON.parse(lines[i]);
      if (rec.handle === handle && rec.endedOn) return rec.endedOn;
    }
  } catch { /* layout changed: the figure is then shown as NaN */ }
  return null;
}

export async function run() {
  const raw = await rawBaseline();
  console.log(`scan-1m: raw sql.js in-process: ${raw.rows} rows in ${raw.ms.toFixed(0)} ms (best of 3 after a warm-up scan; median ${raw.medianMs.toFixed(0)} ms)`);
  return withServer(async (server) => {
    const rss = rssSampler(server.pid);
    await createBenchDb(server);
    const tb = performance.now();
    await buildScanTable(server, ROWS);
    const buildMs = performance.now() - tb;
    // Readers replay committed writes before they answer: the first read after the bulk load pays
    // for catching up. Timed separately, so that the scans below measure the scan itself.
    const tc = performance.now();
    await sqlOk(server, 'SELECT COUNT(*) FROM T');
    const catchUpMs = performance.now() - tc;
    const rssBuild = rss.peak;
    rss.reset();
    const scans = [];
    for (let i = 0; i < SCANS; i++) scans.push(await scanOnce(server));
    const rssScan = rss.stop();

    console.log(`table build (INSERT … SELECT, ${ROWS} rows): ${(buildMs / 1000).toFixed(1)} s, then first read (SELECT COUNT(*), reader catch-up): ${catchUpMs.toFixed(0)} ms`);
    console.log(`each scan: ${scans[0].partitions} partitions, ${mb(scans[0].bytes).toFixed(1)} MB of JSON over HTTP (no gzip)\n`);
    printTable(['scan', 'POST→200 (exec + p0) ms', 'answer after completion ms', 'partitions 1…N ms', 'total s', 'rows/s', 'MB/s', 'later GET p0 ms'],
      scans.map((s, i) => [`#${i + 1}`, s.postMs, s.answerAfterDoneMs, s.fetchMs, s.totalS, s.rowsPerS, s.mbPerS, s.getP0Ms]));
    console.log('answer after completion = POST answer (with partition 0) fully received − the statement\'s endedOn in the server\'s registry');
    console.log();
    // Best of the scans against best of the raw runs: the machine is shared, and noise only slows.
    const floeRate = Math.max(...scans.map((s) => s.rowsPerS));
    const p0 = median(scans.map((s) => s.answerAfterDoneMs));
    const peakGb = Math.max(rssBuild, rssScan) / 1024 ** 3;
    printTable(['figure', 'value'], [
      ['Floe rows/s, best scan (median)', `${fmt(floeRate)} (${fmt(median(scans.map((s) => s.rowsPerS)))})`],
      ['Floe MB/s, best scan (median)', `${fmt(Math.max(...scans.map((s) => s.mbPerS)))} (${fmt(median(scans.map((s) => s.mbPerS)))})`],
      ['raw sql.js rows/s, best run (step/get + JSON.stringify)', raw.rowsPerS],
      ['raw sql.js MB/s, best run (JSON text produced)', raw.mbPerS],
      ['server RSS peak, build + catch-up, MB', mb(rssBuild)],
      ['server RSS peak, scans, MB', mb(rssScan)],
    ]);
    const results = [
      result('scan-1m', 'rows/s vs raw sql.js', (floeRate / raw.rowsPerS) * 100, 40, '% of raw', { higherIsBetter: true, note: `best: ${Math.round(floeRate)} vs ${Math.round(raw.rowsPerS)} rows/s` }),
      result('scan-1m', 'server peak RSS (process group)', peakGb, 1, 'GB', { note: `build ${mb(rssBuild).toFixed(0)} MB, scans ${mb(rssScan).toFixed(0)} MB` }),
      result('scan-1m', 'first partition after completion', p0, 1000, 'ms', { note: `median; POST→200 incl. execution ${(median(scans.map((s) => s.postMs)) / 1000).toFixed(2)} s; later GET p0 ${median(scans.map((s) => s.getP0Ms)).toFixed(1)} ms` }),
    ];
    report(results);
    return results;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
