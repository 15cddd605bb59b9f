/**
 * RESULT_SCAN: a finished statement's stored result read back as rows of storage values, with
 * its original column names and types. Only the statement's owner may read it; any other
 * handle is "not found", as in Snowflake.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SqlError } from '@/lib/sql/errors';
import { typeOfRowType } from '@/lib/sql/types';
import type { ScannedResult } from '@/lib/sql/compile';
import { storedFromWire, type WireType } from '@/lib/values';
import type { StatementRegistry } from './registry';

const notFound = (handle: string) => new SqlError('000709', '02000', `Statement ${handle} not found`);

export function scanResult(registry: StatementRegistry, handle: string, user: string): ScannedResult {
  const rec = registry.get(handle);
  if (!rec || rec.user !== user || rec.status !== 'succeeded' || !rec.result) throw notFound(handle);
  const result = rec.result;
  const wires = result.rowType.map((e) => e.type as WireType);
  const rows: unknown[][] = [];
  const dir = registry.resultDir(handle);
  for (let n = 0; n < result.partitions.length; n++) {
    const text = n === 0 && result.inline !== null ? result.inline : fs.readFileSync(path.join(dir, `p${n}.json`), 'utf8');
    for (const row of JSON.parse(text) as (string | null)[][]) {
      rows.push(row.map((cell, i) => storedFromWire(wires[i], rec.nullAsString && cell === 'null' && wires[i] !== 'text' ? null : cell)));
    }
  }
  return { columns: result.rowType.map((e) => ({ name: e.name, type: typeOfRowType(e) })), rows };
}
