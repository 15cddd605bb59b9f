/** UNSET name | UNSET (name, …): drops session variables (SET is compile/variables.ts). */
import { TokenReader } from './reader';
import type { Command } from './types';

export const unsetCommand: Command = {
  name: 'UNSET',
  matches: (w) => w[0] === 'UNSET',
  compile(stmt) {
    const r = new TokenReader(stmt.tokens);
    r.expect('UNSET');
    const names: string[] = [];
    if (r.acceptPunct('(')) {
      do names.push(r.ident()); while (r.acceptPunct(','));
      if (!r.acceptPunct(')')) r.fail();
    } else {
      names.push(r.ident());
    }
    r.end();
    return {
      kind: 'session',
      apply(session) {
        // A variable that is not set is dropped all the same (nothing to do).
        for (const n of names) delete session.variables[n];
        return 'Statement executed successfully.';
      },
    };
  },
};
