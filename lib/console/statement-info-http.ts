/**
 * GET /api/console/statements/{handle}: what a share link shows besides the result — the SQL
 * text, who ran it under which role, and its status. The SQL API's answers do not carry the text,
 * and QUERY_HISTORY lists only one's own statements, so a second user opening a share link would
 * otherwise see no SQL. Visibility is the statement endpoints' own rule (share links included).
 * `detail` is History's statement detail view (lib/console/history.ts).
 */
import { json } from '@/lib/http/errors';
import { requireSqlApi } from '@/lib/http/sql-api';
import { notFound, visible } from '@/lib/http/statements';
import { executionStatus } from '@/lib/statements/record';
import { consoleGuarded } from './guard';
import { statementDetail } from './history';

export const statementInfo = (req: Request, handle: string) => consoleGuarded(req, async (floe, who) => {
  requireSqlApi(floe, who);
  const rec = await visible(floe, who, handle, true);
  if (!rec) return notFound(handle);
  return json(200, {
    statementHandle: rec.handle,
    sqlText: rec.sqlText,
    user: rec.user,
    role: rec.role,
    status: executionStatus(rec),
    createdOn: rec.createdOn,
    endedOn: rec.endedOn ?? null,
    // History's detail view: context, timings, result size, the error and where it points.
    detail: statementDetail(rec),
  });
});
