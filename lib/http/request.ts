/** Parsing and validation of what clients send: headers, query parameters and the JSON body. */
import { z } from 'zod';
import { objectTooLarge } from '@/lib/limits/object-size';
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

/**
 * Floe's extension header `X-Floe-Internal: 1`: the console sent the statement for itself
 * (autocomplete, pickers, schema browser). Any other value means an ordinary statement.
 */
export const isInternalRequest = (req: Request): boolean => req.headers.get('x-floe-internal')?.trim() === '1';

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

/** Statement text is at most this many bytes (it is kept in the registry for the retention period). */
export const MAX_STATEMENT_BYTES = 16 * 1024 * 1024;

export const statementBodySchema = z.object({
  statement: z.string(),
  timeout: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,15}$/).transform(Number)]).optional().nullable(),
  database: z.string().max(255).optional().nullable(),
  schema: z.string().max(255).optional().nullable(),
  warehouse: z.string().max(255).optional().nullable(),
  role: z.string().max(255).optional().nullable(),
  bindings: z.record(z.string(), bindingSchema).optional().nullable(),
  parameters: z.record(z.string(), paramValue).optional().nullable(),
}).passthrough();

export type StatementBody = z.infer<typeof statementBodySchema>;

export async function readStatementBody(req: Request): Promise<StatementBody> {
  const body = await readJsonBody(req, statementBodySchema);
  // Characters first: no byte count is needed for the usual short statement.
  if (body.statement.length * 3 > MAX_STATEMENT_BYTES) {
    const bytes = Buffer.byteLength(body.statement);
    if (bytes > MAX_STATEMENT_BYTES) throw objectTooLarge('statement text', bytes, MAX_STATEMENT_BYTES);
  }
  return body;
}

/** A body that is one stored object: at most `maxBytes` (FLOE_MAX_OBJECT_BYTES), `what` names it in the 413. */
export interface BodyCap {
  maxBytes: number;
  what: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Bodies are UTF-8 JSON: bytes that are not UTF-8 are a 400, never replaced by U+FFFD and run. */
function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    // Where: the longest prefix that still decodes (prefixes of a valid prefix are valid).
    let lo = 0;
    let hi = bytes.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (isUtf8Prefix(bytes.subarray(0, mid))) lo = mid;
      else hi = mid - 1;
    }
    const where = lo < bytes.length ? `byte 0x${bytes[lo].toString(16).padStart(2, '0').toUpperCase()} at offset ${lo}` : 'it ends inside a character';
    throw httpErrors.badPayload(`The request body is not valid UTF-8 (${where}).`);
  }
}

/** The bytes decode as UTF-8, an unfinished last sequence allowed. */
function isUtf8Prefix(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** The body's text; past `cap` the rest is not read and the answer is 413 (ObjectSizeError). */
async function bodyText(req: Request, cap: BodyCap | undefined): Promise<string> {
  if (!cap) return decodeUtf8(new Uint8Array(await req.arrayBuffer()));
  const declared = Number(req.headers.get('content-length'));
  if (declared > cap.maxBytes) throw objectTooLarge(cap.what, declared, cap.maxBytes, 'FLOE_MAX_OBJECT_BYTES');
  if (!req.body) return '';
  const reader = req.body.getReader();
  const parts: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    if (bytes > cap.maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw objectTooLarge(cap.what, null, cap.maxBytes, 'FLOE_MAX_OBJECT_BYTES');
    }
    parts.push(value);
  }
  return decodeUtf8(Buffer.concat(parts));
}

/** A JSON object body checked against a schema; anything else is a 400 (413 past `cap`). */
/** Deepest nesting of arrays and objects a JSON body may have (validators and YAML recurse). */
export const MAX_JSON_DEPTH = 256;

/** Nesting depth of a JSON text, found without parsing it (strings skipped); stops past `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) { // a string: skip to its closing quote
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

export async function readJsonBody<T>(req: Request, schema: z.ZodType<T>, cap?: BodyCap): Promise<T> {
  const text = await bodyText(req, cap);
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) throw httpErrors.badPayload(`JSON nested deeper than ${MAX_JSON_DEPTH} levels.`);
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
