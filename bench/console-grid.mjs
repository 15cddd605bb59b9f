// The console's results grid with a 1,000,000-row × 3-column result in real Chromium
// (playwright-core, /usr/bin/chromium): the time from the server's answer to the first rows on
// screen, the page's JS heap after the first rows and after Ctrl+End (the last row), and the
// frame times while scrolling. The statement runs from the worksheet as a user would run it.
//
// Frame time: the target (p95 ≤ 16 ms) is a frame's *cost*, the main thread's busy time per frame
// (from a CDP trace), not the interval between animation frames. Headless Chromium paces frames
// at 60 Hz whatever the flags (--disable-frame-rate-limit and --disable-gpu-vsync change nothing
// there: frames with nothing to do still come 16.7 ms apart), so an interval is vsync-quantised:
// ~16.7 ms for any frame that fits the budget, 33 ms for one that does not. Its p95 can never be
// ≤ 16 ms, and it cannot tell 1 ms of work from 15. The cost can. Both are printed.
// The cost is the main thread's CPU time per frame; its elapsed (wall) busy time is printed
// beside it. On a quiet machine the two agree; on a shared one (2 cores, other processes) the
// wall time also counts the time the thread waited for a core, which is the machine's load, not
// the frame's work: at a load average of 13 it read p95 65 ms against a CPU p95 of 13.5 ms.
import crypto from 'node:crypto';
import { chromium } from 'playwright-core';
import { percentile, printTable, report, result, sqlOk, withServer } from './lib.mjs';

const ROWS = 1_000_000;
const PASSWORD = `pw_${crypto.randomBytes(9).toString('hex')}`;
const SCROLL_FRAMES = 300;

/** playwright.config.ts's flags (frame-rate flags would not unthrottle headless frames: see above). */
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run'];

async function heapMb(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  return metrics.find((m) => m.name === 'JSHeapUsedSize').value / 2 ** 20;
}

/** Cumulative main-thread times of the page (script, layout, style, all tasks), ms. */
async function busy(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const m = Object.fromEntries(metrics.map((x) => [x.name, x.value * 1000]));
  return { script: m.ScriptDuration, layout: m.LayoutDuration, style: m.RecalcStyleDuration, task: m.TaskDuration };
}
const perFrame = (a, b, n) => Object.fromEntries(Object.keys(a).map((k) => [k, (b[k] - a[k]) / n]));

/**
 * In the page: the intervals of `n` animation frames, each moving the grid down by `step` px.
 * Each frame marks the trace (`floe-frame`) so that frameCosts can tell the frames apart.
 */
const scrollFrames = (page, n, step) => page.evaluate(([count, px]) => new Promise((resolve) => {
  const el = document.querySelector('[data-testid="data-table"]');
  const out = [];
  let last = 0;
  let i = 0;
  const frame = (now) => {
    console.timeStamp('floe-frame');
    if (i > 0) out.push(now - last);
    last = now;
    if (i++ >= count) { resolve(out); return; }
    el.scrollTop += px;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}), [n, step]);

/** Records a CDP trace of the page's main thread (DevTools' timeline categories) while `fn` runs: [fn's value, the events]. */
async function traced(page, fn) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => { events.push(...e.value); });
  const complete = new Promise((resolve) => { cdp.once('Tracing.tracingComplete', resolve); });
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] } });
  try {
    return [await fn(), events];
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
  }
}

/**
 * The main-thread cost of each frame between consecutive `floe-frame` marks, ms: a frame starts
 * with the top-level task that runs its animation frame callback (which also styles, lays out
 * and paints), and costs every top-level task (RunTask) that starts before the next frame's:
 * scripts, fetch and worker messages, React renders, GC. `wall` is elapsed time, `cpu` the
 * thread's CPU time (lower when other processes on the machine took the core meanwhile).
 */
function frameCosts(events) {
  const marks = events.filter((e) => e.name === 'TimeStamp' && e.args?.data?.message === 'floe-frame').sort((a, b) => a.ts - b.ts);
  if (marks.length < 2) return [];
  const { pid, tid } = marks[0];
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === pid && e.tid === tid).sort((a, b) => a.ts - b.ts);
  const taskOf = (m) => tasks.findLast((t) => t.ts <= m.ts) ?? m;
  const starts = marks.map((m) => taskOf(m).ts);
  const out = [];
  for (let i = 0; i + 1 < starts.length; i++) {
    const inFrame = tasks.filter((t) => t.ts >= starts[i] && t.ts < starts[i + 1]);
    out.push({ wall: inFrame.reduce((n, t) => n + t.dur, 0) / 1000, cpu: inFrame.reduce((n, t) => n + (t.tdur ?? t.dur), 0) / 1000 });
  }
  return out;
}

