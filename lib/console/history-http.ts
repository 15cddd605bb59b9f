/**
 * GET /api/console/history: the History page's list, newest first, one page at a time.
 *
 *   ?limit=1…500 (50)  ?cursor=<next of the previous page>  ?from=&to= (epoch ms, start time in [from, to))
 *   ?status=running|succeeded|failed  ?q=<search text>  ?user=<name> (ACCOUNTADMIN only)
 *
 * Answer: { entries, next (null at the end), everyone (the caller sees every user's), users
 * (the names the user filter offers, ACCOUNTADMIN only) }. Statements the console sent for
 * itself (X-Floe-Internal) are not listed; the list is read from the registry, not by running a
 * statement, so polling it adds nothing to anyone's history.
 */
import { HttpError, httpErrors, json } from '@/lib/http/errors';
import { requireSqlApi } from '@/lib/http/sql-api';
import { mayRead, seesEveryone } from '@/lib/http/statements';
import type { HistoryCursor } from '@/lib/statements/registry';
import type { StatementRecord } from '@/lib/statements/record';
import { consoleGuarded } from './guard';
import { historyEntry, matchesSearch } from './history';

const LIMIT = { default: 50, max: 500 };
/** Records one page reads at most when filters match little: the page then ends early with a cursor. */
const MAX_SCAN = 20_000;
const STATUSES = new Set(['running', 'succeeded', 'failed']);

const encodeCursor = (c: HistoryCursor) => Buffer.from(JSON.stringify([c.createdOn, c.handle])).toString('base64url');

function decodeCursor(text: string): HistoryCursor {
  try {
    const [createdOn, handle] = JSON.parse(Buffer.from(text, 'base64url').toString()) as unknown[];
    if (typeof createdOn === 'number' && typeof handle === 'string') return { createdOn, handle };
  } catch { /* answered below */ }
  throw httpErrors.badParameter('cursor', text);
}

function intParam(url: URL, name: string, min: number, max: number): number | undefined {
  const v = url.searchParams.get(name);
  if (v === null || v === '') return undefined;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < min || n > max) throw httpErrors.badParameter(name, v);
  return n;
}

export const listHistory = (req: Request) => consoleGuarded(req, async (floe, who) => {
  requireSqlApi(floe, who);
  const url = new URL(req.url);
  const catalog = floe.catalog();
  const everyone = seesEveryone(catalog, who);
  const limit = intParam(url, 'limit', 1, LIMIT.max) ?? LIMIT.default;
  const from = intParam(url, 'from', 0, Number.MAX_SAFE_INTEGER);
  const to = intParam(url, 'to', 0, Number.MAX_SAFE_INTEGER);
  const cursor = url.searchParams.get('cursor');
  const status = url.searchParams.get('status') || 'all';
  if (status !== 'all' && !STATUSES.has(status)) throw httpErrors.badParameter('status', status);
  const userName = url.searchParams.get('user') || undefined;
  if (userName !== undefined && userName !== who.user && !everyone) {
    throw new HttpError(403, '003001', `Insufficient privileges to see the statements of user ${userName}: only ACCOUNTADMIN sees other users' statements.`);
  }
  const search = url.searchParams.get('q') ?? '';
  const keep = (rec: StatementRecord) => (status === 'all' || rec.status === status) && matchesSearch(rec, search) && mayRead(catalog, who, rec);
  const { records, next } = await floe.statements.historyPage(
    { user: who.user, everyone, userName, from, to, after: cursor ? decodeCursor(cursor) : undefined }, limit, keep, MAX_SCAN);
  const now = Date.now();
  return json(200, {
    entries: records.map((r) => historyEntry(r, now)),
    next: next && encodeCursor(next),
    everyone,
    ...(everyone ? { users: [...catalog.users.keys()].sort() } : {}),
  });
});
