/** SET name = literal [, …] and $name references (session variables of one request). */
import { SqlError } from '../errors';
import type { Compiled } from './types';
import { isIdent, normalize } from './names';

export interface SessionVariable {
  /** The literal's AST node, substituted wherever $name appears. */
  node: unknown;
}

export function compileSetVariables(v: Record<string, unknown>): Compiled {
  const items = (v.items as { name: { identifier?: unknown }; value: Record<string, unknown> }[]) ?? [];
  const values = items.map((it) => {
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