/**
 * Where the main thread's time went in a traced phase: CPU self time (ms per frame) by trace event
 * name, largest first (`RunTask` self time is work no finer event names).
 */
function costBreakdown(events, frames, top = 6) {
  const mark = events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === 'floe-frame');
  if (!mark || !frames) return '';
  const spans = events.filter((e) => e.ph === 'X' && e.pid === mark.pid && e.tid === mark.tid && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = new Map();
  const stack = [];
  const add = (name, us) => self.set(name, (self.get(name) ?? 0) + us);
  for (const e of spans) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const cpu = e.tdur ?? e.dur;
    if (stack.length) add(stack.at(-1).name, -cpu); // a child's time is not its parent's self time
    add(e.name, cpu);
    stack.push(e);
  }
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, top).map(([n, us]) => `${n} ${(us / 1000 / frames).toFixed(1)}`).join(', ');
}

/** In the page: resolves with the time (performance.now) the selector's cell first shows a value, polled every frame. */
const waitCell = (page, selector) => page.evaluate((sel) => new Promise((resolve) => {
  const tick = () => {
    const el = document.querySelector(sel);
    if (el && el.textContent && el.textContent !== '…') resolve(performance.now());
    else requestAnimationFrame(tick);
  };
  tick();
}), selector);

/**
 * The promise's value, or an error naming what did not happen in time (a bench fails, never hangs).
 * The timer is cleared once settled: a pending one kept the process alive for minutes after the figures.
 */
