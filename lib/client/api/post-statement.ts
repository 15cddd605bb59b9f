import { useMutation } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import { apiFetch } from './fetcher';
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
  /** Console-internal (stats, sort/filter, pickers): sent with X-Floe-Internal. */
  internal?: boolean;
}

export async function postStatement(token: string, req: StatementRequest): Promise<StatementAnswer> {
  const body: Record<string, unknown> = { statement: req.statement };
  if (req.database) body.database = req.database;
  if (req.schema) body.schema = req.schema;
  if (req.role) body.role = req.role;
  if (req.warehouse) body.warehouse = req.warehouse;
  if (req.multi) body.parameters = { MULTI_STATEMENT_COUNT: '0' };
  const { status, json } = await apiFetch<ResultSet | QueryStatus>({
    token, path: `/api/v2/statements?async=${req.async === false ? 'false' : 'true'}`, method: 'POST', body, internal: req.internal,
  });
  return status === 200 ? { state: 'done', result: json as ResultSet } : { state: 'running', status: json as QueryStatus };
}

export function usePostStatement() {
  const token = useApiToken();
  return useMutation({ mutationFn: (req: StatementRequest) => postStatement(token, req) });
}
