// Corruption is loud: a damaged journal line with more after it, a missing image, a malformed
// image each stop the start with a message naming the file, exit non-zero, and change no file.
// Only a torn last line (a write never answered) is cut, and the log says so. Old journals
// (lines without checksums) still load. FLOE_RECOVER_FROM_LAST_GOOD=1 starts from the last good
// state and keeps the damaged files aside.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClient } from './client';
import { startServer, type FloeServer } from './server-control';
import { engineFiles, engineState } from './storage-faults';

const ROWS = 20;
const ctx = { database: 'CORR', schema: 'PUBLIC' };
const roots: string[] = [];
const servers: FloeServer[] = [];
let template: FloeServer;

/** A data dir holding an image, then a journal of ROWS lines, line k inserting row k; null when a checkpoint came between. */
async function buildTemplate(): Promise<FloeServer | null> {
  const first = await startServer();
  servers.push(first);
  const c = makeClient(first);
  await c.ok('CREATE DATABASE CORR');
  await c.ok('CREATE TABLE T (N INT)', ctx);
  await first.kill9();
  const again = await startServer({ dataDir: first.dataDir });
  servers.push(again);
  for (let i = 1; i <= ROWS; i++) await makeClient(again).ok(`INSERT INTO T VALUES (${i})`, ctx);
  await again.kill9();
  const { images, journals } = engineState(first.dataDir);
  const lines = fs.readFileSync(path.join(first.dataDir, 'engine', journals.at(-1)!), 'utf8').split('\n');
  expect(lines.pop()).toBe('');
  // A checkpoint starts a new journal once the tail's replay cost passes its bound, and a loaded
  // host (the whole suite on 2 cores) makes 20 INSERTs cost that much: the layout is then not
  // the one the tests damage, and the template is made again.
  if (images.length !== 1 || lines.length !== ROWS) return null;
  expect(lines.map((l, k) => l.includes(`VALUES (${k + 1})`))).toEqual(Array(ROWS).fill(true));
  return first;
}

beforeAll(async () => {
  for (let attempt = 0; attempt < 5 && !template; attempt++) template = (await buildTemplate())!;
  expect(template, 'a checkpoint came between the image and the 20 journal lines five times in a row').toBeTruthy();
}, 300_000);

afterAll(async () => {
  for (const s of servers.reverse()) await s.dispose();
  if (process.env.FLOE_KEEP_TMP !== '1') for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
});

/** A copy of the template's data dir, with its engine files, and the paths of its image and journal. */
function copy(): { dataDir: string; image: string; journal: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-corrupt-'));
  roots.push(root);
  const dataDir = path.join(root, 'data');
  fs.cpSync(template.dataDir, dataDir, { recursive: true });
  const { images, journals } = engineState(dataDir);
  return { dataDir, image: path.join(dataDir, 'engine', images[0]), journal: path.join(dataDir, 'engine', journals.at(-1)!) };
}

const start = (dataDir: string, env: Record<string, string> = {}) =>
  startServer({ dataDir, env, token: template.token, password: template.password }).then((s) => { servers.push(s); return s; });

