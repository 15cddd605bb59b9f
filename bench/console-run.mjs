// UI SELECT 1 latency: in real Chromium (playwright-core, /usr/bin/chromium with the flags of
// playwright.config.ts), the time from Ctrl+Enter in a worksheet to its result row on screen.
// Measured in the page: from just before the key press until the result grid holds the run's
// column (the next animation frame, when it is painted).
import crypto from 'node:crypto';
import { chromium } from 'playwright-core';
import { percentile, printTable, report, result, withServer } from './lib.mjs';

const WARMUP = 5;
const RUNS = 40;
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

async function signIn(page, base, password) {
  await page.goto(`${base}/`);
  await page.getByLabel('User').fill('ADMIN');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('current-user').waitFor({ timeout: 60_000 });
  await page.locator('.monaco-editor .view-lines').first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => 'floeEditor' in window);
}

/** One run: the editor holds `SELECT 1 AS <name>`; ms from the key press until the grid shows it. */
async function once(page, name) {
  await page.evaluate((sql) => { const ed = window.floeEditor; ed.setValue(sql); ed.setPosition({ lineNumber: 1, column: 1 }); ed.focus(); }, `SELECT 1 AS ${name}`);
  const seen = page.evaluate((col) => new Promise((resolve) => {
    const t0 = performance.now();
    const shown = () => document.querySelector('[data-testid="data-table"]')?.textContent?.includes(col);
    const obs = new MutationObserver(() => {
      if (!shown()) return;
      obs.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - t0));
    });
    obs.observe(document.body, { subtree: true, childList: true, characterData: true });
  }), name);
  await page.keyboard.press('Control+Enter');
  const total = await seen;
  // The run's POST as the browser timed it: the rest is the key press, React and paint.
  const post = await page.evaluate(() => {
    const e = performance.getEntriesByType('resource').filter((r) => r.name.includes('/api/v2/statements?async')).at(-1);
    performance.clearResourceTimings();
    return e ? e.duration : NaN;
  });
  return { total, post };
}

export async function run() {
  const password = crypto.randomBytes(12).toString('base64url');
  return withServer(async (server) => {
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ARGS, headless: true });
    try {
      const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
      await signIn(page, server.base, password);
      for (let i = 0; i < WARMUP; i++) await once(page, `W${i}`);
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await once(page, `R${i}`));
      const ms = runs.map((r) => r.total);
      const posts = runs.map((r) => r.post);
      const [p50, p95, max] = [percentile(ms, 50), percentile(ms, 95), Math.max(...ms)];
      console.log(`console-run: ${RUNS} runs of SELECT 1 (after ${WARMUP} warm-up runs), Ctrl+Enter → result row visible, Chromium 1440×900\n`);
      printTable(['', 'runs', 'p50 ms', 'p95 ms', 'max ms'], [
        ['Ctrl+Enter → row visible', RUNS, p50, p95, max],
        ['of which the POST (browser timing)', RUNS, percentile(posts, 50), percentile(posts, 95), Math.max(...posts)],
      ]);
      const results = [
        result('console-run', 'UI SELECT 1 latency p95', p95, 100, 'ms', { note: `p50 ${p50.toFixed(1)} ms, max ${max.toFixed(1)} ms (Ctrl+Enter → row visible; POST p50 ${percentile(posts, 50).toFixed(1)} ms)` }),
      ];
      report(results);
      return results;
    } finally {
      await browser.close();
    }
  }, { env: { FLOE_ADMIN_PASSWORD: password } });
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
