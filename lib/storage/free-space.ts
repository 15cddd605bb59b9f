/**
 * The free-space reserve: writes are refused, cleanly and before anything is half-written, while
 * the data directory's disk has less than the reserve free. They work again by themselves once
 * space returns (the check is made on every write, not latched).
 */
import fs from 'node:fs';
import { resourceError } from '@/lib/limits/resource-errors';
import { StorageError } from './durable-file';
import { injectedFreeBytes } from './faults';

/** Bytes available to unprivileged writers on the file system holding `dir`. */
export function freeBytes(dir: string): number {
  const injected = injectedFreeBytes();
  if (injected !== undefined) return injected;
  const st = fs.statfsSync(dir);
  return st.bavail * st.bsize;
}

/**
 * Throws StorageError('disk') when writing about `bytes` more would leave less than `reserve`
 * bytes free under `dir`. `reserve` is FLOE_MIN_FREE_DISK_BYTES (0 = no reserve: then only a
 * write of known size that does not fit at all is refused).
 */
export function ensureFreeSpace(dir: string, bytes: number, reserve: number): void {
  if (reserve <= 0 && bytes <= 0 && injectedFreeBytes() === undefined) return;
  const free = freeBytes(dir);
  if (free - bytes >= reserve) return;
  const need = bytes > 0 ? `, ${bytes} bytes are needed` : '';
  throw new StorageError(resourceError('disk', `${free} bytes free on the data directory's disk${need}, ${reserve} bytes are kept in reserve (FLOE_MIN_FREE_DISK_BYTES)`), 'ENOSPC');
}
