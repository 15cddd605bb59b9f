/** DROP SCHEMA [IF EXISTS] [db.]name [CASCADE|RESTRICT] (the SQL parser rejects qualified names). */
import { dropSchema } from '../compile/ddl';
import { TokenReader } from './reader';
import type { Command } from './types';

export const dropSchemaCommand: Command = {
  name: 'DROP SCHEMA',
  matches: (w) => w[0] === 'DROP' && w[1] === 'SCHEMA',
  compile(stmt, ctx) {
    const r = new TokenReader(stmt.tokens);
    r.expect('DROP', 'SCHEMA');
    const ifExists = r.accept('IF', 'EXISTS');
    const parts = r.name(2);
    if (!r.accept('CASCADE')) r.accept('RESTRICT');
    r.end();
    return { kind: 'ddl', ...dropSchema(ctx.catalog, ctx.session, parts, ifExists), params: 0 };
  },
};
