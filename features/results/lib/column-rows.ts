/**
 * Rows of one partition in the compact form the partition worker hands the page: per column, the
 * non-null values joined into one string with their end offsets and a null flag per row. A 4 MB
 * partition then crosses from the worker as a few strings and typed arrays (the arrays
 * transferred, each string one copy) instead of ~100k row arrays that the page would rebuild in
 * one long task, and a cell becomes a string only when the grid shows it (a substring).
 * Pure (unit-tested): the worker encodes, the page reads.
 */
import type { Cell } from '@/lib/client/api/types';

export interface ColumnData {
  /** The column's non-null values, one after the other. */
  text: string;
  /** ends[i]: where row i's value ends in `text` (it starts where row i-1's ends). */
  ends: Uint32Array;
  /** nulls[i] = 1: row i's value is NULL. */
  nulls: Uint8Array;
}
export interface ColumnPartition { rowCount: number; columns: ColumnData[] }

/** The rows of a held partition, read by offset. */
export interface PartitionRows {
  readonly length: number;
  row(offset: number): Cell[] | undefined;
}

/** Encodes wire rows (Cell[][]) column by column; `width` is the row type's column count. */
export function encodeColumns(rows: readonly (readonly Cell[])[], width: number): ColumnPartition {
  const columns: ColumnData[] = [];
  for (let c = 0; c < width; c++) {
    const ends = new Uint32Array(rows.length);
    const nulls = new Uint8Array(rows.length);
    const parts: string[] = [];
    let end = 0;
    for (let r = 0; r < rows.length; r++) {
      const v = rows[r][c];
      if (v === null || v === undefined) nulls[r] = 1;
      else { parts.push(v); end += v.length; }
      ends[r] = end;
    }
    columns.push({ text: parts.join(''), ends, nulls });
  }
  return { rowCount: rows.length, columns };
}

/** The typed arrays of a partition, to transfer (not copy) with postMessage. */
export const transferablesOf = (p: ColumnPartition): ArrayBuffer[] =>
  p.columns.flatMap((c) => [c.ends.buffer as ArrayBuffer, c.nulls.buffer as ArrayBuffer]);

/** Reads rows of an encoded partition; a row's cells are made when asked for. */
export function columnRows(p: ColumnPartition): PartitionRows {
  return {
    length: p.rowCount,
    row(offset) {
      if (offset < 0 || offset >= p.rowCount) return undefined;
      return p.columns.map((c) => (c.nulls[offset] ? null : c.text.slice(offset === 0 ? 0 : c.ends[offset - 1], c.ends[offset])));
    },
  };
}

/** Rows already in hand as wire arrays (partition 0 comes with the statement's answer). */
export const arrayRows = (rows: readonly Cell[][]): PartitionRows => ({ length: rows.length, row: (offset) => rows[offset] });
