/**
 * PRIMARY KEY, UNIQUE and FOREIGN KEY constraints of CREATE TABLE, inline or out of line. Snowflake
 * stores them (SHOW PRIMARY | UNIQUE | IMPORTED KEYS, DESCRIBE TABLE) and enforces none but NOT NULL.
 */
import { randomUUID } from 'node:crypto';
import type { Catalog, TableConstraint } from '@/lib/catalog/catalog';
import { sqlErrors } from '../errors';
import type { Session } from '../session';
import { displayName, isIdent, normalize, resolveSchema, type Ident } from './names';

/** Snowflake's name of an unnamed constraint. */
const systemName = () => `SYS_CONSTRAINT_${randomUUID()}`;

type Node = Record<string, unknown>;

const names = (ids: unknown): string[] => ((ids as unknown[] | undefined) ?? []).filter(isIdent).map((id) => normalize(id as Ident));

/** The referenced table's names and columns (its primary key when the reference names none). */
function referenced(ref: Node, self: { name: string; columns: string[]; primary: string[] }, catalog: Catalog, session: Session): TableConstraint['references'] {
  const t = ref.table as Node;
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
export function declaredConstraints(v: Node, tableName: string, columns: string[], catalog: Catalog, session: Session): TableConstraint[] {
  const createdOn = Date.now();
  const out: TableConstraint[] = [];
  const cols = (v.columns as Node[] | undefined) ?? [];
  const outOfLine = ((v.constraints as Node[] | undefined) ?? []).map((c) => Object.entries(c)[0] as [string, Node]);
  const primary = [
    ...cols.filter((c) => c.primary_key === true).map((c) => normalize(c.name as Ident)),
    ...outOfLine.filter(([k]) => k === 'PrimaryKey').flatMap(([, c]) => names(c.columns)),
  ];
  const self = { name: tableName, columns, primary };
  const add = (kind: TableConstraint['kind'], name: unknown, keyColumns: string[], ref?: Node) => {
    for (const c of keyColumns) if (!columns.includes(c)) throw sqlErrors.invalidIdentifier(displayName(c));
    const references = ref ? referenced(ref, self, catalog, session) : undefined;
    out.push({ kind, name: isIdent(name) ? normalize(name) : systemName(), columns: keyColumns, createdOn, ...(references ? { references } : {}) });
  };
  for (const c of cols) {
    const col = normalize(c.name as Ident);
    if (c.primary_key === true) add('PRIMARY KEY', null, [col]);
    if (c.unique === true) add('UNIQUE', null, [col]);
    for (const k of (c.constraints as Node[] | undefined) ?? []) if (k.References) add('FOREIGN KEY', (k.References as Node).constraint_name, [col], k.References as Node);
  }
  for (const [kind, c] of outOfLine) {
    if (kind === 'PrimaryKey') add('PRIMARY KEY', c.name, names(c.columns));
    else if (kind === 'Unique') add('UNIQUE', c.name, names(c.columns));
    else if (kind === 'ForeignKey') add('FOREIGN KEY', c.name, names(c.columns), c.references as Node);
  }
  if (out.filter((c) => c.kind === 'PRIMARY KEY').length > 1) throw sqlErrors.unsupported('more than one PRIMARY KEY');
  return out;
}
