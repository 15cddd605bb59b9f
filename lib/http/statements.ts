/** Handlers of POST /api/v2/statements, GET /api/v2/statements/{h} and POST …/{h}/cancel. */
import { randomUUID } from 'node:crypto';
import { Access } from '@/lib/access/check';
import { defaultRole, grantedRoles } from '@/lib/access/roles';
import type { Principal } from '@/lib/auth/authenticate';
import type { Catalog } from '@/lib/catalog/catalog';
import type { SqlParam } from '@/lib/engine/types';
import type { Floe } from '@/lib/floe';
import type { SqlError } from '@/lib/sql/errors';
import type { Session } from '@/lib/sql/session';
import type { KeptSessionError } from '@/lib/statements/kept-sessions';
import type { StatementRecord } from '@/lib/statements/record';
import type { TooManyStatements } from '@/lib/statements/service';
import { parseParameters, type UnknownParameter } from '@/lib/sql/session-parameters';
import { buildSession } from '@/lib/statements/session-setup';
import { bindTypeOf, convertBinding, type BindingError, type BindType } from '@/lib/values';
import { HttpError, httpErrors, isErrorNamed, json } from './errors';
import { guarded } from './guard';
import { requireSqlApi } from './sql-api';
import { boolParam, checkContentType, isInternalRequest, partitionParam, readStatementBody, requestIdParam, type StatementBody } from './request';
import { evictedStatus, failureStatus, queryStatus, statusUrl, storedResultResponse } from './result-set';
import { keptSessionOf, postedSession, sessionHeaders, waitMsOf } from './kept-session';

const sqlFailure = (e: SqlError | BindingError) => json(422, {
  code: e.code,
  message: e.message,
  sqlState: e.sqlState,
  statementHandle: randomUUID(),
  createdOn: Date.now(),
});

function bindingsOf(body: StatementBody, timezone: string): { params: SqlParam[]; paramTypes: BindType[]; unbound: number[] } {
  const params: SqlParam[] = [];
  const paramTypes: BindType[] = [];
  for (const [key, b] of Object.entries(body.bindings ?? {})) {
    const pos = Number(key);
    if (!/^\d+$/.test(key) || pos < 1 || pos > 100_000) throw httpErrors.badPayload(`Binding key '${key}' is not a position.`);
    const converted = convertBinding({ type: b.type, value: b.value ?? null }, pos, timezone);
    params[pos - 1] = converted.value as SqlParam;
    paramTypes[pos - 1] = bindTypeOf(converted);
  }
  // A gap is no value: a statement that uses its placeholder fails (002049) instead of reading NULL.
  const unbound: number[] = [];
  for (let i = 0; i < params.length; i++) if (params[i] === undefined) { params[i] = null; paramTypes[i] = 'text'; unbound.push(i + 1); }
  return { params, paramTypes, unbound };
}

/**
 * A failed multi-statement request names the statements it ran (the failing one last) in a
 * header: its body is Snowflake's, which has no room for them.
 */
const failed = (rec: StatementRecord) => json(422, failureStatus(rec), rec.children?.length ? { 'x-floe-statement-handles': rec.children.join(',') } : {});

function outcomeResponse(floe: Floe, rec: StatementRecord, finished: boolean): Promise<Response> | Response {
  if (!finished) return json(202, queryStatus(rec));
  if (rec.status === 'failed') {
    if (rec.timedOut) return json(408, { ...queryStatus(rec), code: rec.error!.code, sqlState: rec.error!.sqlState, message: rec.error!.message });
    return failed(rec);
  }
  return storedResultResponse(rec, (n) => floe.statements.readPartition(rec, n), 0);
}

/**
 * A request's session, checked against the catalog copy (role granted, warehouse, database);
 * several nodes: a refusal is checked once more against the shared catalog, which another node
 * may have changed an instant ago (a GRANT there holds here at once).
 */
async function freshSession(floe: Floe, build: () => Session): Promise<Session> {
  try {
    return build();
  } catch (e) {
    if (!(await floe.catchUp())) throw e;
    return build();
  }
}

/** Adds a kept session's headers (its id, context and notice) to an answer. */
function withSession(res: Response, headers: Record<string, string>): Response {
  for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
  return res;
}

