/**
 * The registry's lines. On one node (the embedded engine) a file: JSON lines, appended through
 * the storage seam (a failed append is cut back, so no torn line is ever followed by acknowledged
 * ones), read back by offset, and rewritten without its superseded lines — at start in one go,
 * while serving in slices that leave the request thread free between them. With shared state
 * (PostgreSQL) the records' durable home is PostgreSQL, and the node's registry is a cache of its
 * own statements: its lines are kept in memory (MemoryLines), not written twice.
 */
import fs from 'node:fs';
import path from 'node:path';
import { appendRecord, storageErrorOf, syncDir, syncFd, writeAll, writeFileDurably } from '@/lib/storage/durable-file';

/** Where one line is: its offset and length (newline included). */
export interface Span {
  at: number;
  bytes: number;
}

/** Bytes written per slice of a rewrite (and copied per slice of a compaction's tail). */
const SLICE = 4 * 1024 * 1024;
/** Bytes of the old file a compaction reads per slice (current and superseded lines) before the request thread gets its turn again. */
const REGION = 2 * 1024 * 1024;
/** A compaction finishes synchronously once the lines appended meanwhile are fewer than this. */
const TAIL = 1024 * 1024;

const yieldToRequests = () => new Promise<void>((r) => setImmediate(r));

/** Every complete line of `file` with its span (a torn last line is left out), read in chunks: no 2 GiB limit. */
export function* readLines(file: string): Generator<{ line: string; span: Span }> {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  try {
    const buf = Buffer.allocUnsafe(16 * 1024 * 1024);
    let rest: Buffer[] = [];
    let at = 0;
    for (;;) {
      const n = fs.readSync(fd, buf, 0, buf.length, null);
      if (n <= 0) break;
      const chunk = buf.subarray(0, n);
      let start = 0;
      for (let nl = chunk.indexOf(10, 0); nl >= 0; nl = chunk.indexOf(10, start)) {
        const piece = chunk.subarray(start, nl);
        const whole = rest.length ? Buffer.concat([...rest, piece]) : piece;
        yield { line: whole.toString('utf8'), span: { at, bytes: whole.length + 1 } };
        at += whole.length + 1;
        rest = [];
        start = nl + 1;
      }
      if (start < n) rest.push(Buffer.from(chunk.subarray(start)));
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** Where the registry's lines are kept: a file (LineFile) or memory (MemoryLines). */
export interface RegistryLines {
  /** Bytes held: current and superseded lines (compaction reclaims the latter). */
  readonly size: number;
  readonly busy: boolean;
  append(line: string): Span;
  read(span: Span): string;
  /** The line is superseded or forgotten: memory frees it now; a file reclaims it at its next compaction. */
  drop(span: Span): void;
  /** The lines kept from before (a start): every complete one with its span. */
  stored(): Iterable<{ line: string; span: Span }>;
  rewrite(lines: string[]): Span[];
  open(size: number): void;
  compact(kept: () => Span[], moved: (newAt: (oldAt: number) => number) => void): Promise<void>;
  close(): void;
}

/** Lines in memory: nothing from before a start, nothing superseded kept (so never compacted). */
export class MemoryLines implements RegistryLines {
  private readonly lines = new Map<number, string>();
  private next = 0;
  size = 0;
  readonly busy = false;

  append(line: string): Span {
    const span = { at: this.next, bytes: Buffer.byteLength(line) + 1 };
    this.next += span.bytes;
    this.lines.set(span.at, line);
    this.size += span.bytes;
    return span;
  }

  read(span: Span): string {
    return this.lines.get(span.at) ?? '';
  }

  drop(span: Span): void {
    if (this.lines.delete(span.at)) this.size -= span.bytes;
  }

  stored(): Iterable<{ line: string; span: Span }> {
    return [];
  }

  rewrite(lines: string[]): Span[] {
    this.close();
    return lines.map((l) => this.append(l));
  }

  open(): void {}

  async compact(): Promise<void> {}

  close(): void {
    this.lines.clear();
    this.size = 0;
  }
}

export class LineFile implements RegistryLines {
  private fd = -1;
  /** Bytes in the file: where the next line starts. */
  size = 0;
  private compacting = false;

  constructor(readonly file: string) {}

  /** Replaces the file with `lines` (durably: temp file, fsync, rename) and opens it; answers each line's span. */
  rewrite(lines: string[]): Span[] {
    const spans: Span[] = [];
    let at = 0;
    // Written in slices of whole lines (one write call per line would cost a call each).
    function* slices(): Generator<Buffer> {
      let parts: Buffer[] = [];
      let bytes = 0;
      for (const l of lines) {
        const b = Buffer.from(`${l}\n`, 'utf8');
        spans.push({ at, bytes: b.length });
        at += b.length;
        parts.push(b);
        bytes += b.length;
        if (bytes >= SLICE) {
          yield Buffer.concat(parts);
          parts = [];
          bytes = 0;
        }
      }
      if (parts.length) yield Buffer.concat(parts);
    }
    writeFileDurably(this.file, slices(), 'registry');
    const fd = fs.openSync(this.file, 'r+');
    this.close();
    this.fd = fd;
    this.size = at;
    return spans;
  }

  /** Opens the file as it is, `size` bytes of whole lines long (a torn tail beyond is cut). */
  open(size: number): void {
    const fd = fs.openSync(this.file, fs.existsSync(this.file) ? 'r+' : 'w+');
    try { fs.ftruncateSync(fd, size); } catch { /* appends overwrite it from `size` on */ }
    this.close();
    this.fd = fd;
    this.size = size;
  }

  /** Appends one line (not fsynced: it reaches the kernel, which a kill -9 does not undo). Throws StorageError. */
  append(line: string): Span {
    const at = this.size;
    const bytes = appendRecord(this.fd, at, Buffer.from(`${line}\n`, 'utf8'), 'registry', false);
    this.size = at + bytes;
    return { at, bytes };
  }

  drop(): void {}

  stored(): Iterable<{ line: string; span: Span }> {
    return readLines(this.file);
  }

  read(span: Span): string {
    const buf = Buffer.allocUnsafe(span.bytes);
    const n = fs.readSync(this.fd, buf, 0, span.bytes, span.at);
    return buf.toString('utf8', 0, n);
  }

  get busy(): boolean {
    return this.compacting;
  }

  /**
   * Rewrites the file with only the lines `kept()` names. The lines are copied in slices, and
   * lines appended meanwhile (to the old file) are carried over whole at the end; then the new
   * file is synced and renamed over the old one, and `moved` is called once, synchronously, with
   * the new offset of each old one, so that no read ever sees half of the change.
   */
  async compact(kept: () => Span[], moved: (newAt: (oldAt: number) => number) => void): Promise<void> {
    if (this.compacting) return;
    this.compacting = true;
    const tmp = `${this.file}.compact`;
    let out = -1;
    try {
      // Read-write: after the rename this descriptor is the registry's.
      out = fs.openSync(tmp, 'w+');
      const snapshotEnd = this.size;
      const spans = kept().filter((s) => s.at < snapshotEnd).sort((a, b) => a.at - b.at);
      const newAt = new Map<number, number>();
      let pos = 0;
      for (let i = 0; i < spans.length;) {
        // One slice: the region holding the next lines, read in one call, the kept ones copied out.
        const from = spans[i].at;
        let j = i;
        while (j < spans.length && (j === i || spans[j].at + spans[j].bytes - from <= REGION)) j++;
        const region = Buffer.allocUnsafe(spans[j - 1].at + spans[j - 1].bytes - from);
        const got = fs.readSync(this.fd, region, 0, region.length, from);
        if (got < region.length) throw new Error(`registry ended at ${from + got} of ${from + region.length} bytes`);
        const slice = Buffer.allocUnsafe(spans.slice(i, j).reduce((n, sp) => n + sp.bytes, 0));
        let used = 0;
        for (; i < j; i++) {
          const sp = spans[i];
          newAt.set(sp.at, pos + used);
          used += region.copy(slice, used, sp.at - from, sp.at - from + sp.bytes);
        }
        writeAll(out, slice, 'registry', pos);
        pos += used;
        await yieldToRequests();
      }
      // The lines appended since the snapshot, copied as they are (their offsets shift alike).
      const tailStart = pos;
      let copied = snapshotEnd;
      const copyTail = (upTo: number) => {
        while (copied < upTo) {
          const len = Math.min(SLICE, upTo - copied);
          const buf = Buffer.allocUnsafe(len);
          const n = fs.readSync(this.fd, buf, 0, len, copied);
          if (n <= 0) throw new Error(`registry ended at ${copied} of ${upTo} bytes`);
          writeAll(out, buf.subarray(0, n), 'registry', pos);
          pos += n;
          copied += n;
        }
      };
      while (this.size - copied > TAIL) {
        copyTail(Math.min(this.size, copied + SLICE));
        await yieldToRequests();
      }
      // The bulk reaches the disk while requests go on; the final sync below then has only the tail to flush.
      await new Promise<void>((resolve, reject) => fs.fdatasync(out, (e) => (e ? reject(storageErrorOf(e, 'registry')) : resolve())));
      // From here to the swap nothing yields: no append can slip between.
      copyTail(this.size);
      syncFd(out, 'registry');
      fs.renameSync(tmp, this.file);
      this.close();
      this.fd = out;
      this.size = pos;
      out = -1;
      moved((oldAt) => (oldAt >= snapshotEnd ? oldAt - snapshotEnd + tailStart : newAt.get(oldAt) ?? -1));
      syncDir(path.dirname(this.file), 'registry');
    } catch (e) {
      if (out >= 0) try { fs.closeSync(out); } catch { /* already failing */ }
      fs.rmSync(tmp, { force: true });
      throw e;
    } finally {
      this.compacting = false;
    }
  }

  close(): void {
    if (this.fd >= 0) fs.closeSync(this.fd);
    this.fd = -1;
  }
}
