// The console's results grid with a 1,000,000-row × 3-column result in real Chromium
// (playwright-core, /usr/bin/chromium): the time from the server's answer to the first rows on
// screen, the page's JS heap after the first rows and after Ctrl+End (the last row), and the
// frame times while scrolling. The statement runs from the worksheet as a user would run it.
import crypto from 'node:crypto';
import { chromium } from 'playwright-core';
import { percentile, printTable, report, result, sqlOk, withServer } from './lib.mjs';

const ROWS = 1_000_000;
const PASSWORD = `pw_${crypto.randomBytes(9).toString('hex')}`;
const SCROLL_FRAMES = 300;

/** playwright.config.ts's flags, plus an unthrottled frame rate so that a frame's interval is its own cost, not the 60 Hz vsync. */
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-frame-rate-limit', '--disable-gpu-vsync'];

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

/** In the page: the intervals of `n` animation frames, each moving the grid down by `step` px. */
const scrollFrames = (page, n, step) => page.evaluate(([count, px]) => new Promise((resolve) => {
  const el = document.querySelector('[data-testid="data-table"]');
  const out = [];
  let last = 0;
  let i = 0;
  const frame = (now) => {
    if (i > 0) out.push(now - last);
    last = now;
    if (i++ >= count) { resolve(out); return; }
    el.scrollTop += px;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}), [n, step]);

/** In the page: resolves with the time (performance.now) the selector's cell first shows a value, polled every frame. */
const waitCell = (page, selector) => page.evaluate((sel) => new Promise((resolve) => {
  const tick = () => {
    const el = document.querySelector(sel);
    if (el && el.textContent && el.textContent !== '…') resolve(performance.now());
    else requestAnimationFrame(tick);
  };
  tick();
}), selector);

/** The promise's value, or an error naming what did not happen in time (a bench fails, never hangs). */
const within = (promise, ms, what) =>
  Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error(`no ${what} in ${ms / 1000} s`)), ms))]);

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
      const idle = await scrollFrames(page, 120, 0); // the floor: frames with nothing to do
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      const b0 = await busy(cdp);
      const wheel = await scrollFrames(page, SCROLL_FRAMES, 84);
      const wheelBusy = perFrame(b0, await busy(cdp), SCROLL_FRAMES);
      const fling = await scrollFrames(page, SCROLL_FRAMES, 2000);
      const frames = [...wheel, ...fling];

      // Ctrl+End from the first cell: the last row, loaded and shown.
      await page.evaluate(() => { document.querySelector('[data-testid="data-table"]').scrollTop = 0; });
      await page.locator(firstCell).click();
      const endShown = waitCell(page, `[data-testid="data-table"] [data-row="${ROWS - 1}"] [data-col="1"]`);
      const t0 = await page.evaluate(() => performance.now());
      await page.keyboard.press('Control+End');
      const endMs = (await within(endShown, 120_000, 'the last row after Ctrl+End')) - t0;
      const heapEnd = await heapMb(page);

      const p50 = percentile(frames, 50);
      const p95 = percentile(frames, 95);
      const worst = Math.max(...frames);
      printTable(['figure', 'value'], [
        ['server answer → first rows visible, ms', firstRowsMs],
        ['Ctrl+End → last row visible, ms', endMs],
        ['JS heap before the run, MB', heapBefore],
        ['JS heap after first rows, MB', heapFirst],
        ['JS heap after Ctrl+End, MB', heapEnd],
        [`scroll frames (${frames.length}), p50 / p95 / max ms`, `${p50.toFixed(1)} / ${p95.toFixed(1)} / ${worst.toFixed(1)}`],
        ['  idle frames (no scrolling) p50 / p95 ms', `${percentile(idle, 50).toFixed(1)} / ${percentile(idle, 95).toFixed(1)}`],
        ['  wheel (3 rows a frame) p50 / p95 ms', `${percentile(wheel, 50).toFixed(1)} / ${percentile(wheel, 95).toFixed(1)}`],
        ['  wheel: main thread per frame: task / script / layout / style ms', `${wheelBusy.task.toFixed(1)} / ${wheelBusy.script.toFixed(1)} / ${wheelBusy.layout.toFixed(1)} / ${wheelBusy.style.toFixed(1)}`],
        ['  fling (~70 rows a frame, across partitions) p50 / p95 ms', `${percentile(fling, 50).toFixed(1)} / ${percentile(fling, 95).toFixed(1)}`],
      ]);
      const results = [
        result('console-grid', 'answer → first rows (1M rows)', firstRowsMs, 1000, 'ms'),
        result('console-grid', 'JS heap after first rows', heapFirst, 300, 'MB'),
        result('console-grid', 'JS heap after Ctrl+End', heapEnd, 300, 'MB', { note: `last row after ${endMs.toFixed(0)} ms` }),
        result('console-grid', 'scroll frame time p95', p95, 16, 'ms', { note: `p50 ${p50.toFixed(1)}, max ${worst.toFixed(1)}; idle frames p50 ${percentile(idle, 50).toFixed(1)} ms` }),
      ];
      report(results);
      return results;
    } finally {
      await browser.close();
    }
  }, { env: { FLOE_ADMIN_PASSWORD: PASSWORD } });
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
