import { expect, test } from 'vitest';
import { filterHistory } from '@/features/history/lib/filter-history';
import type { HistoryEntry } from '@/lib/client/api/get-query-history';

const e = (queryId: string, status: string, queryText: string, tag: string | null = null): HistoryEntry =>
  ({ queryId, status, queryText, tag, errorCode: null, errorMessage: status === 'FAILED_WITH_ERROR' ? 'Object does not exist' : null, startTime: null, elapsedMs: null, rows: null });
const all = [e('h1', 'SUCCESS', 'SELECT 1', 'nightly'), e('h2', 'RUNNING', 'SELECT SYSTEM$WAIT(9)'), e('h3', 'FAILED_WITH_ERROR', 'SELECT * FROM nope')];

test('status groups and search over text, handle, tag and error', () => {
  expect(filterHistory(all, 'all', '').map((x) => x.queryId)).toEqual(['h1', 'h2', 'h3']);
  expect(filterHistory(all, 'running', '').map((x) => x.queryId)).toEqual(['h2']);
  expect(filterHistory(all, 'failed', '').map((x) => x.queryId)).toEqual(['h3']);
  expect(filterHistory(all, 'all', 'NIGHTLY').map((x) => x.queryId)).toEqual(['h1']);
  expect(filterHistory(all, 'all', 'does not exist').map((x) => x.queryId)).toEqual(['h3']);
  expect(filterHistory(all, 'succeeded', 'wait')).toEqual([]);
  expect(filterHistory(all, 'all', 'h2').map((x) => x.queryId)).toEqual(['h2']);
});
