'use client';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { ResultSet } from '@/lib/client/api/types';
import { useApiToken } from '@/lib/client/session';
import { arrayRows, columnRows, type PartitionRows } from './lib/column-rows';
import { PartitionCache } from './lib/partition-cache';
import { PartitionIndex } from './lib/partition-index';
import { loadPartition } from './partition-loader';

/** Rows beyond the visible range whose partitions are fetched ahead of need. */
const AHEAD = 200;

/**
 * Rows of a result read by index from a small cache of nearby partitions: partition 0 comes with
 * the answer, others are fetched when the visible range reaches them and evicted when far away.
 * A Web Worker fetches and decodes them (partition.worker.ts): the page only slices the cells it shows.
 */
export function usePartitionedRows(result: ResultSet) {
  const token = useApiToken();
  const tokenRef = useRef(token);
  tokenRef.current = token; // a refreshed token is used by later loads without a new cache
  const handle = result.statementHandle;
  const info = result.resultSetMetaData.partitionInfo;
  const width = result.resultSetMetaData.rowType.length;
  const index = useMemo(() => new PartitionIndex(info.map((p) => p.rowCount)), [info]);
  const cache = useMemo(() => {
    const c = new PartitionCache<PartitionRows>(
      async (p, signal) => columnRows(await loadPartition(tokenRef.current, handle, p, width, signal)),
      (p) => info[p]?.uncompressedSize ?? (info[p]?.rowCount ?? 0) * 64,
    );
    if (info.length > 0) c.put(0, arrayRows(result.data));
    return c;
  }, [handle, info, width, result.data]);
  useEffect(() => () => cache.abortAll(), [cache]);
  const version = useSyncExternalStore(cache.subscribe, cache.getVersion, cache.getVersion);
  const onRangeChange = useCallback((first: number, last: number) => {
    cache.want(index.partitionsFor(first - AHEAD, last + AHEAD));
  }, [cache, index]);
  // `version` makes a new getRow after each load, so the grid renders the rows that arrived.
  const getRow = useCallback((row: number) => index.row(row, (p) => cache.get(p)), [cache, index, version]);
  return { index, getRow, onRangeChange, loading: cache.isLoading, error: cache.error, retry: () => cache.retry() };
}
