// The on-disk layout of stored results (lib/storage/result-files.ts): the one module that knows it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { partitionFile, readPartition, readPartitionSync, ResultFiles } from '@/lib/storage/result-files';

const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'floe-result-files-'));

test('partitions are files p<n>.json under results/<handle>; an inline first partition is read from the record', async () => {
  const files = new ResultFiles(dataDir());
  const dir = files.dir('01abc');
  expect(dir).toBe(path.join(files.root, '01abc'));
  fs.mkdirSync(dir);
  fs.writeFileSync(partitionFile(dir, 1), '[["b"]]');
  expect(path.basename(partitionFile(dir, 1))).toBe('p1.json');
  expect(readPartitionSync({ dir, inline: '[["a"]]' }, 0)).toBe('[["a"]]');
  expect(readPartitionSync({ dir, inline: '[["a"]]' }, 1)).toBe('[["b"]]');
  expect(String(await readPartition({ dir, inline: null }, 1))).toBe('[["b"]]');
  await expect(readPartition({ dir, inline: null }, 0)).rejects.toMatchObject({ code: 'ENOENT' });
});

test('link shares partition files with another handle (not the inline one); sweep deletes what is not kept', async () => {
  const files = new ResultFiles(dataDir());
  fs.mkdirSync(files.dir('from'));
  for (const n of [1, 2]) fs.writeFileSync(partitionFile(files.dir('from'), n), `[[${n}]]`);
  await files.link('from', 'to', 3, true);
  expect(fs.readdirSync(files.dir('to')).sort()).toEqual(['p1.json', 'p2.json']);
  expect(fs.statSync(partitionFile(files.dir('to'), 2)).ino).toBe(fs.statSync(partitionFile(files.dir('from'), 2)).ino);
  await files.link('from', 'none', 1, true); // only an inline partition: nothing to link, no directory
  expect(fs.existsSync(files.dir('none'))).toBe(false);
  files.sweep((h) => h === 'to');
  expect(fs.readdirSync(files.root)).toEqual(['to']);
});