export function postStatement(req: Request): Promise<Response> {
  return guarded(req, async (floe, who) => {
    checkContentType(req);
    const url = new URL(req.url);
    const async = boolParam(url, 'async') ?? false;
    const nullable = boolParam(url, 'nullable') ?? true;
    const retry = boolParam(url, 'retry') ?? false;
    const requestId = requestIdParam(url);
    const waitMs = waitMsOf(req);
    const body = await readStatementBody(req);
    requireSqlApi(floe, who, body.statement);
    try {
      const params = parseParameters(body.parameters);
      const posted = postedSession(floe, who, req, body, params);
      const kept = posted?.kept;
      const session = kept?.session ?? (await freshSession(floe, () => buildSession(floe.catalog(), who.user, body, params, who.roleRestriction)));
      const { record, finished } = await floe.statements.submit({
        statement: body.statement,
        timeoutSec: body.timeout ?? undefined,
        session,
        enter: posted?.enter,
        ...bindingsOf(body, params.formats.timezone),
        multiStatementCount: params.multiStatementCount,
        async,
        nullAsString: !nullable,
        requestId,
        retry,
        internal: isInternalRequest(req),
        waitMs,
        kept,
        reauthenticate: () => floe.auth.authenticate(req.headers, false),
      });
      const res = await outcomeResponse(floe, record, finished);
      return kept ? withSession(res, sessionHeaders(kept, record.handle)) : res;
    } catch (e) {
      if (isErrorNamed<TooManyStatements>(e, 'TooManyStatements')) throw httpErrors.tooManyRequests();
      if (isErrorNamed<KeptSessionError>(e, 'KeptSessionError')) throw new HttpError(e.status, e.code, e.message);
      if (isErrorNamed<UnknownParameter>(e, 'UnknownParameter')) throw httpErrors.badPayload(e.message);
      if (isErrorNamed<SqlError>(e, 'SqlError') || isErrorNamed<BindingError>(e, 'BindingError')) return sqlFailure(e);
      throw e;
    }
  // (Its admission reads the catalog version, and authenticates again when the copy was older.)
  }, { catalogCheckedLater: true });
}

/**
 * A statement belongs to the user who ran it; ACCOUNTADMIN (the caller's default role) sees
 * every one (a role-restricted token only those run under roles it may use). `shared`: reading through a console share link (OAuth token) is also open to users
 * who hold the role the statement ran under. A handle the caller may not see answers exactly
 * like one that does not exist.
 */
export async function visible(floe: Floe, who: Principal, handle: string, shared = false): Promise<StatementRecord | undefined> {
  // (Another node's statement is read from the shared registry.)
  const rec = await floe.statements.lookup(handle);
  return rec && mayRead(floe.catalog(), who, rec, shared) ? rec : undefined;
}

/** The caller sees every user's statements (ACCOUNTADMIN is his default role). */
export const seesEveryone = (catalog: Catalog, who: Principal): boolean => Access.of(catalog, defaultRole(catalog, who.user, who.roleRestriction)).admin;

/** `visible`'s rule for a record at hand. */
export function mayRead(catalog: Catalog, who: Principal, rec: StatementRecord, shared = false): boolean {
  // A role-restricted token sees its user's statements only where they ran under a role it may use.
  if (rec.user === who.user && (!who.roleRestriction || (rec.role !== null && rec.role !== undefined && grantedRoles(catalog, who.user, who.roleRestriction).has(rec.role)))) return true;
  if (seesEveryone(catalog, who)) return true;
  return shared && who.tokenType === 'OAUTH' && !!rec.role && grantedRoles(catalog, who.user, who.roleRestriction).has(rec.role);
}

export const notFound = (handle: string) => json(422, { code: '000709', message: `Statement ${handle} not found`, sqlState: '02000', statementHandle: handle });

export function getStatement(req: Request, handle: string): Promise<Response> {
  return guarded(req, async (floe, who) => {
    const url = new URL(req.url);
    if (url.searchParams.has('nullable')) throw new HttpError(400, '390142', "Query parameter 'nullable' is not allowed on GET.");
    requestIdParam(url);
    const partition = partitionParam(url) ?? 0;
    requireSqlApi(floe, who);
    const rec = await visible(floe, who, handle, true);
    if (!rec) return notFound(handle);
    if (rec.status === 'running') return json(202, queryStatus(rec));
    // Console: the session's context after the run (pickers follow USE), once the run is over.
    const kept = keptSessionOf(floe, who, req);
    if (kept) await floe.statements.settled(rec.handle);
    const res = await finishedResponse(floe, rec, partition);
    return kept ? withSession(res, sessionHeaders(kept, rec.handle)) : res;
  });
}

function finishedResponse(floe: Floe, rec: StatementRecord, partition: number): Promise<Response> | Response {
  if (rec.status === 'failed') return failed(rec);
  if (rec.evicted) return json(422, evictedStatus(rec));
  if (partition >= rec.result!.partitions.length) {
    return json(422, { code: '000710', message: `Partition ${partition} of statement ${rec.handle} does not exist.`, sqlState: '02000', statementHandle: rec.handle });
  }
  return storedResultResponse(rec, (n) => floe.statements.readPartition(rec, n), partition);
}

export function cancelStatement(req: Request, handle: string): Promise<Response> {
  return guarded(req, async (floe, who) => {
    requestIdParam(new URL(req.url));
    requireSqlApi(floe, who);
    const rec = await visible(floe, who, handle);
    if (!rec) return notFound(handle);
    await floe.statements.cancel(handle);
    return json(200, { code: '000604', sqlState: '57014', message: 'SQL execution canceled', statementHandle: handle, statementStatusUrl: statusUrl(handle) });
  });
}
