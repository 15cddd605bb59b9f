/**
 * GET /api/console/statements/{handle}/export?format=csv|json: a finished statement's full result
 * as a download, streamed from its stored partitions one at a time (never re-run, never held
 * whole in memory). Visibility is the statement endpoints' own rule; a running or failed
 * statement answers like GET /api/v2/statements/{handle} does.
 */
import { HttpError, json } from '@/lib/http/errors';
import { evictedStatus, failureStatus, queryStatus, readPartition, type PartitionRead } from '@/lib/http/result-set';
import { notFound, visible } from '@/lib/http/statements';
import type { StatementRecord } from '@/lib/statements/record';
import { encoderFor, type Cell, type ExportFormat } from './export-format';
import { consoleGuarded } from './guard';
import { SECURITY_HEADERS } from '@/lib/http/request-policy';

function formatParam(url: URL): ExportFormat {
  const f = (url.searchParams.get('format') ?? 'csv').toLowerCase();
  if (f === 'csv' || f === 'json') return f;
  throw new HttpError(400, '390142', `Invalid value '${f}' for query parameter 'format': use csv or json.`);
}

function resultStream(rec: StatementRecord, read: PartitionRead, format: ExportFormat): { stream: ReadableStream<Uint8Array>; contentType: string } {
  const result = rec.result!;
  const enc = encoderFor(format, result.rowType, result.parameters);
  const utf8 = new TextEncoder();
  let next = 0;
  let rowsBefore = false;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(utf8.encode(enc.head()));
    },
    // One partition per pull: the consumer's pace decides how fast files are read.
    async pull(controller) {
      if (next >= result.partitions.length) {
        controller.enqueue(utf8.encode(enc.tail()));
        controller.close();
        return;
      }
      const rows = JSON.parse(await readPartition(read, next++)) as Cell[][];
      if (rows.length) controller.enqueue(utf8.encode(enc.rows(rows, rowsBefore)));
      rowsBefore ||= rows.length > 0;
    },
  }, { highWaterMark: 1 });
  return { stream, contentType: enc.contentType };
}

export const exportStatement = (req: Request, handle: string) => consoleGuarded(req, async (floe, who) => {
  const format = formatParam(new URL(req.url));
  const rec = await visible(floe, who, handle, true); // a share link's statement downloads like it reads
  if (!rec) return notFound(handle);
  if (rec.status === 'running') return json(202, queryStatus(rec));
  if (rec.status === 'failed') return json(422, failureStatus(rec));
  if (rec.evicted) return json(422, evictedStatus(rec));
  const { stream, contentType } = resultStream(rec, (n) => floe.statements.readPartition(rec, n), format);
  return new Response(stream, {
    status: 200,
    headers: {
      'content-type': contentType,
      'content-disposition': `attachment; filename="floe-${rec.handle}.${format}"`,
      'cache-control': 'no-store',
      ...SECURITY_HEADERS,
    },
  });
});
