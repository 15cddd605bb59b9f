/**
 * The clauses every SHOW shares: [TERSE] … [LIKE '<pattern>'] [IN <scope>] [STARTS WITH '<s>']
 * [LIMIT n [FROM '<name>']]. Parsed once here; each SHOW command applies them to its rows.
 */
import { likeToRegExp } from '@/lib/engine/like';
import type { TokenReader } from './reader';

export type ShowScope =
  | { kind: 'account' }
  | { kind: 'database'; name: string | null }
  | { kind: 'schema'; database: string | null; name: string | null }
  | { kind: 'table'; parts: string[] }
  | { kind: 'default' };

export interface ShowClauses {
  like: string | null;
  scope: ShowScope;
  startsWith: string | null;
  limit: number | null;
  from: string | null;
}

/** Parses the clauses after the object kind (the reader stands after it). */
export function readShowClauses(r: TokenReader): ShowClauses {
  const out: ShowClauses = { like: null, scope: { kind: 'default' }, startsWith: null, limit: null, from: null };
  if (r.accept('LIKE')) out.like = r.string();
  if (r.accept('IN')) {
    if (r.accept('ACCOUNT')) out.scope = { kind: 'account' };
    else if (r.accept('DATABASE')) out.scope = { kind: 'database', name: r.done || r.at('STARTS') || r.at('LIMIT') ? null : r.ident() };
    else if (r.accept('SCHEMA')) {
      if (r.done || r.at('STARTS') || r.at('LIMIT')) out.scope = { kind: 'schema', database: null, name: null };
      else {
        const parts = r.name(2);
        out.scope = { kind: 'schema', database: parts.length === 2 ? parts[0] : null, name: parts[parts.length - 1] };
      }
    } else if (r.accept('TABLE') || r.accept('VIEW')) out.scope = { kind: 'table', parts: r.name(3) };
    else {
      // IN <name>: a schema when qualified, otherwise a database (Snowflake's reading).
      const parts = r.name(2);
      out.scope = parts.length === 2 ? { kind: 'schema', database: parts[0], name: parts[1] } : { kind: 'database', name: parts[0] };
    }
  }
  if (r.accept('STARTS', 'WITH')) out.startsWith = r.string();
  if (r.accept('LIMIT')) {
    out.limit = r.integer();
    if (r.accept('FROM')) out.from = r.string();
  }
  r.end();
  return out;
}

/** Binary (code-unit) order of two sort keys, part by part, as Snowflake orders SHOW output. */
function compareKeys(a: string[], b: string[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? '';
    const y = b[i] ?? '';
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * Orders rows by `sortKey` (by default the name; SHOW TABLES and the like pass database, schema,
 * name) and applies LIKE (case-insensitive), STARTS WITH (case-sensitive) and LIMIT … FROM (the
 * first name at or after the string, case-sensitive) to the name.
 */
export function applyNameFilters<T>(items: T[], nameOf: (t: T) => string, c: ShowClauses, sortKey: (t: T) => string[] = (t) => [nameOf(t)]): T[] {
  let out = [...items].sort((a, b) => compareKeys(sortKey(a), sortKey(b)));
  if (c.like !== null) {
    const like = likeToRegExp(c.like);
    out = out.filter((t) => like.test(nameOf(t)));
  }
  if (c.startsWith !== null) out = out.filter((t) => nameOf(t).startsWith(c.startsWith!));
  if (c.from !== null) out = out.filter((t) => nameOf(t) >= c.from!);
  if (c.limit !== null) out = out.slice(0, c.limit);
  return out;
}
