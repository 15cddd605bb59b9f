/** SET name = literal [, …] and $name references (session variables of one request). */
import { SqlError } from '../errors';
import { syntaxErrorAt } from '../error-position';
import type { SplitStatement } from '../lexer';
import type { Compiled } from './types';
import { isIdent, normalize } from './names';

export interface SessionVariable {
  /** The literal's AST node, substituted wherever $name appears. */
  node: unknown;
}

export function compileSetVariables(v: Record<string, unknown>, stmt: SplitStatement): Compiled {
  const items = (v.items as { name: { identifier?: unknown }; value: Record<string, unknown>; no_equals?: boolean }[]) ?? [];
  // The parser also takes `SET = 1` (a variable named "=") and `SET x 1`: Snowflake does not.
  const first = items[0]?.name.identifier;
  if (isIdent(first) && !first.quoted && !/^[A-Za-z_]/.test(first.name)) throw syntaxErrorAt(stmt, stmt.tokens[1]);
  if (items[0]?.no_equals) throw syntaxErrorAt(stmt, stmt.tokens[2]);
  // SET (a, b) = (x, y) sets each name to the value at its position.
  const pairs = items.flatMap((it) => {
    const names = (it.name as { tuple?: { expressions: { column?: { name: unknown } }[] } }).tuple?.expressions;
    const vals = (it.value as { tuple?: { expressions: Record<string, unknown>[] } }).tuple?.expressions;
    if (!names || !vals) return [it];
    if (names.length !== vals.length) throw new SqlError('002140', '42601', 'SQL compilation error:\nSET needs as many values as variable names');
    return names.map((n, i) => ({ name: { identifier: n.column?.name }, value: vals[i] }));
  });
  const values = pairs.map((it) => {
    const id = it.name.identifier;
    if (!isIdent(id)) throw new SqlError('002140', '42601', 'SQL compilation error:\nSET needs a variable name');
    const kind = Object.keys(it.value)[0];
    if (!['literal', 'boolean', 'null', 'neg'].includes(kind)) {
      throw new SqlError('002140', '42601', 'SQL compilation error:\nSET supports constant values only');
    }
    return [normalize(id), it.value] as const;
  });
  return {
    kind: 'session',
    apply(session) {
      for (const [name, node] of values) session.variables[name] = { node };
      return 'Statement executed successfully.';
    },
  };
}
