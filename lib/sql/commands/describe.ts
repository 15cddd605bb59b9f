/** DESCRIBE | DESC [TABLE|VIEW] name: the columns of a table with Snowflake's output columns. */
import { resolveTable } from '../compile/names';
import { column } from '../compile/types';
import { findVirtualTable } from '../compile/virtual-tables';
import { describedDefault, identityOf } from '../compile/identity';
import { types } from '../types';
import { TokenReader } from './reader';
import type { Command } from './types';

const OUTPUT = ['name', 'type', 'kind', 'null?', 'default', 'primary key', 'unique key', 'check', 'expression', 'comment', 'policy name', 'privacy domain'];

export const describeTableCommand: Command = {
  name: 'DESCRIBE TABLE',
  matches: (w) => (w[0] === 'DESCRIBE' || w[0] === 'DESC') && (w[1] === 'TABLE' || w[1] === 'VIEW' || (w[1] !== undefined && !['AGENT', 'USER', 'WAREHOUSE', 'DATABASE', 'SCHEMA', 'FUNCTION', 'RESULT', 'SEQUENCE'].includes(w[1]))),
  compile(stmt, ctx) {
    const r = new TokenReader(stmt.tokens);
    if (!r.accept('DESCRIBE')) r.expect('DESC');
    if (!r.accept('TABLE')) r.accept('VIEW');
    const parts = r.name(3);
    if (r.accept('TYPE')) { r.acceptPunct('='); r.ident(); }
    r.end();
    const padded = [null, null, null, ...parts].slice(-3);
    const columns = OUTPUT.map((n) => column(n, types.varchar()));
    // An INFORMATION_SCHEMA view is described by its columns (all nullable, as Snowflake's are).
    const view = findVirtualTable(padded, ctx.catalog, ctx.session, ctx.services);
    if (view) return { kind: 'rows', columns, rows: view.columns.map((c) => [c.name, c.type.text, 'COLUMN', 'Y', null, 'N', 'N', null, null, null, null, null]) };
    const { table } = resolveTable(ctx.catalog, ctx.session, padded);
    const keyed = (kind: 'PRIMARY KEY' | 'UNIQUE', name: string) => (table.constraints?.some((k) => k.kind === kind && k.columns.includes(name)) ? 'Y' : 'N');
    return {
      kind: 'rows',
      columns,
      rows: table.columns.map((c) => [c.name, c.type, 'COLUMN', c.nullable ? 'Y' : 'N', describedDefault(c, identityOf(ctx.catalog, c)), keyed('PRIMARY KEY', c.name), keyed('UNIQUE', c.name), null, null, c.comment, null, null]),
    };
  },
};
