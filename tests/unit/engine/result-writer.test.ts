// The engine's result writer on a real directory: partitions are valid jsonv2 arrays whose
// partitionInfo sizes are their exact UTF-8 byte counts, a small result stays inline, rows larger
// than the buffer still fit, and the byte cap cuts between rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { ResultWriter } from '@/lib/engine/worker/result-writer';
import { partitionFile } from '@/lib/storage/result-files';
import type { ColumnEncoding, ResultLimits } from '@/lib/engine/types';

const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true }); });

function resultDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-writer-'));
  dirs.push(d);
  return path.join(d, 'result');
}

const COLUMNS: ColumnEncoding[] = [{ type: 'fixed', scale: 0 }, { type: 'text', scale: null }, { type: 'real', scale: null }];
const LIMITS: ResultLimits = { maxRows: 0, maxBytes: 1e12, firstPartitionBytes: 1024, partitionBytes: 4096 };

function write(rows: unknown[][], limits: Partial<ResultLimits> = {}, nullAsString = false) {
  const dir = resultDir();
  const w = new ResultWriter(COLUMNS, { timezone: 'UTC' }, { ...LIMITS, ...limits }, dir, nullAsString);
  let accepted = 0;
  for (const r of rows) { if (!w.add([...r])) break; accepted++; }
  const out = w.finish();
  const texts = out.partitions.map((_p, n) => (n === 0 && out.inlineFirstPartition !== null ? out.inlineFirstPartition : fs.readFileSync(partitionFile(dir, n), 'utf8')));
  return { ...out, texts, accepted, writer: w };
}

describe('ResultWriter', () => {
  test('an empty result is one inline partition "[]"', () => {
    const r = write([]);
    expect(r.partitions).toEqual([{ rowCount: 0, uncompressedSize: 2 }]);
    expect(r.inlineFirstPartition).toBe('[]');
  });

  test('a small result stays inline, cells encoded as jsonv2 strings', () => {
    const r = write([[1, 'a"b', 1.5], [null, null, null]]);
    expect(r.inlineFirstPartition).toBe('[["1","a\\"b","1.5"],[null,null,null]]');
    expect(r.partitions).toEqual([{ rowCount: 2, uncompressedSize: r.inlineFirstPartition!.length }]);
  });

  test('nullable=false sends SQL NULL as the string "null"', () => {
    expect(write([[null, 'x', null]], {}, true).inlineFirstPartition).toBe('[["null","x","null"]]');
  });

  test('many rows: every partition is a JSON array, sizes are exact UTF-8 byte counts, all rows kept in order', () => {
    const rows = Array.from({ length: 2000 }, (_, i) => [i, `näme ${i} ✓ 𝄞`, i / 4]);
    const r = write(rows);
    expect(r.partitions.length).toBeGreaterThan(5);
    expect(r.inlineFirstPartition).toBeNull();
    const all: string[][] = [];
    r.partitions.forEach((p, n) => {
      const parsed = JSON.parse(r.texts[n]) as string[][];
      expect(parsed.length).toBe(p.rowCount);
      expect(Buffer.byteLength(r.texts[n])).toBe(p.uncompressedSize);
      // Bounded by the target plus one row.
      expect(p.uncompressedSize).toBeLessThan((n === 0 ? LIMITS.firstPartitionBytes : LIMITS.partitionBytes) + 100);
      all.push(...parsed);
    });
    expect(all.length).toBe(2000);
    expect(all[1999]).toEqual(['1999', 'näme 1999 ✓ 𝄞', '499.75']);
  });

  test('a row larger than the write buffer and the partition target is written whole', () => {
    const big = 'é'.repeat(200_000);
    const r = write([[1, 'small', 0], [2, big, 0], [3, 'after', 0]]);
    const all = r.texts.flatMap((t) => JSON.parse(t) as string[][]);
    expect(all.map((row) => row[0])).toEqual(['1', '2', '3']);
    expect(all[1][1]).toBe(big);
    r.partitions.forEach((p, n) => expect(Buffer.byteLength(r.texts[n])).toBe(p.uncompressedSize));
  });

  test('the byte cap stops at a row boundary and marks the result truncated', () => {
    const rows = Array.from({ length: 100 }, (_, i) => [i, 'x'.repeat(50), 0]);
    const r = write(rows, { maxBytes: 1000 });
    expect(r.writer.truncated).toBe(true);
    expect(r.accepted).toBeGreaterThan(0);
    expect(r.accepted).toBeLessThan(100);
    const all = r.texts.flatMap((t) => JSON.parse(t) as string[][]);
    expect(all.length).toBe(r.accepted);
    expect(r.writer.numRows).toBe(r.accepted);
  });

  test('the row cap stops after maxRows rows without truncation', () => {
    const r = write(Array.from({ length: 10 }, (_, i) => [i, 'x', 0]), { maxRows: 4 });
    expect(r.accepted).toBe(4);
    expect(r.writer.truncated).toBe(false);
    expect(JSON.parse(r.inlineFirstPartition!)).toHaveLength(4);
  });
});
