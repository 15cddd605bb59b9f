/**
 * Session parameters (one table, ./table.ts): a request body's `parameters`, ALTER SESSION
 * SET/UNSET, the rows of SHOW PARAMETERS and the resultSetMetaData.parameters echo. Parameters
 * Floe does not act on are accepted by ALTER SESSION and reported (tools send them before
 * anything else); in a request body they are refused (a typo there would be silently ignored).
 */
import { MAX_TIMEOUT_SEC } from '@/lib/config';
import type { Session } from '../session';
import { SESSION_PARAMETERS, type ParameterTarget, type SessionParameter, type SessionParameterFields } from './table';

export { SESSION_PARAMETERS, type SessionParameter, type SessionParameterFields } from './table';
export { RESULT_CHUNK_MB } from './values';

const ALL = [...SESSION_PARAMETERS.values()];
const STATEMENT_TIMEOUT = SESSION_PARAMETERS.get('STATEMENT_TIMEOUT_IN_SECONDS')!;

/** The parameters a request body may set, lower-case as the SQL API documents them (keys in any case). */
const BY_REQUEST_KEY = new Map(ALL.filter((p) => p.request).map((p) => [p.name.toLowerCase(), p]));
export const REQUEST_PARAMETERS = [...BY_REQUEST_KEY.keys()].sort();

/** A request's parameters: its session's, and its own MULTI_STATEMENT_COUNT (absent: not given). */
export type RequestParameters = SessionParameterFields;

/** A key of the body's `parameters` that is no session parameter the request may set: a 400, not silently ignored. */
export class UnknownParameter extends Error {
  constructor(key: string) {
    super(`Unsupported session parameter '${key.slice(0, 128)}' in 'parameters'. A request may set: ${REQUEST_PARAMETERS.join(', ')} (in any case).`);
    this.name = 'UnknownParameter';
  }
}

/** Every parameter at its default (a server-default one absent): checked once, copied per request (TIMEZONE's check builds an Intl formatter). */
const DEFAULTS: RequestParameters = (() => {
  const t = { formats: {} } as RequestParameters;
  for (const p of ALL) p.apply(t, null);
  return t;
})();
const defaults = (): RequestParameters => ({ ...DEFAULTS, formats: { ...DEFAULTS.formats } });

/** The body's `parameters` over the defaults; a null value leaves its parameter at the default. */
export function parseParameters(raw: Record<string, unknown> | null | undefined): RequestParameters {
  const out = defaults();
  for (const [key, value] of Object.entries(raw ?? {})) {
    const p = BY_REQUEST_KEY.get(key.toLowerCase());
    if (!p) throw new UnknownParameter(key);
    p.apply(out, value);
  }
  return out;
}

/** The session's part of a request's parameters (the request's own, `perRequest`, stay with the request). */
export function sessionFields(params: RequestParameters): SessionParameterFields {
  const { multiStatementCount: _count, ...fields } = params;
  return { ...fields, formats: { ...fields.formats } };
}

/**
 * A request naming a kept session: the parameters its body gives (already checked by
 * parseParameters) apply to the session and persist, as ALTER SESSION SET would; the others keep
 * the session's values. A `perRequest` one stays the request's.
 */
export function applyGivenParameters(session: Session, raw: Record<string, unknown> | null | undefined): void {
  for (const [key, value] of Object.entries(raw ?? {})) {
    const p = BY_REQUEST_KEY.get(key.toLowerCase());
    if (p && !p.perRequest) p.apply(session, value);
  }
}

/**
 * The STATEMENT_TIMEOUT_IN_SECONDS in force for the session's next statement, in seconds: the
 * running request's body `timeout`, else the session's value, else the server's; 0 (and anything
 * above it) is the maximum, 604800.
 */
export function statementTimeoutOf(s: Session): number {
  const sec = s.requestTimeoutSec ?? Number(STATEMENT_TIMEOUT.read(s));
  return sec === 0 || sec > MAX_TIMEOUT_SEC ? MAX_TIMEOUT_SEC : sec;
}

/**
 * ALTER SESSION SET (a value) or UNSET (null) of one parameter (`name` upper-case). One the table
 * does not let ALTER SESSION set is kept as given, for SHOW PARAMETERS.
 */
export function setSessionParameter(session: Session, name: string, value: string | null): void {
  const p = SESSION_PARAMETERS.get(name);
  if (p?.session) p.apply(session, value);
  else if (value === null) delete session.otherParameters[name];
  else session.otherParameters[name] = value;
}

/** key, value, default, level, description, type — the rows of SHOW PARAMETERS. */
export function sessionParameterRows(s: Session): string[][] {
  const rows = ALL.filter((p) => p.session).map((p) => [p.name, p.read(s) ?? '', p.default, p.isSet(s) ? 'SESSION' : '', p.description, showType(p)]);
  // (A session kept from before a parameter had a row of its own may still hold it here.)
  for (const [k, v] of Object.entries(s.otherParameters)) if (!SESSION_PARAMETERS.get(k)?.session) rows.push([k, v, '', 'SESSION', '', 'STRING']);
  return rows;
}

const showType = (p: SessionParameter) => (p.type === 'ENUM' ? 'STRING' : p.type);

/**
 * The parameters resultSetMetaData.parameters echoes (lower-case keys): the output formats in
 * force (an unset TIMESTAMP_*_OUTPUT_FORMAT shows TIMESTAMP_OUTPUT_FORMAT's) and TIMEZONE.
 */
export function echoedParameters(s: ParameterTarget): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of ALL) {
    if (!p.echo) continue;
    const own = p.read(s);
    const given = own !== undefined && own.trim() !== '' ? own : undefined;
    out[p.name.toLowerCase()] = given ?? (p.echo.inherits ? out[p.echo.inherits.toLowerCase()] : p.default);
  }
  return out;
}
