/**
 * Writes that tell the truth. Every byte of state Floe acknowledges goes through here: a short
 * write is continued or reported, never taken as success; a failed append is cut back so the next
 * one starts on a clean boundary; a whole file is written beside its target, synced, verified and
 * only then renamed into place. Calls are at most CHUNK bytes, so files past 2 GiB work too.
 * Each call passes through the fault-injection seam (faults.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { resourceError, type ResourceError } from '@/lib/limits/resource-errors';
import { faultFor, type StorageOp, type StorageSite } from './faults';

/** Largest single read or write (Node refuses ≥ 2 GiB in one call). */
export const CHUNK = 256 * 1024 * 1024;

const DISK_FULL = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

/** A write that did not reach the disk, with the error the statement or request answers. */
export class StorageError extends Error {
  constructor(readonly resource: ResourceError, readonly errno?: string) {
    super(resource.message);
    this.name = 'StorageError';
  }
}

export function isStorageError(e: unknown): e is StorageError {
  return e instanceof StorageError;
}

/** Wraps a file-system error of `site` in the resource error it means (disk full, or I/O). */
export function storageErrorOf(e: unknown, site: StorageSite): StorageError {
  if (e instanceof StorageError) return e;
  const code = (e as NodeJS.ErrnoException)?.code ?? '';
  const detail = `${site} write failed (${code || (e instanceof Error ? e.message : String(e))})`;
  return new StorageError(resourceError(DISK_FULL.has(code) ? 'disk' : 'io', detail), code || undefined);
}

function inject(site: StorageSite, op: StorageOp): 'short' | null {
  const f = faultFor(site, op);
  if (!f) return null;
  if (f.kind === 'error') throw f.error;
  return 'short';
}

const toBytes = (data: string | Uint8Array): Uint8Array => (typeof data === 'string' ? Buffer.from(data, 'utf8') : data);

/**
 * Writes all of `data` at `position` (null: the file's current offset), continuing short writes.
 * A call that writes nothing is a full disk. Throws StorageError; the file may then hold a prefix.
 */
export function writeAll(fd: number, data: string | Uint8Array, site: StorageSite, position: number | null = null): number {
  const bytes = toBytes(data);
  let done = 0;
  try {
    while (done < bytes.length) {
      let len = Math.min(CHUNK, bytes.length - done);
      if (inject(site, 'write') === 'short') len = Math.max(1, len >> 1);
      const n = fs.writeSync(fd, bytes, done, len, position === null ? null : position + done);
      if (n <= 0) throw Object.assign(new Error('write made no progress'), { code: 'ENOSPC' });
      done += n;
    }
  } catch (e) {
    throw storageErrorOf(e, site);
  }
  return done;
}

/** fdatasync (fsync when `metadata`): an acknowledged write is on the disk. */
export function syncFd(fd: number, site: StorageSite, metadata = false): void {
  try {
    inject(site, 'fsync');
    if (metadata) fs.fsyncSync(fd);
    else fs.fdatasyncSync(fd);
  } catch (e) {
    throw storageErrorOf(e, site);
  }
}

/**
 * Appends one record at `end` (the file's known good length) and syncs it. On any failure the
 * file is cut back to `end` (best effort: the caller also treats the file as ending there), so a
 * torn record is never followed by acknowledged ones. Returns the bytes written.
 */
export function appendRecord(fd: number, end: number, data: string | Uint8Array, site: StorageSite, sync = true): number {
  try {
    const n = writeAll(fd, data, site, end);
    if (sync) syncFd(fd, site);
    return n;
  } catch (e) {
    try { fs.ftruncateSync(fd, end); } catch { /* the caller's `end` stays the truth */ }
    throw storageErrorOf(e, site);
  }
}

/**
 * The length of a record file's complete records (up to its last `\n`, read backwards): anything
 * after it is an append that failed and could not be cut back, to be written over.
 */
export function completeRecordsEnd(fd: number): number {
  const block = Buffer.allocUnsafe(64 * 1024);
  for (let end = fs.fstatSync(fd).size; end > 0;) {
    const start = Math.max(0, end - block.length);
    const n = fs.readSync(fd, block, 0, end - start, start);
    const i = block.subarray(0, n).lastIndexOf(0x0a);
    if (i >= 0) return start + i + 1;
    end = start;
  }
  return 0;
}

/** Makes a rename or create in `dir` durable. */
export function syncDir(dir: string, site: StorageSite): void {
  let fd = -1;
  try {
    fd = fs.openSync(dir, 'r');
    syncFd(fd, site, true);
  } catch (e) {
    throw storageErrorOf(e, site);
  } finally {
    if (fd >= 0) fs.closeSync(fd);
  }
}

/**
 * Writes a whole file durably: `<file>.tmp`, every chunk written and fsynced, `verify(tmp)` (throw
 * to refuse it), rename over `file`, fsync of the directory. The old file stays untouched until
 * the new one is complete and verified; on failure the temp file is removed.
 */
export function writeFileDurably(
  file: string,
  data: string | Uint8Array | Iterable<Uint8Array>,
  site: StorageSite,
  verify?: (tmpFile: string) => void,
): void {
  const tmp = `${file}.tmp`;
  let fd = -1;
  try {
    inject(site, 'open');
    fd = fs.openSync(tmp, 'w');
    if (typeof data === 'string' || data instanceof Uint8Array) writeAll(fd, data, site);
    else for (const part of data) writeAll(fd, part, site);
    syncFd(fd, site, true);
    fs.closeSync(fd);
    fd = -1;
    verify?.(tmp);
    inject(site, 'rename');
    fs.renameSync(tmp, file);
  } catch (e) {
    if (fd >= 0) try { fs.closeSync(fd); } catch { /* already failing */ }
    fs.rmSync(tmp, { force: true });
    throw e instanceof StorageError ? e : storageErrorOf(e, site);
  }
  syncDir(path.dirname(file), site);
}

/** Reads a whole file in chunks (fs.readFileSync refuses files of 2 GiB and more). */
export function readFileChunked(file: string): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const buf = Buffer.allocUnsafe(size);
    let done = 0;
    while (done < size) {
      const n = fs.readSync(fd, buf, done, Math.min(CHUNK, size - done), done);
      if (n <= 0) throw new Error(`${file}: file ended at ${done} of ${size} bytes`);
      done += n;
    }
    return buf;
  } finally {
    fs.closeSync(fd);
  }
}
