/** rowType entries and the fixed result shapes of DDL, DML and multi-statement parents. */
import type { ResultColumn, StaticRows } from '@/lib/sql/compile';
import type { SfType } from '@/lib/sql/types';
import { types } from '@/lib/sql/types';
import { makeCellEncoder, type OutputFormats, type WireType } from '@/lib/values';
import type { DmlStats, RowTypeEntry, StoredResult } from './record';

export function rowTypeEntry(name: string, t: SfType | null, wire: WireType, nullable: boolean, origin = { database: '', schema: '', table: '' }): RowTypeEntry {
  const resolved = t ?? fallbackType(wire);
  return {
    name,
    database: origin.database,
    schema: origin.schema,
    table: origin.table,
    type: wire,
    scale: resolved.scale,
    precision: resolved.precision,
    length: resolved.length,
    byteLength: resolved.byteLength,
    nullable,
    collation: null,
  };
}

function fallbackType(wire: WireType): SfType {
  switch (wire) {
    case 'fixed': return types.number(38, 0);
    case 'real': return types.float();
    case 'binary': return types.binary();
    case 'boolean': return types.boolean();
    default: return types.varchar();
  }
}

export function rowTypeOf(columns: ResultColumn[], wires: WireType[]): RowTypeEntry[] {
  return columns.map((c, i) => rowTypeEntry(c.name, c.type?.wire === wires[i] ? c.type : null, wires[i], c.nullable, c));
}

function small(rowType: RowTypeEntry[], rows: (string | null)[][], stats?: DmlStats): StoredResult {
  const inline = JSON.stringify(rows);
  return { rowType, numRows: rows.length, partitions: [{ rowCount: rows.length, uncompressedSize: Buffer.byteLength(inline) }], inline, truncated: false, stats };
}

/** Rows Floe computed itself (SHOW, DESCRIBE, …), encoded like engine rows. */
export function staticRowsResult(rows: StaticRows, formats: OutputFormats, nullAsString: boolean): StoredResult {
  const wires = rows.columns.map((c) => c.type?.wire ?? 'text');
  const encoders = rows.columns.map((c, i) => makeCellEncoder({ type: wires[i], scale: c.type?.scale ?? null }, formats));
  const data = rows.rows.map((r) => r.map((v, i) => encoders[i](v) ?? (nullAsString ? 'null' : null)));
  return small(rowTypeOf(rows.columns, wires), data);
}

export function statusResult(status: string, stats?: DmlStats): StoredResult {
  return small([rowTypeEntry('status', types.varchar(), 'text', false)], [[status]], stats);
}

export function dmlResult(op: 'insert' | 'update' | 'delete', count: number): StoredResult {
  const fixed = (name: string) => rowTypeEntry(name, types.number(19, 0), 'fixed', false);
  if (op === 'insert') return small([fixed('number of rows inserted')], [[String(count)]], { numRowsInserted: count });
  if (op === 'update') return small([fixed('number of rows updated'), fixed('number of multi-joined rows updated')], [[String(count), '0']], { numRowsUpdated: count, numDuplicateRowsUpdated: 0 });
  return small([fixed('number of rows deleted')], [[String(count)]], { numRowsDeleted: count });
}

export function mergeResult(counts: { inserted: number; updated: number; deleted: number }, kinds: ('inserted' | 'updated' | 'deleted')[]): StoredResult {
  const fixed = (name: string) => rowTypeEntry(name, types.number(19, 0), 'fixed', false);
  const stats: DmlStats = {};
  if (kinds.includes('inserted')) stats.numRowsInserted = counts.inserted;
  if (kinds.includes('updated')) stats.numRowsUpdated = counts.updated;
  if (kinds.includes('deleted')) stats.numRowsDeleted = counts.deleted;
  return small(kinds.map((k) => fixed(`number of rows ${k}`)), [kinds.map((k) => String(counts[k]))], stats);
}

export function multiStatementResult(): StoredResult {
  return small([rowTypeEntry('multiple statement execution', types.varchar(), 'text', false)], [['Multiple statements executed successfully.']]);
}
