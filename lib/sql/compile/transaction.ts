/**
 * Transaction control: BEGIN [WORK | TRANSACTION] [NAME <name>], START TRANSACTION [NAME <name>],
 * COMMIT [WORK], ROLLBACK [WORK]. Anything else after the verb is a syntax error at that word.
 */
import { syntaxErrorAt } from '../error-position';
import type { SplitStatement, Token } from '../lexer';
import type { Compiled } from './types';

const word = (t: Token | undefined) => (t?.kind === 'word' ? t.text.toUpperCase() : undefined);

export function compileTransaction(stmt: SplitStatement): Compiled | null {
  const t = stmt.tokens;
  const verb = word(t[0]);
  let i = 1;
  const accept = (...words: string[]) => {
    if (words.includes(word(t[i]) ?? '')) { i++; return true; }
    return false;
  };
  const acceptName = () => {
    if (!accept('NAME')) return;
    if (t[i]?.kind !== 'word' && t[i]?.kind !== 'quoted') throw syntaxErrorAt(stmt, t[i]);
    i++;
  };
  let op: 'begin' | 'commit' | 'rollback';
  switch (verb) {
    case 'BEGIN': accept('WORK', 'TRANSACTION'); acceptName(); op = 'begin'; break;
    case 'START':
      if (!accept('TRANSACTION')) throw syntaxErrorAt(stmt, t[i]);
      acceptName();
      op = 'begin';
      break;
    case 'COMMIT': accept('WORK'); op = 'commit'; break;
    case 'ROLLBACK': accept('WORK'); op = 'rollback'; break;
    default: return null;
  }
  if (i < t.length) throw syntaxErrorAt(stmt, t[i]);
  return { kind: 'transaction', op };
}