/** The start fails (start.mjs exits non-zero), the log says `message`, and no engine file changed. */
async function refusesToStart(dataDir: string, message: RegExp): Promise<void> {
  const before = engineFiles(dataDir);
  const err = await start(dataDir).then(() => null, (e: Error) => e);
  expect(err?.message).toMatch(/start\.mjs exited \(\{"code":1,/);
  const log = fs.readFileSync(err!.message.match(/Log (\S+),/)![1], 'utf8');
  expect(log).toMatch(/Floe cannot start: the database files in \S+ are damaged: /);
  expect(log).toMatch(message);
  expect(engineFiles(dataDir)).toEqual(before);
}

const lineStarts = (buf: Buffer) => [0, ...[...buf.entries()].filter(([, b]) => b === 0x0a).map(([i]) => i + 1)];

async function rows(s: FloeServer): Promise<number[]> {
  return (await makeClient(s).ok('SELECT N FROM T ORDER BY N', ctx)).data!.map((r) => Number(r[0]));
}

/** Line `k` (1-based) with one digit of its JSON changed: still JSON, wrong checksum. */
function flipDigit(journal: string, k: number): number {
  const buf = fs.readFileSync(journal);
  const at = lineStarts(buf)[k - 1];
  const end = buf.indexOf(0x0a, at);
  let i = end - 1;
  while (!(buf[i] >= 0x30 && buf[i] <= 0x39)) i--;
  buf[i] = 0x30 + ((buf[i] - 0x30 + 1) % 10);
  fs.writeFileSync(journal, buf);
  return at;
}

test('a journal line failing its checksum in the middle stops the start; nothing is changed', async () => {
  const { dataDir, journal } = copy();
  const at = flipDigit(journal, 10);
  await refusesToStart(dataDir, new RegExp(`${path.basename(journal)} line 10 \\(byte ${at}\\) is damaged: checksum mismatch, and more of the journal follows it\\. Nothing was changed\\.`));
});

test('a missing image whose journal expects it stops the start', async () => {
  const { dataDir, image, journal } = copy();
  fs.rmSync(image);
  const lsn = Number(/journal-(\d+)/.exec(journal)![1]);
  await refusesToStart(dataDir, new RegExp(`${path.basename(journal)} continues the journal after LSN ${lsn}, but the state before it ends at LSN 0 \\(no image\\): ${path.basename(image)} is missing`));
});

test('a truncated image stops the start', async () => {
  const { dataDir, image } = copy();
  const size = fs.statSync(image).size;
  fs.truncateSync(image, size - 4096);
  await refusesToStart(dataDir, new RegExp(`${path.basename(image)} is ${size - 4096} bytes but its header says ${size / 4096} pages of 4096 bytes \\(${size} bytes\\): truncated or damaged`));
});

test('an image with a damaged header stops the start', async () => {
  const { dataDir, image } = copy();
  const buf = fs.readFileSync(image);
  buf.write('SQLite format 2', 0, 'latin1');
  fs.writeFileSync(image, buf);
  await refusesToStart(dataDir, new RegExp(`${path.basename(image)} is not an SQLite database image \\(${buf.length} bytes, bad header\\)`));
});

test('a torn last line is cut, and the log says so; every complete line is kept', async () => {
  const { dataDir, journal } = copy();
  const buf = fs.readFileSync(journal);
  const last = lineStarts(buf).at(-2)!;
  const cutAt = last + Math.floor((buf.length - last) / 2);
  fs.truncateSync(journal, cutAt);
  const s = await start(dataDir);
  expect(await rows(s)).toEqual(Array.from({ length: ROWS - 1 }, (_, i) => i + 1));
  expect(s.log()).toContain(`Floe: cut the torn last line of ${path.basename(journal)} (${cutAt - last} bytes at byte ${last}): a write that was never answered`);
});

test('a journal written before checksums still loads; damage in its middle is still found', async () => {
  const { dataDir, journal } = copy();
  const bare = fs.readFileSync(journal, 'utf8').split('\n').map((l) => l.slice(l.indexOf('{') >= 0 ? l.indexOf('{') : 0)).join('\n');
  const broken = copy();
  fs.writeFileSync(journal, bare);
  const s = await start(dataDir);
  expect(await rows(s)).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));

  const lines = bare.split('\n');
  lines[4] = lines[4].slice(0, 40);
  fs.writeFileSync(broken.journal, lines.join('\n'));
  await refusesToStart(broken.dataDir, new RegExp(`${path.basename(broken.journal)} line 5 \\(byte \\d+\\) is damaged: unreadable entry \\(.+\\), and more of the journal follows it`));
});

test('FLOE_RECOVER_FROM_LAST_GOOD=1 starts from the last good line, keeping the damaged journal aside', async () => {
  const { dataDir, journal } = copy();
  flipDigit(journal, 10);
  const damaged = fs.readFileSync(journal);
  const s = await start(dataDir, { FLOE_RECOVER_FROM_LAST_GOOD: '1' });
  expect(await rows(s)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  expect(s.log()).toMatch(/Floe: FLOE_RECOVER_FROM_LAST_GOOD: starting from the last good state \(LSN \d+\)\. Damage found: .+ line 10 .+checksum mismatch/);
  const aside = fs.readdirSync(path.join(dataDir, 'engine')).filter((f) => f.startsWith('set-aside-'));
  expect(aside).toHaveLength(1);
  expect(fs.readFileSync(path.join(dataDir, 'engine', aside[0], path.basename(journal))).equals(damaged)).toBe(true);
  // The server goes on from there, and starts normally afterwards.
  await makeClient(s).ok('INSERT INTO T VALUES (100)', ctx);
  await s.kill9();
  const again = await start(dataDir);
  expect(await rows(again)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 100]);
});
