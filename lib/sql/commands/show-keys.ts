/**
 * SHOW [TERSE] PRIMARY KEYS | UNIQUE KEYS | IMPORTED KEYS [IN ACCOUNT | DATABASE [d] | SCHEMA [s] |
 * [TABLE] t], one row per key column, with Snowflake's output columns (what JDBC's
 * DatabaseMetaData and catalog tools read). Constraints are stored, never enforced.
 */
import type { TableConstraint } from '@/lib/catalog/catalog';
import { ltzFromEpochMs } from '@/lib/values';
import { column, type Compiled } from '../compile/types';
import { types } from '../types';
import type { Token } from '../lexer';
import { TokenReader } from './reader';
import { readShowClauses } from './show-filters';
import { schemasIn, scopeTable } from './show';
import type { Command, CommandContext } from './types';

export const SHOW_KEYS_COLUMNS = ['created_on', 'database_name', 'schema_name', 'table_name', 'column_name', 'key_sequence', 'constraint_name', 'rely', 'comment'];
export const SHOW_IMPORTED_KEYS_COLUMNS = ['created_on', 'pk_database_name', 'pk_schema_name', 'pk_table_name', 'pk_column_name', 'fk_database_name', 'fk_schema_name',
  'fk_table_name', 'fk_column_name', 'key_sequence', 'update_rule', 'delete_rule', 'fk_name', 'pk_name', 'deferrability', 'rely', 'comment'];

const typed = (names: string[]) => names.map((n) => column(n, n === 'created_on' ? types.timestampLtz(3) : n === 'key_sequence' ? types.number(38, 0) : types.varchar()));

const SCOPE_WORDS = new Set(['ACCOUNT', 'DATABASE', 'SCHEMA', 'TABLE', 'VIEW']);

/** `IN t` names a table here (its TABLE keyword is optional), not a database as elsewhere. */
function withTableKeyword(tokens: Token[]): Token[] {
  const i = tokens.findIndex((t) => t.kind === 'word' && t.text.toUpperCase() === 'IN');
  const next = tokens[i + 1];
  if (i < 0 || !next || (next.kind === 'word' && SCOPE_WORDS.has(next.text.toUpperCase()))) return tokens;
  return [...tokens.slice(0, i + 1), { ...next, kind: 'word', text: 'TABLE' }, ...tokens.slice(i + 1)];
}

type Kind = 'PRIMARY' | 'UNIQUE' | 'IMPORTED';

function showKeys(kind: Kind, r: TokenReader, ctx: CommandContext): Compiled {
  const c = readShowClauses(r);
  let scope = schemasIn(ctx.catalog, ctx.session, c.scope.kind === 'table' ? { ...c, scope: { kind: 'default' } } : c)
    .flatMap(({ db, schema }) => ctx.catalog.tablesOf(schema.id).map((table) => ({ db, schema, table })));
  if (c.scope.kind === 'table') scope = [scopeTable(ctx, c.scope.parts)];
  const wanted: TableConstraint['kind'] = kind === 'PRIMARY' ? 'PRIMARY KEY' : kind === 'UNIQUE' ? 'UNIQUE' : 'FOREIGN KEY';
  const keys = scope.flatMap((x) => (x.table.constraints ?? []).filter((k) => k.kind === wanted).map((k) => ({ ...x, k })))
    .sort((a, b) => (a.db.name + '\u0000' + a.schema.name + '\u0000' + a.table.name < b.db.name + '\u0000' + b.schema.name + '\u0000' + b.table.name ? -1 : 1));
  if (kind !== 'IMPORTED') {
    return {
      kind: 'rows',
      columns: typed(SHOW_KEYS_COLUMNS),
      rows: keys.flatMap(({ db, schema, table, k }) => k.columns.map((col, i) => [ltzFromEpochMs(k.createdOn), db.name, schema.name, table.name, col, i + 1, k.name, 'false', null])),
    };
  }
  return {
    kind: 'rows',
    columns: typed(SHOW_IMPORTED_KEYS_COLUMNS),
    rows: keys.flatMap(({ db, schema, table, k }) => {
      const ref = k.references!;
      // The referenced table's primary key names the pk side (the referenced columns when it has none).
      const target = ctx.catalog.database(ref.database);
      const refSchema = target ? ctx.catalog.schema(target.id, ref.schema) : undefined;
      const refTable = refSchema ? ctx.catalog.table(refSchema.id, ref.table) : undefined;
      const pk = (refTable ?? table).constraints?.find((x) => x.kind === 'PRIMARY KEY');
      return k.columns.map((col, i) => [ltzFromEpochMs(k.createdOn), ref.database, ref.schema, ref.table, ref.columns[i] ?? null, db.name, schema.name, table.name, col, i + 1,
        'NO ACTION', 'NO ACTION', k.name, pk?.name ?? null, 'NOT DEFERRABLE', 'false', null]);
    }),
  };
}

export const showKeysCommand: Command = {
  name: 'SHOW KEYS',
  matches: (w) => w[0] === 'SHOW' && ((['PRIMARY', 'UNIQUE', 'IMPORTED'].includes(w[1]) && w[2] === 'KEYS') || (w[1] === 'TERSE' && ['PRIMARY', 'UNIQUE', 'IMPORTED'].includes(w[2]) && w[3] === 'KEYS')),
  compile(stmt, ctx) {
    const r = new TokenReader(withTableKeyword(stmt.tokens));
    r.expect('SHOW');
    // TERSE is accepted and changes nothing, as Snowflake documents.
    r.accept('TERSE');
    const kind = (r.accept('PRIMARY') ? 'PRIMARY' : r.accept('UNIQUE') ? 'UNIQUE' : (r.expect('IMPORTED'), 'IMPORTED')) as Kind;
    r.expect('KEYS');
    return showKeys(kind, r, ctx);
  },
};
