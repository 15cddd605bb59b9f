/**
 * IDENTIFIER('db.schema.name') / IDENTIFIER($var): an object name given as a string or a session
 * variable holding one, wherever a name may stand (FROM, INSERT/UPDATE/DELETE targets, DDL,
 * SHOW and DESCRIBE). The statement is rewritten to name the object and lexed again, before any
 * command or the parser reads it.
 */
import { SqlError, sqlErrors } from '../errors';
import { splitStatements, type SplitStatement, type Token } from '../lexer';
import type { Session } from '../session';
import { asKind } from '../parse';

/** One to three dot-separated parts, each unquoted or double-quoted (Snowflake identifier rules). */
const NAME = /^\s*(?:"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*)(?:\s*\.\s*(?:"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*)){0,2}\s*$/;

const isWord = (t: Token | undefined, w: string) => t?.kind === 'word' && t.text.toUpperCase() === w;
const isPunct = (t: Token | undefined, p: string) => t?.kind === 'punct' && t.text === p;

/** The name an IDENTIFIER argument gives: a string literal's text, or a variable's string value. */
function nameOf(arg: Token, session: Session): string {
  let text: string;
  if (arg.kind === 'string') text = arg.text;
  else if (arg.kind === 'word' && arg.text.startsWith('$')) {
    const name = arg.text.slice(1).toUpperCase();
    const variable = session.variables[name];
    if (!variable) throw new SqlError('002211', '42000', `SQL compilation error: error line ${arg.line} at position ${arg.col}\nSession variable '$${name}' does not exist`);
    const lit = asKind(variable.node, 'literal');
    if (lit?.literal_type !== 'string') throw sqlErrors.invalidIdentifier(`$${name}`, arg.line, arg.col);
    text = lit.value;
  } else throw sqlErrors.invalidIdentifier(arg.text, arg.line, arg.col);
  // A string that is not a name (it would be SQL text) is refused, not pasted.
  if (!NAME.test(text)) throw sqlErrors.invalidIdentifier(text, arg.line, arg.col);
  return text.trim();
}

/** The statement with each IDENTIFIER(…) replaced by the name it gives, or the statement itself. */
export function expandIdentifiers(stmt: SplitStatement, session: Session): SplitStatement {
  const t = stmt.tokens;
  const at = t.findIndex((x, i) => isWord(x, 'IDENTIFIER') && isPunct(t[i + 1], '('));
  if (at < 0) return stmt;
  let text = '';
  let from = 0;
  for (let i = at; i < t.length; i++) {
    if (!(isWord(t[i], 'IDENTIFIER') && isPunct(t[i + 1], '('))) continue;
    const arg = t[i + 2];
    if (!arg || !isPunct(t[i + 3], ')')) throw sqlErrors.invalidIdentifier('IDENTIFIER', t[i].line, t[i].col);
    text += stmt.text.slice(from, t[i].start - stmt.start) + nameOf(arg, session);
    from = t[i + 3].end - stmt.start;
    i += 3;
  }
  text += stmt.text.slice(from);
  return splitStatements(text)[0] ?? stmt;
}
