/**
 * A list that ends in a comma (`SELECT 1,`, `FROM t,`, `ORDER BY x,`, `(a INT,)`) is a syntax
 * error in Snowflake; the parser would accept it and drop the missing item. The error names what
 * follows the comma: the end of the statement, a closing parenthesis or a clause keyword.
 */
import type { SqlError } from './errors';
import { syntaxErrorAt } from './error-position';
import type { SplitStatement } from './lexer';

/** Words that start a clause: a list item cannot be one (they are reserved in Snowflake). */
const CLAUSE_WORDS = new Set(['FROM', 'WHERE', 'GROUP', 'HAVING', 'QUALIFY', 'ORDER', 'LIMIT', 'UNION', 'EXCEPT', 'MINUS', 'INTERSECT', 'WINDOW']);

/** The error for the first comma with no item after it, or null. */
export function trailingSeparator(stmt: Pick<SplitStatement, 'tokens' | 'line' | 'col'>): SqlError | null {
  const t = stmt.tokens;
  for (let i = 0; i < t.length; i++) {
    if (t[i].kind !== 'punct' || t[i].text !== ',') continue;
    const next = t[i + 1];
    if (!next || next.kind === 'semicolon') return syntaxErrorAt(stmt, undefined);
    if ((next.kind === 'punct' && next.text === ')') || (next.kind === 'word' && CLAUSE_WORDS.has(next.text.toUpperCase()))) return syntaxErrorAt(stmt, next);
  }
  return null;
}
