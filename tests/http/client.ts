// Small typed HTTP helpers for the http tests. By default they talk to the shared server of
// global-setup.ts (inject); pass baseUrl/token per call, or use makeClient(server), for a
// private server from server-control.ts.
import { expect, inject } from 'vitest';
import type {} from './global-setup';
import { tail } from './server-control';
import type { RowTypeEntry } from '@/lib/statements/record'; // brings the ProvidedContext typing into scope

export const STATEMENTS = '/api/v2/statements';

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface Target {
  /** Base URL, e.g. http://127.0.0.1:4321. Default: inject('FLOE_URL'). */
  baseUrl?: string;
  /** Bearer token; null sends no Authorization header. Default: inject('FLOE_TOKEN'). */
  token?: string | null;
}

export interface ApiOptions extends Target {
  /** Sent as JSON with Content-Type: application/json. */
  body?: unknown;
  /** Sent as-is, with no Content-Type unless given in headers. */
  rawBody?: string | Uint8Array;
  query?: Query;
  /** Extra headers; null/undefined removes a default one (accept, authorization). */
  headers?: Record<string, string | null | undefined>;
  timeoutMs?: number;
}

export interface ApiResponse<J = any> {
  status: number;
  headers: Headers;
  /** Parsed body, or undefined when it is empty or not JSON. */
  json: J;
  text: string;
  url: string;
}

/** rowType entries exactly as the server defines them. */
export type RowType = RowTypeEntry;

/** The parts of a statement answer tests look at most; anything else is still there. */
export interface StatementJson {
  code?: string;
  message?: string;
  sqlState?: string;
  statementHandle?: string;
  statementHandles?: string[];
  statementStatusUrl?: string;
  createdOn?: number;
  resultSetMetaData?: {
    numRows: number;
    format: string;
    rowType: RowType[];
    partitionInfo?: { rowCount: number; uncompressedSize: number; compressedSize?: number }[];
  };
  data?: (string | null)[][];
  stats?: Record<string, number>;
  [key: string]: unknown;
}

export type StatementResponse = ApiResponse<StatementJson | undefined>;

export interface Binding {
  type: string;
  value: string | null | (string | null)[];
}

export interface SubmitOptions extends Target {
  // Body fields
  timeout?: number;
  database?: string;
  schema?: string;
  warehouse?: string;
  role?: string;
  bindings?: Record<string, Binding>;
  parameters?: Record<string, unknown>;
  /** Extra or overriding body fields (for malformed-request tests). */
  extraBody?: Record<string, unknown>;
  // Query parameters
  async?: boolean;
  nullable?: boolean;
  requestId?: string;
  retry?: boolean;
  query?: Query;
  headers?: ApiOptions['headers'];
  timeoutMs?: number;
}

export interface GetOptions extends Target {
  partition?: number;
  requestId?: string;
  query?: Query;
  headers?: ApiOptions['headers'];
  timeoutMs?: number;
}

export interface PollOptions extends GetOptions {
  /** Give up after this long (default 60 s). */
  pollTimeoutMs?: number;
}

export type ExecOptions = SubmitOptions & { pollTimeoutMs?: number };

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** One line that says what came back, for assertion messages. */
export function describeRes(res: ApiResponse<unknown>): string {
  const t = res.text.length > 600 ? `${res.text.slice(0, 600)}... (${res.text.length} chars)` : res.text;
  return `HTTP ${res.status} ${t || '<no body>'}`;
}

export async function api<J = any>(method: string, urlPath: string, opts: ApiOptions = {}): Promise<ApiResponse<J>> {
  const base = (opts.baseUrl ?? inject('FLOE_URL')).replace(/\/+$/, '');
  const token = opts.token === undefined ? inject('FLOE_TOKEN') : opts.token;
  const url = new URL(/^https?:\/\//.test(urlPath) ? urlPath : base + urlPath);
  for (const [k, v] of Object.entries(opts.query ?? {})) {
    if (v !== undefined && v !== null) url.searchParams.append(k, String(v));
  }
  const headers = new Headers({ accept: 'application/json' });
  if (token) headers.set('authorization', `Bearer ${token}`);
  let body: string | Uint8Array | undefined;
  if (opts.rawBody !== undefined) {
    body = opts.rawBody;
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers.set('content-type', 'application/json');
  }
  for (const [k, v] of Object.entries(opts.headers ?? {})) {
    if (v === undefined || v === null) headers.delete(k);
    else headers.set(k, v);
  }
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      body: body as BodyInit | undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(opts.timeoutMs ?? 90_000),
    });
  } catch (e) {
    const err = e as Error & { cause?: { code?: string } };
    throw new Error(`${method} ${url.pathname} failed (${err.cause?.code ?? err.name}): ${err.message}`);
  }
  const text = await res.text();
  let json: J;
  try {
    json = (text ? JSON.parse(text) : undefined) as J;
  } catch {
    json = undefined as J;
  }
  return { status: res.status, headers: res.headers, json, text, url: url.toString() };
}

const pick = (o: Target) => ({ baseUrl: o.baseUrl, token: o.token });

