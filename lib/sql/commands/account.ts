/**
 * ALTER ACCOUNT SET SQL_API_ENABLED = TRUE | FALSE and ALTER ACCOUNT UNSET SQL_API_ENABLED
 * (ACCOUNTADMIN). The value is an account parameter of the catalog (lib/catalog/account.ts); the HTTP layer answers 403 while it is FALSE.
 */
import { setAccountParameter, unsetAccountParameter } from '@/lib/catalog/account';
import { invalidProperty, invalidValue, requireAccountAdmin } from './access';
import { TokenReader } from './reader';
import type { Command } from './types';

export const SQL_API_ENABLED = 'SQL_API_ENABLED';

export const alterAccountCommand: Command = {
  name: 'ALTER ACCOUNT',
  matches: (w) => w[0] === 'ALTER' && w[1] === 'ACCOUNT',
  compile(stmt) {
    const r = new TokenReader(stmt.tokens);
    r.expect('ALTER', 'ACCOUNT');
    let value: string | null = null;
    if (r.accept('UNSET')) {
      const name = r.ident();
      if (name !== SQL_API_ENABLED) throw invalidProperty(name, 'ACCOUNT');
    } else {
      r.expect('SET');
      for (const [name, v] of r.properties()) {
        if (name !== SQL_API_ENABLED) throw invalidProperty(name, 'ACCOUNT');
        const b = v.toUpperCase();
        if (b !== 'TRUE' && b !== 'FALSE') throw invalidValue(name, v);
        value = b;
      }
      if (value === null) r.fail();
    }
    r.end();
    return {
      kind: 'action',
      async run(env) {
        requireAccountAdmin(env.session, env.catalog(), 'operate on account');
        await env.write(value === null ? unsetAccountParameter(SQL_API_ENABLED) : setAccountParameter(SQL_API_ENABLED, value));
        return { status: 'Statement executed successfully.' };
      },
    };
  },
};
