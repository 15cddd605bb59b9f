/**
 * PRIMARY KEY, UNIQUE and FOREIGN KEY constraints of CREATE TABLE, inline or out of line. Snowflake
 * stores them (SHOW PRIMARY | UNIQUE | IMPORTED KEYS, DESCRIBE TABLE) and enforces none but NOT NULL.
 */
import { randomUUID } from 'node:crypto';
import type { Catalog, TableConstraint } from '@/lib/catalog/catalog';
import { sqlErrors } from '../errors';
import type { Session } from '../session';
import type { NodeOf } from '../parse';
import { displayName, isIdent, normalize, resolveSchema } from './names';

/** Snowflake's name of an unnamed constraint. */
const systemName = () => `SYS_CONSTRAINT_${randomUUID()}`;

type CreateTable = NodeOf<'create_table'>;
/** A REFERENCES clause, inline or out of line. */
type Reference = NonNullable<Extract<CreateTable['constraints'][number], { ForeignKey: unknown }>['ForeignKey']['references']>;

const names = (ids: unknown): string[] => (Array.isArray(ids) ? ids : []).filter(isIdent).map((id) => normalize(id));

/** The referenced table's names and columns (its primary key when the reference names none). */
function referenced(ref: Reference, self: { name: string; columns: string[]; primary: string[] }, catalog: Catalog, session: Session): TableConstraint['references'] {
  const t = ref.table;
  const parts = [t.catalog, t.schema, t.name].map((x) => (isIdent(x) ? normalize(x) : null));
  const { db, schema } = resolveSchema(catalog, session, parts[0], parts[1]);
  const written = names(ref.columns);
  // A table may reference itself (it does not exist yet).
  const own = parts[2] === self.name && schema.name === (parts[1] ?? session.schema);
  const table = own ? null : catalog.table(schema.id, parts[2]!);
  if (!own && !table) throw sqlErrors.objectMissing('Table', displayName(parts[2]!));
  const primary = own ? self.primary : table!.constraints?.find((c) => c.kind === 'PRIMARY KEY')?.columns ?? [];
  const columns = written.length > 0 ? written : primary;
  const known = own ? self.columns : table!.columns.map((c) => c.name);
  for (const c of columns) if (!known.includes(c)) throw sqlErrors.invalidIdentifier(displayName(c));
  return { database: db.name, schema: schema.name, table: parts[2]!, columns };
}

/** The constraints a CREATE TABLE declares, checked against its columns. */
export function declaredConstraints(v: Pick<CreateTable, 'columns' | 'constraints'>, tableName: string, columns: string[], catalog: Catalog, session: Session): TableConstraint[] {
  const createdOn = Date.now();
  const out: TableConstraint[] = [];
  const cols = v.columns ?? [];
  const outOfLine = v.constraints ?? [];
  const primary = [
    ...cols.filter((c) => c.primary_key === true).map((c) => normalize(c.name)),
    ...outOfLine.flatMap((c) => ('PrimaryKey' in c ? names(c.PrimaryKey.columns) : [])),
  ];
  const self = { name: tableName, columns, primary };
  const add = (kind: TableConstraint['kind'], name: unknown, keyColumns: string[], ref?: Reference | null) => {
    for (const c of keyColumns) if (!columns.includes(c)) throw sqlErrors.invalidIdentifier(displayName(c));
    const references = ref ? referenced(ref, self, catalog, session) : undefined;
    out.push({ kind, name: isIdent(name) ? normalize(name) : systemName(), columns: keyColumns, createdOn, ...(references ? { references } : {}) });
  };
  for (const c of cols) {
    const col = normalize(c.name);
    if (c.primary_key === true) add('PRIMARY KEY', null, [col]);
    if (c.unique === true) add('UNIQUE', null, [col]);
    for (const k of c.constraints ?? []) if (typeof k === 'object' && 'References' in k) add('FOREIGN KEY', k.References.constraint_name, [col], k.References);
  }
  for (const c of outOfLine) {
    if ('PrimaryKey' in c) add('PRIMARY KEY', c.PrimaryKey.name, names(c.PrimaryKey.columns));
    else if ('Unique' in c) add('UNIQUE', c.Unique.name, names(c.Unique.columns));
    else if ('ForeignKey' in c) add('FOREIGN KEY', c.ForeignKey.name, names(c.ForeignKey.columns), c.ForeignKey.references);
  }
  if (out.filter((c) => c.kind === 'PRIMARY KEY').length > 1) throw sqlErrors.unsupported('more than one PRIMARY KEY');
  return out;
}