function within(promise, ms, what) {
  let timer;
  const late = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`no ${what} in ${ms / 1000} s`)), ms); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export async function run() {
  return withServer(async (server) => {
    await sqlOk(server, 'CREATE DATABASE IF NOT EXISTS GRID', { database: null });
    await sqlOk(server, `CREATE OR REPLACE TABLE GRID.PUBLIC.BIG AS SELECT SEQ4() AS N, 'row-' || SEQ4() AS S,
      DATEADD(day, SEQ4() % 1000, '2020-01-01'::DATE) AS D FROM TABLE(GENERATOR(ROWCOUNT => ${ROWS}))`, { database: null });
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ARGS });
    try {
      const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
      // playwright-core waits forever by default: a step that cannot happen must fail the bench, not hang it.
      page.setDefaultTimeout(120_000);
      await page.goto(`${server.base}/`);
      await page.getByLabel('User').fill('ADMIN');
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByTestId('current-user').waitFor({ timeout: 60_000 });
      await page.locator('.monaco-editor .view-lines').first().click();
      await page.waitForFunction(() => 'floeEditor' in window, null, { timeout: 60_000 });
      await page.evaluate(() => { window.floeEditor.setValue('SELECT * FROM GRID.PUBLIC.BIG ORDER BY N'); window.floeEditor.focus(); });
      const heapBefore = await heapMb(page);

      const firstCell = '[data-testid="data-table"] [data-row="0"] [data-col="1"]';
      const visible = waitCell(page, firstCell);
      await page.keyboard.press('Control+Enter');
      const visibleAt = await within(visible, 300_000, 'the first rows');
      // The server's answer: the end of the last statement response (POST or poll) before the rows showed.
      const answeredAt = await page.evaluate((t) => Math.max(...performance.getEntriesByType('resource')
        .filter((e) => /\/api\/v2\/statements/.test(e.name) && !/partition=/.test(e.name) && e.responseEnd <= t).map((e) => e.responseEnd)), visibleAt);
      const firstRowsMs = visibleAt - answeredAt;
      const heapFirst = await heapMb(page);

      // Scroll frames: a wheel-like scroll (3 rows a frame) over loaded rows, then a fling (~70 rows
      // a frame) that crosses into partitions still to be fetched.
      // Each phase is traced on its own: its frames' costs come from its own marks.
      const [idle, idleTrace] = await traced(page, () => scrollFrames(page, 120, 0)); // the floor: frames with nothing to do
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      const b0 = await busy(cdp);
      const [wheel, wheelTrace] = await traced(page, () => scrollFrames(page, SCROLL_FRAMES, 84));
      const wheelBusy = perFrame(b0, await busy(cdp), SCROLL_FRAMES);
      const [fling, flingTrace] = await traced(page, () => scrollFrames(page, SCROLL_FRAMES, 2000));
      const frames = [...wheel, ...fling];
      const [idleCost, wheelCost, flingCost] = [idleTrace, wheelTrace, flingTrace].map(frameCosts);
      const costs = [...wheelCost, ...flingCost];
      const wall = costs.map((c) => c.wall);
      const cpu = costs.map((c) => c.cpu);

      // Ctrl+End from the first cell: the last row, loaded and shown.
      await page.evaluate(() => { document.querySelector('[data-testid="data-table"]').scrollTop = 0; });
      await page.locator(firstCell).click();
      const endShown = waitCell(page, `[data-testid="data-table"] [data-row="${ROWS - 1}"] [data-col="1"]`);
      const t0 = await page.evaluate(() => performance.now());
      await page.keyboard.press('Control+End');
      const endMs = (await within(endShown, 120_000, 'the last row after Ctrl+End')) - t0;
      const heapEnd = await heapMb(page);

      const f1 = (v) => v.toFixed(1);
      const pcts = (v) => `${f1(percentile(v, 50))} / ${f1(percentile(v, 95))} / ${f1(Math.max(...v))}`;
      const cpus = (c) => pcts(c.map((x) => x.cpu));
      const costP95 = percentile(cpu, 95);
      printTable(['figure', 'value'], [
        ['server answer → first rows visible, ms', firstRowsMs],
        ['Ctrl+End → last row visible, ms', endMs],
        ['JS heap before the run, MB', heapBefore],
        ['JS heap after first rows, MB', heapFirst],
        ['JS heap after Ctrl+End, MB', heapEnd],
        [`scroll frames (${costs.length}): main-thread cost (CPU time) p50 / p95 / max ms`, pcts(cpu)],
        ['  the same as elapsed busy time (wall, with the machine\'s load) p50 / p95 / max ms', pcts(wall)],
        ['  interval between frames (vsync-paced) p50 / p95 / max ms', pcts(frames)],
        ['  idle frames (no scrolling): cost / interval p50 / p95 / max ms', `${cpus(idleCost)}  |  ${pcts(idle)}`],
        ['  wheel (3 rows a frame): cost / interval p50 / p95 / max ms', `${cpus(wheelCost)}  |  ${pcts(wheel)}`],
        ['  wheel: main thread per frame: task / script / layout / style ms', `${f1(wheelBusy.task)} / ${f1(wheelBusy.script)} / ${f1(wheelBusy.layout)} / ${f1(wheelBusy.style)}`],
        ['  fling (~70 rows a frame, across partitions): cost / interval p50 / p95 / max ms', `${cpus(flingCost)}  |  ${pcts(fling)}`],
        ['  wheel: CPU self time by trace event, ms per frame', costBreakdown(wheelTrace, wheelCost.length)],
        ['  fling: CPU self time by trace event, ms per frame', costBreakdown(flingTrace, flingCost.length)],
      ]);
      const results = [
        result('console-grid', 'answer → first rows (1M rows)', firstRowsMs, 1000, 'ms'),
        result('console-grid', 'JS heap after first rows', heapFirst, 300, 'MB'),
        result('console-grid', 'JS heap after Ctrl+End', heapEnd, 300, 'MB', { note: `last row after ${endMs.toFixed(0)} ms` }),
        result('console-grid', 'scroll frame cost p95 (main-thread CPU)', costP95, 16, 'ms', {
          note: `max ${f1(Math.max(...cpu))}; wall p95 ${f1(percentile(wall, 95))}; frame interval p95 ${f1(percentile(frames, 95))} (60 Hz-paced); idle cost p50 ${f1(percentile(idleCost.map((x) => x.cpu), 50))}`,
        }),
      ];
      report(results);
      return results;
    } finally {
      await browser.close();
    }
  }, { env: { FLOE_ADMIN_PASSWORD: PASSWORD } });
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
