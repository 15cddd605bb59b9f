/**
 * Turns result rows into jsonv2 partitions: encodes each cell once, sizes partitions by bytes
 * (a small first one so the first answer is quick, bounded later ones), and writes them as files
 * so that results never have to live in memory.
 */
import fs from 'node:fs';
import { storageErrorOf, writeAll } from '@/lib/storage/durable-file';
import { partitionFile } from '@/lib/storage/result-files';
import { ensureFreeSpace } from '@/lib/storage/free-space';
import { makeCellEncoder, type OutputFormats, type WireType } from '@/lib/values';
import { EngineFailure, type ColumnEncoding, type PartitionInfo, type ResultLimits } from '../types';

/** Partitions at most this big stay inline in the statement record instead of a file. */
const INLINE_LIMIT = 64 * 1024;

function wireTypeOf(v: unknown): WireType {
  if (typeof v === 'bigint') return 'fixed';
  if (typeof v === 'number') return 'real';
  if (v instanceof Uint8Array) return 'binary';
  return 'text';
}

/**
 * Starting size of the write buffer, which doubles as rows need. Below 4 KB it is a slice of
 * Node's buffer pool, so a statement with a small answer (most of them) allocates none of its own.
 */
const INITIAL_BUFFER = 2 * 1024;
const OPEN = 0x5b; // [
const COMMA = 0x2c; // ,
const CLOSE = 0x5d; // ]

export class ResultWriter {
  private encoders: ((v: unknown) => string | null)[] | null = null;
  private readonly types: (WireType | 'auto')[];
  /**
   * The partition being filled, as UTF-8 bytes: rows go straight in, so no row string is kept
   * and nothing is joined or re-encoded when the partition is written (half of the writer's
   * cost when rows were collected as strings).
   */
  private buf = Buffer.allocUnsafe(INITIAL_BUFFER);
  /** Bytes used in `buf`: the opening bracket and the rows so far, without the closing one. */
  private used = 0;
  private rowsInPartition = 0;
  private readonly partitions: PartitionInfo[] = [];
  private firstText: string | null = null;
  private written = 0;
  private totalBytes = 0;
  numRows = 0;
  truncated = false;

  constructor(
    private readonly columns: ColumnEncoding[],
    private readonly formats: OutputFormats,
    private readonly limits: ResultLimits,
    private readonly dir: string | undefined,
    private readonly nullAsString: boolean,
  ) {
    this.types = columns.map((c) => c.type);
  }

  /** Adds one row; returns false when the result is full (row cap or byte cap). */
  add(row: unknown[]): boolean {
    if (this.limits.maxRows > 0 && this.numRows >= this.limits.maxRows) return false;
    if (!this.encoders) this.encoders = this.makeEncoders(row);
    // The row array is reused for its cells: one native JSON.stringify per row beats building
    // the text cell by cell.
    const null_ = this.nullAsString ? 'null' : null;
    for (let i = 0; i < row.length; i++) row[i] = this.encoders[i](row[i]) ?? null_;
    const text = JSON.stringify(row);
    // Room for the separator, the row at 3 UTF-8 bytes per UTF-16 unit at most, and the close.
    this.reserve(this.used + 2 + 3 * text.length);
    const at = this.used;
    this.buf[at] = this.rowsInPartition === 0 ? OPEN : COMMA;
    const n = this.buf.write(text, at + 1);
    if (this.totalBytes + n + 1 > this.limits.maxBytes) {
      this.truncated = true;
      return false;
    }
    this.used = at + 1 + n;
    this.totalBytes += n + 1;
    this.rowsInPartition++;
    this.numRows++;
    const target = this.partitions.length === 0 ? this.limits.firstPartitionBytes : this.limits.partitionBytes;
    if (this.used + 1 >= target) this.flush();
    return true;
  }

  /** Column types, with `auto` resolved from the first row (text when there was none). */
  columnTypes(): WireType[] {
    return this.types.map((t) => (t === 'auto' ? 'text' : t));
  }

  finish(): { partitions: PartitionInfo[]; inlineFirstPartition: string | null } {
    if (this.rowsInPartition > 0 || this.partitions.length === 0) this.flush();
    // A single small partition is handed back instead of being written.
    if (this.partitions.length === 1 && this.firstText !== null && this.written === 0) {
      return { partitions: this.partitions, inlineFirstPartition: this.firstText };
    }
    if (this.firstText !== null) this.writeFile(0, this.firstText);
    return { partitions: this.partitions, inlineFirstPartition: null };
  }

  private makeEncoders(firstRow: unknown[]) {
    return this.columns.map((c, i) => {
      if (c.type === 'auto') this.types[i] = firstRow[i] === null ? 'auto' : wireTypeOf(firstRow[i]);
      const t = this.types[i];
      if (t !== 'auto') return makeCellEncoder({ type: t, scale: c.scale }, this.formats);
      // All-null so far: decide on the first non-null value.
      let inner: ((v: unknown) => string | null) | null = null;
      return (v: unknown) => {
        if (v === null || v === undefined) return null;
        if (!inner) {
          this.types[i] = wireTypeOf(v);
          inner = makeCellEncoder({ type: this.types[i] as WireType, scale: c.scale }, this.formats);
        }
        return inner(v);
      };
    });
  }

  private reserve(bytes: number): void {
    if (bytes <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(bytes, 2 * this.buf.length));
    this.buf.copy(bigger, 0, 0, this.used);
    this.buf = bigger;
  }

  private flush(): void {
    if (this.rowsInPartition === 0) this.buf[this.used++] = OPEN;
    this.buf[this.used++] = CLOSE;
    const bytes = this.buf.subarray(0, this.used);
    const n = this.partitions.length;
    this.partitions.push({ rowCount: this.rowsInPartition, uncompressedSize: this.used });
    if (n === 0 && this.used <= INLINE_LIMIT) this.firstText = bytes.toString('utf8');
    else {
      if (n > 0 && this.firstText !== null) { this.writeFile(0, this.firstText); this.firstText = null; }
      this.writeFile(n, bytes);
    }
    this.used = 0;
    this.rowsInPartition = 0;
  }

  /**
   * Writes one partition file, every byte checked (no fsync: a result is not worth one, and a
   * crash cancels its statement anyway). A full disk, or one that would go below the reserve,
   * fails the statement with the disk error and removes what it had written.
   */
  private writeFile(n: number, content: string | Uint8Array): void {
    const dir = this.dir;
    if (!dir) throw new Error('result directory missing for a partitioned result');
    let fd = -1;
    try {
      if (this.written === 0) fs.mkdirSync(dir, { recursive: true });
      const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
      ensureFreeSpace(dir, bytes.length, this.limits.reserveBytes ?? 0);
      fd = fs.openSync(partitionFile(dir, n), 'w');
      writeAll(fd, bytes, 'result');
      fs.closeSync(fd);
      fd = -1;
    } catch (e) {
      if (fd >= 0) try { fs.closeSync(fd); } catch { /* already failing */ }
      fs.rmSync(dir, { recursive: true, force: true });
      throw new EngineFailure(storageErrorOf(e, 'result').resource);
    }
    this.written++;
  }
}
