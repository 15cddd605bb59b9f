// The engine's start-up reading of its files (lib/engine/storage.ts): journal line checksums,
// image checks, and which damage is cut, ignored, or stops the start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import initSqlJs from 'sql.js';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { JournalEntry } from '@/lib/engine/protocol';
import { CorruptionError, EngineStorage, imageProblem, journalLine, parseJournalLine } from '@/lib/engine/storage';

let dataDir: string;
let storage: EngineStorage;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-recover-'));
  storage = new EngineStorage(dataDir);
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const entry = (lsn: number): JournalEntry => ({ lsn, writes: [{ steps: [{ sql: `INSERT INTO t VALUES (${lsn})`, params: [] }], pins: { nowMs: 0, seed: 1, timezone: 'UTC' } }], costMs: 1 });
const lines = (...lsns: number[]) => lsns.map((n) => journalLine(entry(n))).join('');
const lsnsOf = (r: { entries: JournalEntry[] }) => r.entries.map((e) => e.lsn);

async function writeImage(lsn: number): Promise<string> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run('CREATE TABLE t (n)');
  const file = storage.imagePath(lsn);
  fs.writeFileSync(file, db.export());
  db.close();
  return file;
}

test('a journal line round-trips with its checksum; binary and bigint parameters too', () => {
  const e: JournalEntry = { lsn: 7, writes: [{ steps: [{ sql: 'INSERT INTO t VALUES (?, ?)', params: [new Uint8Array([1, 2, 255]), 2n ** 70n] }], pins: { nowMs: 5, seed: 2, timezone: 'UTC' } }], costMs: 3 };
  const line = journalLine(e);
  expect(line).toMatch(/^[0-9a-f]{8} \{"lsn":7,.*\n$/);
  expect(parseJournalLine(Buffer.from(line.slice(0, -1)))).toEqual(e);
});

test('a changed byte fails the checksum even when the line is still JSON; a line from before checksums is read as it is', () => {
  const line = journalLine(entry(3)).slice(0, -1);
  expect(() => parseJournalLine(Buffer.from(line.replace('VALUES (3)', 'VALUES (4)')))).toThrow('checksum mismatch');
  expect(parseJournalLine(Buffer.from(line.slice(9))).lsn).toBe(3);
  expect(() => parseJournalLine(Buffer.from('{"lsn":3,'))).toThrow(/unreadable entry/);
  expect(() => parseJournalLine(Buffer.from('zz'))).toThrow('not a journal entry');
});

test('imageProblem: a whole image passes; a short one or a bad header is named', async () => {
  const file = await writeImage(1);
  expect(imageProblem(file)).toBeNull();
  const size = fs.statSync(file).size;
  fs.truncateSync(file, size - 100);
  expect(imageProblem(file)).toMatch(/header says \d+ pages of \d+ bytes/);
  fs.writeFileSync(file, 'not sqlite');
  expect(imageProblem(file)).toMatch(/bad header/);
});

test('journal entries after the image are returned in order; a torn last line is cut', async () => {
  await writeImage(2);
  fs.writeFileSync(storage.journalPath(0), lines(1, 2, 3));
  const torn = lines(4).slice(0, 20);
  fs.writeFileSync(storage.journalPath(3), lines(4, 5) + torn);
  const r = storage.recover();
  expect(r.imageLsn).toBe(2);
  expect(lsnsOf(r)).toEqual([3, 4, 5]);
  expect(fs.readFileSync(storage.journalPath(3), 'utf8')).toBe(lines(4, 5));
});

test('an unfinished last line of an earlier segment is left alone when the next segment goes on from the last good entry', () => {
  const torn = lines(3).slice(0, 30);
  fs.writeFileSync(storage.journalPath(0), lines(1, 2) + torn);
  fs.writeFileSync(storage.journalPath(2), lines(3, 4));
  expect(lsnsOf(storage.recover())).toEqual([1, 2, 3, 4]);
  expect(fs.readFileSync(storage.journalPath(0), 'utf8')).toBe(lines(1, 2) + torn);
});

test('a gap in the LSNs, or a damaged line with more after it, stops the start and changes nothing', () => {
  fs.writeFileSync(storage.journalPath(0), lines(1, 2, 4));
  expect(() => storage.recover()).toThrow(/journal-000000000000\.log line 3 \(byte \d+\) holds LSN 4 where LSN 3 was due/);
  const bad = lines(1) + lines(2).replace('VALUES (2)', 'VALUES (9)') + lines(3);
  fs.writeFileSync(storage.journalPath(0), bad);
  fs.writeFileSync(path.join(storage.dir, 'image-000000000009.sqlite.tmp'), 'x');
  expect(() => storage.recover()).toThrow(CorruptionError);
  expect(fs.readFileSync(storage.journalPath(0), 'utf8')).toBe(bad);
  expect(fs.existsSync(path.join(storage.dir, 'image-000000000009.sqlite.tmp'))).toBe(true);
});

test('a damaged segment that the image already covers is not needed; leftover checkpoint temp files go', async () => {
  fs.writeFileSync(storage.journalPath(0), lines(1) + 'garbage\n' + lines(3));
  await writeImage(5);
  fs.writeFileSync(storage.journalPath(5), lines(6));
  fs.writeFileSync(path.join(storage.dir, 'image-000000000007.sqlite.tmp'), 'x');
  const r = storage.recover();
  expect([r.imageLsn, ...lsnsOf(r)]).toEqual([5, 6]);
  expect(fs.readdirSync(storage.dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
});

test('from the last good state: the damaged segment is copied aside and cut, later ones moved aside', () => {
  const bad = lines(1, 2) + 'garbage\n' + lines(4);
  fs.writeFileSync(storage.journalPath(0), bad);
  fs.writeFileSync(storage.journalPath(4), lines(5));
  expect(lsnsOf(storage.recover(true))).toEqual([1, 2]);
  expect(fs.readFileSync(storage.journalPath(0), 'utf8')).toBe(lines(1, 2));
  expect(fs.existsSync(storage.journalPath(4))).toBe(false);
  const aside = fs.readdirSync(storage.dir).find((f) => f.startsWith('set-aside-'))!;
  expect(fs.readFileSync(path.join(storage.dir, aside, 'journal-000000000000.log'), 'utf8')).toBe(bad);
  expect(fs.readFileSync(path.join(storage.dir, aside, 'journal-000000000004.log'), 'utf8')).toBe(lines(5));
});

test('a journal that continues after a missing image stops the start; from the last good state it is moved aside', async () => {
  fs.writeFileSync(storage.journalPath(4), lines(5, 6));
  expect(() => storage.recover()).toThrow(/journal-000000000004\.log continues the journal after LSN 4, but the state before it ends at LSN 0 \(no image\): image-000000000004\.sqlite is missing/);
  expect(fs.readFileSync(storage.journalPath(4), 'utf8')).toBe(lines(5, 6));
  await writeImage(2);
  fs.writeFileSync(storage.journalPath(2), lines(3));
  const r = storage.recover(true);
  expect([r.imageLsn, ...lsnsOf(r)]).toEqual([2, 3]);
  expect(fs.existsSync(storage.journalPath(4))).toBe(false);
});
