import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Playwright loads this file in the runner and again in each worker: values are made once and
// kept in process.env, which the workers inherit, so tests read the same ones (FLOE_E2E_URL,
// FLOE_ADMIN_TOKEN, FLOE_ADMIN_PASSWORD, FLOE_E2E_DATA_DIR).
function once(name: string, make: () => string): string {
  return (process.env[name] ??= make());
}

const port = Number(once('FLOE_E2E_PORT', () => '3917'));
const madeDataDir = !process.env.FLOE_E2E_DATA_DIR;
const dataDir = once('FLOE_E2E_DATA_DIR', () => fs.mkdtempSync(path.join(os.tmpdir(), 'floe-e2e-')));
if (madeDataDir && process.env.FLOE_KEEP_TMP !== '1') {
  // The runner exits after it has stopped the web server.
  process.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
}
const token = once('FLOE_ADMIN_TOKEN', () => `floe_pat_${randomBytes(24).toString('hex')}`);
const password = once('FLOE_ADMIN_PASSWORD', () => `pw_${randomBytes(12).toString('hex')}`);
const baseURL = once('FLOE_E2E_URL', () => `http://127.0.0.1:${port}`);

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  reporter: 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    // Debian's chromium: this machine cannot download Playwright's own browser builds.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      // Root needs --no-sandbox; the rest stop Chromium calling out to a network that is closed here.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(port),
      FLOE_DATA_DIR: dataDir,
      FLOE_ADMIN_TOKEN: token,
      FLOE_ADMIN_PASSWORD: password,
    },
  },
});
