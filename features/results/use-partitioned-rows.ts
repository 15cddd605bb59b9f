'use client';
import { useCallback, useMemo, useState } from 'react';
import { useStatementPartitions } from '@/lib/client/api/get-statement-partition';
import type { Cell, ResultSet } from '@/lib/client/api/types';
import { PartitionIndex, partitionsToFetch } from './lib/partition-index';

/** Rows of a result read lazily: partition 0 from the answer, others fetched when the visible range reaches them. */
export function usePartitionedRows(result: ResultSet) {
  const index = useMemo(() => new PartitionIndex(result.resultSetMetaData.partitionInfo.map((p) => p.rowCount)), [result]);
  const [range, setRange] = useState<[number, number]>([0, 0]);
  const wanted = useMemo(() => partitionsToFetch(index, range[0], range[1], 50), [index, range]);
  const queries = useStatementPartitions(result.statementHandle, wanted);
  const loaded = new Map<number, Cell[][]>([[0, result.data]]);
  wanted.forEach((p, i) => { const d = queries[i]?.data; if (d) loaded.set(p, d); });
  const getRow = (row: number) => index.row(row, (p) => loaded.get(p));
  const onRangeChange = useCallback((first: number, last: number) => setRange((r) => (r[0] === first && r[1] === last ? r : [first, last])), []);
  const loading = queries.some((q) => q.isFetching);
  const error = queries.find((q) => q.error)?.error ?? null;
  return { index, getRow, onRangeChange, loading, error };
}
