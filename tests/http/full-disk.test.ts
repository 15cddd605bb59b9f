// A real full disk: the data dir on a small tmpfs, filled with writes until they are refused.
// Every answered write survives kill -9; every refused one is absent; once space is freed the
// server starts cleanly and takes writes again. Mounting needs root with the right to mount
// (CI runs as root); where it cannot mount, the test is skipped and its name says why.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { makeClient } from './client';
import { startServer, type FloeServer } from './server-control';
import { outcome } from './storage-faults';

const isRoot = process.getuid?.() === 0;

/** Why no tmpfs can be mounted here, or null when it can (a 1 MiB one is mounted and unmounted). */
function cannotMount(): string | null {
  if (!isRoot) return 'not running as root, so no tmpfs can be mounted';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'pipe' });
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true });
    return `running as root, but 'mount -t tmpfs' is not permitted here: ${(e as { stderr?: Buffer }).stderr?.toString().trim() || String(e)}`;
  }
  execFileSync('umount', [dir], { stdio: 'pipe' });
  fs.rmSync(dir, { recursive: true, force: true });
  return null;
}
const noMount = cannotMount();
const MiB = 1024 * 1024;
const ctx = { database: 'FULLDISK', schema: 'PUBLIC' };
const PAYLOAD = 50_000;

test.runIf(noMount === null)(`a real full disk (48 MiB tmpfs) loses no answered write and refuses cleanly${noMount === null ? '' : ` — SKIPPED: ${noMount}`}`, { timeout: 600_000 }, async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-fulldisk-'));
  const mnt = path.join(root, 'mnt');
  fs.mkdirSync(mnt);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', mnt], { stdio: 'pipe' });
  } catch (e) {
    throw new Error(`running as root, but 'mount -t tmpfs' failed, so the real full-disk test cannot run: ${(e as { stderr?: Buffer }).stderr?.toString().trim() || String(e)}`);
  }
  const servers: FloeServer[] = [];
  const dataDir = path.join(mnt, 'data');
  const filler = path.join(mnt, 'filler');
  const env = { FLOE_MIN_FREE_DISK_BYTES: String(4 * MiB) };
  try {
    // Room given back at the end: enough for the start's compactions (statement registry, image).
    fs.writeFileSync(filler, Buffer.alloc(20 * MiB, 1));
    const first = await startServer({ dataDir, env });
    servers.push(first);
    const c = makeClient(first);
    await c.ok('CREATE DATABASE FULLDISK');
    await c.ok('CREATE TABLE T (N INT, S VARCHAR)', ctx);
    const answered: number[] = [];
    const refused: number[] = [];
    for (let i = 1, refusedInARow = 0; refusedInARow < 3; i++) {
      if (i > 2000) throw new Error(`the 48 MiB disk never filled: ${answered.length} writes answered`);
      const r = await c.exec(`INSERT INTO T VALUES (${i}, '${String(i % 10).repeat(PAYLOAD)}')`, ctx);
      const got = outcome(r);
      if (got === 'ok') { answered.push(i); refusedInARow = 0; continue; }
      // Refused by the reserve (300001) or by the disk itself (300001 ENOSPC): nothing else.
      expect(got, r.json?.message).toBe('422 300001');
      refused.push(i);
      refusedInARow++;
    }
    expect(answered.length).toBeGreaterThan(50);
    console.log(`full disk: ${answered.length} INSERTs of ${PAYLOAD} bytes answered, then refused (${refused.length} tried)`);
    // Reads still work on the full disk.
    expect((await c.ok('SELECT COUNT(*) FROM T', ctx)).data).toEqual([[String(answered.length)]]);

    const check = async (s: FloeServer) => {
      const got = (await makeClient(s).ok('SELECT N, LENGTH(S), SUBSTR(S, 1, 1) FROM T ORDER BY N', ctx)).data!;
      expect(got.map((r) => Number(r[0]))).toEqual(answered);
      for (const r of got) expect([r[1], r[2]]).toEqual([String(PAYLOAD), String(Number(r[0]) % 10)]);
    };
    await first.kill9();
    fs.rmSync(filler);
    const freed = await startServer({ dataDir, env });
    servers.push(freed);
    expect(freed.log()).not.toContain('Floe cannot start');
    await check(freed);
    await makeClient(freed).ok(`INSERT INTO T VALUES (-1, 'after')`, ctx);
    await freed.stop();
    const last = await startServer({ dataDir, env });
    servers.push(last);
    expect((await makeClient(last).ok('SELECT COUNT(*) FROM T', ctx)).data).toEqual([[String(answered.length + 1)]]);
  } finally {
    for (const s of servers) await s.stop();
    try { execFileSync('umount', [mnt], { stdio: 'pipe' }); } catch { execFileSync('umount', ['-l', mnt], { stdio: 'pipe' }); }
    fs.rmSync(root, { recursive: true, force: true });
  }
});