/** POST /api/v2/statements. */
export function submit(statement: string, opts: SubmitOptions = {}): Promise<StatementResponse> {
  const body: Record<string, unknown> = { statement };
  for (const k of ['timeout', 'database', 'schema', 'warehouse', 'role', 'bindings', 'parameters'] as const) {
    if (opts[k] !== undefined) body[k] = opts[k];
  }
  Object.assign(body, opts.extraBody);
  const query: Query = {
    ...opts.query,
    async: opts.async,
    nullable: opts.nullable,
    requestId: opts.requestId,
    retry: opts.retry,
  };
  return api('POST', STATEMENTS, { ...pick(opts), body, query, headers: opts.headers, timeoutMs: opts.timeoutMs })
    .then((r) => r as StatementResponse);
}

export function statementPath(handle: string): string {
  return `${STATEMENTS}/${encodeURIComponent(handle)}`;
}

/** GET /api/v2/statements/{handle} once. */
export function getStatement(handle: string, opts: GetOptions = {}): Promise<StatementResponse> {
  const query: Query = { ...opts.query, partition: opts.partition, requestId: opts.requestId };
  return api('GET', statementPath(handle), { ...pick(opts), query, headers: opts.headers, timeoutMs: opts.timeoutMs });
}

/** POST /api/v2/statements/{handle}/cancel. */
export function cancel(handle: string, opts: Target & { headers?: ApiOptions['headers'] } = {}): Promise<StatementResponse> {
  return api('POST', `${statementPath(handle)}/cancel`, { ...pick(opts), headers: opts.headers });
}

/**
 * GETs the statement while it answers 202 (or 429, which the API allows while it runs), backing
 * off 50 → 500 ms; returns the first other answer, and fails after pollTimeoutMs.
 */
export async function poll(handle: string, opts: PollOptions = {}): Promise<StatementResponse> {
  const limit = opts.pollTimeoutMs ?? 60_000;
  const deadline = Date.now() + limit;
  let delay = 50;
  for (;;) {
    const res = await getStatement(handle, opts);
    if (res.status !== 202 && res.status !== 429) return res;
    if (Date.now() > deadline) throw new Error(`statement ${handle} still answers ${res.status} after ${limit} ms`);
    await sleep(delay);
    delay = Math.min(delay * 2, 500);
  }
}

/** submit(), then poll() when the answer is 202 with a handle. */
export async function exec(statement: string, opts: ExecOptions = {}): Promise<StatementResponse> {
  const res = await submit(statement, opts);
  const handle = res.json?.statementHandle;
  if (res.status !== 202 || !handle) return res;
  return poll(handle, { ...pick(opts), headers: opts.headers, pollTimeoutMs: opts.pollTimeoutMs });
}

/** exec() and assert a 200; returns the body. */
export async function ok(statement: string, opts: ExecOptions = {}): Promise<StatementJson> {
  const res = await exec(statement, opts);
  expect(res.status, `${statement.slice(0, 200)} → ${describeRes(res)}`).toBe(200);
  expect(res.json, `200 without a JSON body: ${describeRes(res)}`).toBeTypeOf('object');
  return res.json as StatementJson;
}

/** A private server as makeClient sees it: when it has exitStatus and logFile, connection errors say whether it died. */
export interface ClientTarget {
  url: string;
  token?: string | null;
  exitStatus?: () => unknown;
  logFile?: string;
}

/**
 * A connection error to a private server is rethrown with the server's state: whether its process
 * is gone (and how), and its log's last lines. Without them a crash reads as a bare "fetch failed".
 */
function explained<A extends unknown[], R>(target: ClientTarget, call: (...a: A) => Promise<R>): (...a: A) => Promise<R> {
  return async (...a: A) => {
    try {
      return await call(...a);
    } catch (e) {
      if (!(e instanceof Error) || !/ failed \(/.test(e.message) || !target.exitStatus) throw e;
      await sleep(500); // an exit is reported a moment after the socket closes
      const status = target.exitStatus();
      throw new Error(`${e.message}; the server ${status ? `exited (${JSON.stringify(status)})` : 'is still running'}. Log ${target.logFile}, last lines:\n${target.logFile ? tail(target.logFile, 30) : ''}`);
    }
  };
}

/** The helpers bound to one server, e.g. makeClient(await startServer()). */
export function makeClient(target: ClientTarget) {
  const t: Target = { baseUrl: target.url, token: target.token ?? null };
  return {
    api: <J = any>(method: string, urlPath: string, o: ApiOptions = {}) => explained(target, () => api<J>(method, urlPath, { ...t, ...o }))(),
    submit: explained(target, (sql: string, o: SubmitOptions = {}) => submit(sql, { ...t, ...o })),
    getStatement: explained(target, (handle: string, o: GetOptions = {}) => getStatement(handle, { ...t, ...o })),
    cancel: explained(target, (handle: string, o: Target = {}) => cancel(handle, { ...t, ...o })),
    poll: explained(target, (handle: string, o: PollOptions = {}) => poll(handle, { ...t, ...o })),
    exec: explained(target, (sql: string, o: ExecOptions = {}) => exec(sql, { ...t, ...o })),
    ok: explained(target, (sql: string, o: ExecOptions = {}) => ok(sql, { ...t, ...o })),
  };
}
