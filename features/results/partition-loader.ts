'use client';
/**
 * The page's side of the partition worker (partition.worker.ts): one worker for the page, a
 * promise per load, an abort message when the cache gives a load up. Thin on purpose: what to
 * load and keep is the partition cache's (lib/partition-cache.ts), the encoding lib/column-rows.ts's.
 */
import { ApiError, reportUnauthorized } from '@/lib/client/api/fetcher';
import type { ColumnPartition } from './lib/column-rows';

export type ToPartitionWorker =
  | { type: 'load'; id: number; token: string; handle: string; partition: number; width: number }
  | { type: 'abort'; id: number };
export type FromPartitionWorker =
  | { id: number; ok: true; partition: ColumnPartition }
  | { id: number; ok: false; status: number; code: string; message: string; statementHandle?: string };

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve: (p: ColumnPartition) => void; reject: (e: unknown) => void }>();

function theWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./partition.worker.ts', import.meta.url), { type: 'module', name: 'floe-partitions' });
  worker.onmessage = (e: MessageEvent<FromPartitionWorker>) => {
    const m = e.data;
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.ok) { w.resolve(m.partition); return; }
    if (m.status === 401) reportUnauthorized();
    w.reject(m.status ? new ApiError(m.status, m.code, m.message, m.statementHandle) : new Error(m.message));
  };
  // A worker that cannot start fails its loads (the grid offers Retry, which starts a new one).
  worker.onerror = (e) => {
    for (const w of waiting.values()) w.reject(new Error(`partition worker failed: ${e.message || 'no details'}`));
    waiting.clear();
    worker?.terminate();
    worker = null;
  };
  return worker;
}

/** Partition `partition` of statement `handle` (`width` columns), fetched and decoded by the worker. */
export function loadPartition(token: string, handle: string, partition: number, width: number, signal: AbortSignal): Promise<ColumnPartition> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    const w = theWorker();
    waiting.set(id, { resolve, reject });
    signal.addEventListener('abort', () => {
      waiting.delete(id);
      w.postMessage({ type: 'abort', id } satisfies ToPartitionWorker);
      reject(signal.reason);
    }, { once: true });
    w.postMessage({ type: 'load', id, token, handle, partition, width } satisfies ToPartitionWorker);
  });
}
