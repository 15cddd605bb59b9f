import { useMutation } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import { ApiError, apiFetch } from './fetcher';
import type { QueryStatus, ResultSet, StatementAnswer } from './types';

export interface StatementRequest {
  statement: string;
  database?: string | null;
  schema?: string | null;
  role?: string | null;
  warehouse?: string | null;
  /** Run every statement of the text (MULTI_STATEMENT_COUNT 0). */
  multi?: boolean;
  /** async=true answers 202 at once; false waits (used for SHOW commands). */
  async?: boolean;
  /** The console's own statement (pickers, autocomplete, schema browser): kept out of the user's history. */
  internal?: boolean;
  /** A worksheet's kept session: 'new' starts one (X-Floe-Session). */
  session?: string;
  /** A synchronous request's wait before its 202 (X-Floe-Wait-Ms): fast runs answer in one round trip. */
  waitMs?: number;
}

/** A kept session's id and context after a run (X-Floe-Session, X-Floe-Session-Context). */
export interface FloeSession {
  id: string;
  role: string | null;
  warehouse: string | null;
  database: string | null;
  schema: string | null;
  /** Said by the run (an open transaction rolled back at its end). */
  notice?: string;
}

/** An answer, with its kept session when the request named one. */
export type SessionAnswer = StatementAnswer & { session?: FloeSession };

/** The kept session an answer's headers (or a failure's) describe, if any. */
export function floeSessionOf(headers: Headers | undefined): FloeSession | undefined {
  const id = headers?.get('x-floe-session');
  const ctx = headers?.get('x-floe-session-context');
  if (!id || !ctx) return undefined;
  try {
    return { id, ...(JSON.parse(decodeURIComponent(ctx)) as Omit<FloeSession, 'id'>) };
  } catch {
    return undefined;
  }
}

/** The statements a failed multi-statement request ran, the failing one last (X-Floe-Statement-Handles). */
export const childHandlesOf = (e: unknown): string[] | undefined =>
  e instanceof ApiError ? e.headers?.get('x-floe-statement-handles')?.split(',').filter(Boolean) : undefined;

export function floeHeaders(session?: string, waitMs?: number): Record<string, string> {
  const h: Record<string, string> = {};
  if (session) h['x-floe-session'] = session;
  if (waitMs !== undefined) h['x-floe-wait-ms'] = String(waitMs);
  return h;
}

export async function postStatement(token: string, req: StatementRequest): Promise<SessionAnswer> {
  const body: Record<string, unknown> = { statement: req.statement };
  if (req.database) body.database = req.database;
  if (req.schema) body.schema = req.schema;
  if (req.role) body.role = req.role;
  if (req.warehouse) body.warehouse = req.warehouse;
  if (req.multi) body.parameters = { MULTI_STATEMENT_COUNT: '0' };
  const { status, json, headers } = await apiFetch<ResultSet | QueryStatus>({
    token, path: `/api/v2/statements?async=${req.async === false ? 'false' : 'true'}`, method: 'POST', body, internal: req.internal, headers: floeHeaders(req.session, req.waitMs),
  });
  const session = floeSessionOf(headers);
  return status === 200 ? { state: 'done', result: json as ResultSet, session } : { state: 'running', status: json as QueryStatus, session };
}

export function usePostStatement() {
  const token = useApiToken();
  return useMutation({ mutationFn: (req: StatementRequest) => postStatement(token, req) });
}
