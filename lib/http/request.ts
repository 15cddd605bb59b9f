/** Parsing and validation of what clients send: headers, query parameters and the JSON body. */
import { z } from 'zod';
import { httpErrors } from './errors';

/** Only JSON is spoken; no Content-Type means JSON (spec, 415 description). */
export function checkContentType(req: Request): void {
  const ct = req.headers.get('content-type');
  if (!ct) return;
  const type = ct.split(';')[0].trim().toLowerCase();
  if (type === 'application/json' || type.endsWith('+json')) return;
  throw httpErrors.unsupportedMediaType(type);
}

export function checkAccept(req: Request): void {
  const accept = req.headers.get('accept');
  if (!accept) return;
  const ok = accept.split(',').some((part) => {
    const t = part.split(';')[0].trim().toLowerCase();
    return t === '*/*' || t === 'application/*' || t === 'application/json' || t.endsWith('+json') || t === '';
  });
  if (!ok) throw httpErrors.notAcceptable(accept);
}

/** Booleans arrive as true/false in any case (Python sends "True"). */
export function boolParam(url: URL, name: string): boolean | undefined {
  const all = url.searchParams.getAll(name);
  if (all.length === 0) return undefined;
  const v = all[all.length - 1].trim().toLowerCase();
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw httpErrors.badParameter(name, all[all.length - 1]);
}

export function requestIdParam(url: URL): string | undefined {
  const all = url.searchParams.getAll('requestId');
  if (all.length === 0) return undefined;
  const v = all[all.length - 1].trim();
  if (v.length === 0 || v.length > 128) throw httpErrors.badParameter('requestId', v);
  return v;
}

/** Clients repeat `partition` (Airflow appends one to a URL that may carry one): the last wins. */
export function partitionParam(url: URL): number | undefined {
  const all = url.searchParams.getAll('partition');
  if (all.length === 0) return undefined;
  const v = all[all.length - 1].trim();
  if (!/^\d{1,9}$/.test(v)) throw httpErrors.badParameter('partition', v);
  return Number(v);
}

const bindingSchema = z.object({
  type: z.string().min(1).max(64),
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
}).passthrough();

const paramValue = z.union([z.string().max(65_536), z.number(), z.boolean(), z.null()]);

export const statementBodySchema = z.object({
  statement: z.string().max(16 * 1024 * 1024),
  timeout: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,15}$/).transform(Number)]).optional().nullable(),
  database: z.string().max(255).optional().nullable(),
  schema: z.string().max(255).optional().nullable(),
  warehouse: z.string().max(255).optional().nullable(),
  role: z.string().max(255).optional().nullable(),
  bindings: z.record(z.string(), bindingSchema).optional().nullable(),
  parameters: z.record(z.string(), paramValue).optional().nullable(),
}).passthrough();

export type StatementBody = z.infer<typeof statementBodySchema>;

export const readStatementBody = (req: Request): Promise<StatementBody> => readJsonBody(req, statementBodySchema);

/** A JSON object body checked against a schema; anything else is a 400. */
export async function readJsonBody<T>(req: Request, schema: z.ZodType<T>): Promise<T> {
  const text = await req.text();
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw httpErrors.badPayload();
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw httpErrors.badPayload();
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw httpErrors.badPayload(`Field '${issue.path.join('.') || 'body'}': ${issue.message}.`);
  }
  return parsed.data;
}
