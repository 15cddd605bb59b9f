// Partitions: byte-sized, exact partitionInfo, Link navigation, gzip over 64 KB, ROWS_PER_RESULTSET.
import { beforeAll, expect, test } from 'vitest';
import { api, exec, getStatement, ok, submit, type StatementResponse } from './client';
import { freshDatabase, parseLink, partitionOf } from './helpers';

let ctx: { database: string; schema: string };
let big: StatementResponse;
const ROWS = 200_000;

beforeAll(async () => {
  ctx = await freshDatabase();
  await ok('CREATE TABLE D (N INT)', ctx);
  await ok(`INSERT INTO D VALUES ${Array.from({ length: 1000 }, (_, i) => `(${i})`).join(',')}`, ctx);
  big = await exec(`SELECT a.N * 1000 + b.N AS N, 'row-' || (a.N * 1000 + b.N) AS S FROM D a, D b WHERE a.N < ${ROWS / 1000} ORDER BY 1`, { ...ctx, pollTimeoutMs: 120_000 });
  expect(big.status).toBe(200);
});

test('a large result is split by bytes; partitionInfo is exact and partitions concatenate in order', async () => {
  const m = big.json!.resultSetMetaData!;
  const parts = m.partitionInfo!;
  expect(m.numRows).toBe(ROWS);
  expect(parts.length).toBeGreaterThanOrEqual(2);
  expect(parts[0].uncompressedSize).toBeLessThan(parts[1].uncompressedSize); // small first partition
  expect(big.json!.data).toHaveLength(parts[0].rowCount);
  let n = 0;
  for (let k = 0; k < parts.length; k++) {
    const res = k === 0 ? big : await getStatement(big.json!.statementHandle!, { partition: k });
    if (k > 0) expect(Object.keys(res.json!)).toEqual(['data']);
    expect(res.json!.data).toHaveLength(parts[k].rowCount);
    expect(Buffer.byteLength(JSON.stringify(res.json!.data))).toBe(parts[k].uncompressedSize);
    for (const row of res.json!.data!) expect(row[0]).toBe(String(n++));
  }
  expect(n).toBe(ROWS);
});

test('Link header: next of partition 0, prev and next in the middle, and they are fetchable', async () => {
  const count = big.json!.resultSetMetaData!.partitionInfo!.length;
  const links = parseLink(big.headers.get('link'));
  expect(partitionOf(links.next)).toBe(1);
  expect(partitionOf(links.last)).toBe(count - 1);
  const mid = await api('GET', links.next);
  const midLinks = parseLink(mid.headers.get('link'));
  expect(partitionOf(midLinks.prev)).toBe(0);
  expect(mid.json.data.length).toBe(big.json!.resultSetMetaData!.partitionInfo![1].rowCount);
});

test('partitions over 64 KB are gzip-encoded when the client accepts gzip', async () => {
  const url = `${process.env.FLOE_URL ?? ''}/api/v2/statements/${big.json!.statementHandle}?partition=1`;
  const res = await api('GET', url.startsWith('http') ? url : `/api/v2/statements/${big.json!.statementHandle}?partition=1`, { headers: { 'accept-encoding': 'gzip' } });
  expect(res.headers.get('content-encoding')).toBe('gzip');
  expect(res.json.data.length).toBeGreaterThan(0);
  const small = await submit('SELECT 1', { headers: { 'accept-encoding': 'gzip' } });
  expect(small.headers.get('content-encoding')).toBeNull();
});

test('ROWS_PER_RESULTSET caps the result', async () => {
  const res = await submit('SELECT N FROM D ORDER BY N', { ...ctx, parameters: { ROWS_PER_RESULTSET: 3 } });
  expect(res.json!.data).toEqual([['0'], ['1'], ['2']]);
  expect(res.json!.resultSetMetaData!.numRows).toBe(3);
});
