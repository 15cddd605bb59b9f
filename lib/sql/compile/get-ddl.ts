/**
 * GET_DDL('TABLE' | 'VIEW' | 'SCHEMA' | 'DATABASE' | 'SEQUENCE', '<name>' [, <fully qualified>]):
 * the DDL that recreates an object, written the way Snowflake writes it (`create or replace
 * TABLE T (\n\tA NUMBER(38,0),\n…\n);`; a schema or database with every object in it). Its
 * arguments are constants, so the text is made here from the catalog and becomes a literal.
 */
import type { Catalog, SchemaInfo, SequenceInfo, TableInfo } from '@/lib/catalog/catalog';
import { SqlError, sqlErrors } from '../errors';
import { asKind, type Node } from '../parse';
import { types } from '../types';
import { lit } from '../tree/ast';
import { identityOf } from './identity';
import { displayName, resolveDatabase, resolveSchema } from './names';
import type { RewriteContext } from './rewrite';
import { findSequence } from './sequences';

/** A one- to three-part name as written in the string argument ("quoted" parts keep their case). */
function nameParts(text: string): string[] {
  const parts: string[] = [];
  const re = /\s*(?:"((?:[^"]|"")*)"|([^."\s]+))\s*(\.|$)/y;
  let m: RegExpExecArray | null;
  while (re.lastIndex < text.length && (m = re.exec(text))) {
    parts.push(m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2].toUpperCase());
    if (m[3] === '') break;
  }
  if (parts.length === 0 || parts.length > 3) throw sqlErrors.invalidValue(`Invalid object name '${text}'.`);
  return parts;
}

const quoted = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** How the recreated object is named: as it is, or DB.SCHEMA.NAME. */
type Namer = (schemaId: number, name: string) => string;

function tableDdl(t: TableInfo, catalog: Catalog, name: Namer): string {
  if (t.kind === 'VIEW') {
    // A view is recreated from the text it was created with.
    const text = (t.text ?? '').trim().replace(/;+$/, '');
    const body = /^create\s+(or\s+replace\s+)?/i.test(text) ? text.replace(/^create\s+(or\s+replace\s+)?/i, 'create or replace ') : text;
    return `${body};`;
  }
  const cols = t.columns.map((c) => {
    const id = identityOf(catalog, c);
    const generated = id ? ` autoincrement start ${id.start} increment ${id.increment} ${id.ordered ? 'order' : 'noorder'}` : c.defaultSql !== null ? ` DEFAULT ${c.defaultSql}` : '';
    return `\t${displayName(c.name)} ${c.type}${c.nullable ? '' : ' NOT NULL'}${generated}${c.comment !== null ? ` COMMENT ${quoted(c.comment)}` : ''}`;
  });
  return `create or replace TABLE ${name(t.schemaId, t.name)} (\n${cols.join(',\n')}\n)${t.comment !== null ? `COMMENT=${quoted(t.comment)}\n` : ''};`;
}

function sequenceDdl(q: SequenceInfo, name: Namer): string {
  return `create or replace sequence ${name(q.schemaId, q.name!)} start with ${q.start} increment by ${q.increment} ${q.ordered ? 'order' : 'noorder'}${q.comment !== null ? ` comment=${quoted(q.comment)}` : ''};`;
}

/** A schema and everything in it: sequences, tables, then views (which may read them). */
function schemaDdl(s: SchemaInfo, catalog: Catalog, name: Namer, qualifiedSchema: string): string {
  const tables = catalog.tablesOf(s.id).sort((a, b) => a.createdOn - b.createdOn || a.id - b.id);
  return [
    `create or replace schema ${qualifiedSchema};`,
    ...catalog.sequencesOf(s.id).map((q) => sequenceDdl(q, name)),
    ...tables.filter((t) => t.kind === 'TABLE').map((t) => tableDdl(t, catalog, name)),
    ...tables.filter((t) => t.kind === 'VIEW').map((t) => tableDdl(t, catalog, name)),
  ].join('\n\n');
}

/** The DDL text GET_DDL returns. */
export function getDdl(kind: string, objectName: string, fullyQualified: boolean, ctx: Pick<RewriteContext, 'catalog' | 'session'>): string {
  const { catalog, session } = ctx;
  const parts = nameParts(objectName);
  const name: Namer = (schemaId, n) => {
    if (!fullyQualified) return displayName(n);
    const p = catalog.schemaPath(schemaId);
    return [p.database, p.schema, n].map(displayName).join('.');
  };
  switch (kind.toUpperCase()) {
    case 'DATABASE': {
      if (parts.length !== 1) throw sqlErrors.invalidValue(`Invalid object name '${objectName}'.`);
      const db = resolveDatabase(catalog, parts[0]);
      const schemas = catalog.schemasOf(db.id).sort((a, b) => a.createdOn - b.createdOn || a.id - b.id);
      return [`create or replace database ${displayName(db.name)};`, ...schemas.map((s) => schemaDdl(s, catalog, name, fullyQualified ? `${displayName(db.name)}.${displayName(s.name)}` : displayName(s.name)))].join('\n\n');
    }
    case 'SCHEMA': {
      if (parts.length > 2) throw sqlErrors.invalidValue(`Invalid object name '${objectName}'.`);
      const { db, schema } = resolveSchema(catalog, session, parts.length === 2 ? parts[0] : null, parts[parts.length - 1]);
      return schemaDdl(schema, catalog, name, fullyQualified ? `${displayName(db.name)}.${displayName(schema.name)}` : displayName(schema.name));
    }
    case 'TABLE': case 'VIEW': {
      const padded = [null, null, null, ...parts].slice(-3);
      const { schema } = resolveSchema(catalog, session, padded[0], padded[1]);
      const t = catalog.table(schema.id, padded[2]!);
      if (!t || (kind.toUpperCase() === 'VIEW' && t.kind !== 'VIEW')) throw sqlErrors.objectMissing(kind.toUpperCase() === 'VIEW' ? 'View' : 'Table', parts.map(displayName).join('.'));
      return tableDdl(t, catalog, name);
    }
    case 'SEQUENCE': {
      const q = findSequence(catalog, session, [null, null, null, ...parts].slice(-3));
      if (!q) throw sqlErrors.objectMissing('Sequence', parts.map(displayName).join('.'));
      return sequenceDdl(q, name);
    }
    default:
      throw new SqlError('002140', '42601', `SQL compilation error:\nInvalid object type '${kind}' for GET_DDL.`);
  }
}

const constant = (n: unknown): string | boolean | null => {
  const literal = asKind(n, 'literal');
  if (literal) return typeof literal.value === 'string' ? literal.value : null;
  const b = asKind(n, 'boolean');
  return typeof b?.value === 'boolean' ? b.value : null;
};

/** A GET_DDL(…) call rewritten to the text it returns, or null when the node is no such call. */
export function rewriteGetDdl(node: Node, ctx: RewriteContext): Node | null {
  const call = asKind(node, 'function');
  if (!call || String(call.name).toUpperCase() !== 'GET_DDL') return null;
  const args = (call.args ?? []).map(constant);
  if (args.length < 2 || args.length > 3 || typeof args[0] !== 'string' || typeof args[1] !== 'string') {
    throw sqlErrors.unsupported('GET_DDL with arguments other than constant strings');
  }
  const text = lit(getDdl(args[0], args[1], args[2] === true || args[2] === 'TRUE', ctx));
  ctx.typed.set(text, () => ({ type: types.varchar(), nullable: false }));
  return text;
}
