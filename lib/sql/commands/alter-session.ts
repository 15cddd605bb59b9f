/**
 * ALTER SESSION SET / UNSET: what each parameter takes is the session-parameter table's
 * (lib/sql/session-parameters); parameters it does not know are kept as given.
 */
import { setSessionParameter } from '../session-parameters';
import { TokenReader } from './reader';
import type { Command } from './types';

function valueText(r: TokenReader): string {
  const t = r.peek();
  if (!t) r.fail();
  if (t.kind === 'string') return r.string();
  if (t.kind === 'number') { r.integer(); return t.text; }
  return r.ident();
}

export const alterSessionCommand: Command = {
  name: 'ALTER SESSION',
  matches: (w) => w[0] === 'ALTER' && w[1] === 'SESSION',
  compile(stmt) {
    const r = new TokenReader(stmt.tokens);
    r.expect('ALTER', 'SESSION');
    const changes: [string, string | null][] = [];
    if (r.accept('SET')) {
      do {
        const key = r.ident().toUpperCase();
        r.acceptPunct('=');
        changes.push([key, valueText(r)]);
      } while (r.acceptPunct(','));
    } else {
      r.expect('UNSET');
      do changes.push([r.ident().toUpperCase(), null]); while (r.acceptPunct(','));
    }
    r.end();
    return {
      kind: 'session',
      apply(session) {
        for (const [key, value] of changes) setSessionParameter(session, key, value);
        return 'Statement executed successfully.';
      },
    };
  },
};
