/**
 * The results grid's partition loads, off the page's main thread: the fetch, the JSON parse of a
 * ~4 MB partition and its encoding into per-column strings (lib/column-rows.ts) run here, so that
 * a fling across partitions never stalls a frame. Messages: partition-loader.ts.
 */
import { getStatementPartition } from '@/lib/client/api/get-statement-partition';
import { ApiError } from '@/lib/client/api/fetcher';
import { encodeColumns, transferablesOf } from './lib/column-rows';
import type { FromPartitionWorker, ToPartitionWorker } from './partition-loader';

const loads = new Map<number, AbortController>();
const post = (m: FromPartitionWorker, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(m, transfer);

self.onmessage = async (e: MessageEvent<ToPartitionWorker>) => {
  const m = e.data;
  if (m.type === 'abort') { loads.get(m.id)?.abort(); loads.delete(m.id); return; }
  const ctl = new AbortController();
  loads.set(m.id, ctl);
  try {
    const rows = await getStatementPartition(m.token, m.handle, m.partition, ctl.signal);
    const partition = encodeColumns(rows, m.width);
    if (loads.delete(m.id)) post({ id: m.id, ok: true, partition }, transferablesOf(partition));
  } catch (err) {
    if (!loads.delete(m.id)) return; // aborted: the page no longer waits for it
    const api = err instanceof ApiError ? err : null;
    post({ id: m.id, ok: false, status: api?.status ?? 0, code: api?.code ?? '0', message: (err as Error).message, statementHandle: api?.statementHandle });
  }
};
