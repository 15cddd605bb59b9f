/**
 * The one place the console talks HTTP: /api/v2 with the session's OAuth access token, exactly
 * as an external client would. Failures become ApiError (status, Snowflake code, message).
 */
export class ApiError extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly statementHandle?: string, readonly headers?: Headers) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiCall {
  token: string; path: string; method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown; signal?: AbortSignal;
  /** The console sends it for itself (autocomplete, pickers, schema browser), not the user: see apiHeaders. */
  internal?: boolean;
  /** Floe's own request headers (X-Floe-Session, X-Floe-Wait-Ms: README, Console extensions). */
  headers?: Record<string, string>;
}

/** Called on a 401 (token expired or revoked): the console sends the user back to /login. */
let onUnauthorized: () => void = () => undefined;
export const setUnauthorizedHandler = (fn: () => void) => { onUnauthorized = fn; };
/** For a 401 seen outside apiFetch on the page (a call made by a Web Worker, whose handler is a no-op). */
export const reportUnauthorized = () => onUnauthorized();

/**
 * Headers of every console call: JSON, and the session's access token as an OAuth bearer token.
 * `internal` adds Floe's `X-Floe-Internal: 1`: the statement is the console's own and stays out
 * of the user's history (the server honours it only for statements that change nothing and read
 * no table data).
 */
export const apiHeaders = (token: string, withBody: boolean, internal = false): Record<string, string> => ({
  accept: 'application/json',
  authorization: `Bearer ${token}`,
  'x-snowflake-authorization-token-type': 'OAUTH',
  ...(withBody ? { 'content-type': 'application/json' } : {}),
  ...(internal ? { 'x-floe-internal': '1' } : {}),
});

export async function apiFetch<T>({ token, path, method = 'GET', body, signal, internal, headers }: ApiCall): Promise<{ status: number; json: T; headers: Headers }> {
  const res = await fetch(path, {
    method,
    signal,
    headers: { ...apiHeaders(token, body !== undefined, internal), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as T & { code?: string; message?: string; statementHandle?: string };
  if (res.status === 401) onUnauthorized();
  if (res.status >= 400) throw new ApiError(res.status, json.code ?? String(res.status), json.message ?? res.statusText, json.statementHandle, res.headers);
  return { status: res.status, json, headers: res.headers };
}
