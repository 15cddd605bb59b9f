/**
 * Wire bodies of the statement endpoints (ResultSet, QueryStatus, QueryFailureStatus,
 * CancelStatus), the Link header, and gzip for large partitions. Partition data is spliced in
 * as stored JSON text: it is never parsed again.
 */
import { randomUUID } from 'node:crypto';
import { resourceError } from '@/lib/limits/resource-errors';
import type { StatementError, StatementRecord } from '@/lib/statements/record';
import { json } from './errors';
import { SECURITY_HEADERS } from './request-policy';

/** Partitions larger than this are gzip-encoded (by Next's compression) for clients that accept it. */
const GZIP_THRESHOLD = 64 * 1024;

export const statusUrl = (handle: string) => `/api/v2/statements/${handle}`;

const partitionUrl = (handle: string, n: number) => `${statusUrl(handle)}?requestId=${randomUUID()}&partition=${n}`;

export function linkHeader(handle: string, count: number, current: number): string {
  const links = [`<${partitionUrl(handle, 0)}>; rel="first"`];
  if (current > 0) links.push(`<${partitionUrl(handle, current - 1)}>; rel="prev"`);
  if (current < count - 1) links.push(`<${partitionUrl(handle, current + 1)}>; rel="next"`);
  links.push(`<${partitionUrl(handle, Math.max(0, count - 1))}>; rel="last"`);
  return links.join(',');
}

export function queryStatus(rec: StatementRecord) {
  return {
    code: '333334',
    message: 'Asynchronous execution in progress. Use provided query id to perform query monitoring and management.',
    statementHandle: rec.handle,
    statementStatusUrl: statusUrl(rec.handle),
    createdOn: rec.createdOn,
  };
}

export function failureStatus(rec: StatementRecord) {
  return {
    code: rec.error!.code,
    message: rec.error!.message,
    sqlState: rec.error!.sqlState,
    statementHandle: rec.handle,
    statementStatusUrl: statusUrl(rec.handle),
    createdOn: rec.createdOn,
  };
}

/** QueryFailureStatus of a statement whose stored result is gone (evicted under FLOE_MAX_RESULTS_BYTES). */
export function evictedStatus(rec: StatementRecord, error: StatementError = rec.evicted!) {
  return { code: error.code, message: error.message, sqlState: error.sqlState, statementHandle: rec.handle, statementStatusUrl: statusUrl(rec.handle), createdOn: rec.createdOn };
}

/** Its files were removed between reading the record and reading them (an eviction racing this read). */
const filesGone = (rec: StatementRecord): StatementError =>
  resourceError('resultEvicted', `the result of statement ${rec.handle} was removed (FLOE_MAX_RESULTS_BYTES, FLOE_RESULT_RETENTION_HOURS)`);

/** Reads partition `n` of a statement's stored result as stored (ENOENT when it is gone): floe.statements.readPartition. */
export type PartitionRead = (n: number) => Promise<string | Buffer>;

/** A succeeded statement's result partition, or 422 when its result was evicted. */
export async function storedResultResponse(rec: StatementRecord, read: PartitionRead, partition: number): Promise<Response> {
  if (rec.evicted) return json(422, evictedStatus(rec));
  try {
    return await resultSetResponse(rec, read, partition);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    return json(422, evictedStatus(rec, filesGone(rec)));
  }
}

/** A partition's JSON text. */
export async function readPartition(read: PartitionRead, n: number): Promise<string> {
  const data = await read(n);
  return typeof data === 'string' ? data : data.toString('utf8');
}

function respond(status: number, parts: (string | Buffer)[], headers: Record<string, string>): Response {
  const body = parts.every((p) => typeof p === 'string') ? parts.join('') : Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
  const big = body.length > GZIP_THRESHOLD;
  return new Response(body, { status, headers: { 'content-type': 'application/json', 'cache-control': big ? 'no-store' : 'no-store, no-transform', ...SECURITY_HEADERS, ...headers } });
}

/** 200 ResultSet with partition 0 (full metadata), or `{"data": …}` for a later partition. */
export async function resultSetResponse(rec: StatementRecord, read: PartitionRead, partition: number): Promise<Response> {
  const result = rec.result!;
  const count = result.partitions.length;
  const link = linkHeader(rec.handle, count, partition);
  // (Stored bytes are answered as they are, never decoded and re-encoded.)
  const data = await read(partition);
  if (partition > 0) return respond(200, ['{"data":', data, '}'], { link });
  const meta = {
    numRows: result.numRows,
    format: 'jsonv2',
    partitionInfo: result.partitions,
    rowType: result.rowType,
    ...(result.parameters ? { parameters: result.parameters } : {}),
  };
  const truncated = result.truncated;
  const head: Record<string, unknown> = {
    resultSetMetaData: meta,
  };
  const tail: Record<string, unknown> = {
    code: truncated ? '391908' : '090001',
    statementStatusUrl: statusUrl(rec.handle),
    requestId: rec.requestId,
    sqlState: '00000',
    statementHandle: rec.handle,
    message: truncated
      ? 'The result set size exceeded the max allowed; the response contains only part of the result.'
      : 'Statement executed successfully.',
    createdOn: rec.createdOn,
  };
  if (rec.children) tail.statementHandles = rec.children;
  if (result.stats) tail.stats = result.stats;
  return respond(200, [`${JSON.stringify(head).slice(0, -1)},"data":`, data, `,${JSON.stringify(tail).slice(1)}`], { link });
}
