/**
 * SQLite (sql.js), Floe's embedded engine: JSON1 carries rows and aggregate inputs, `rowid`
 * names stored rows, column affinities keep INTEGER, REAL and exact decimal text apart.
 */
import { MAX_PARAMETERS } from '@/lib/engine/limits';
import { Dialect as ParserDialect, parse } from '@polyglot-sql/sdk';
import { storageName } from '@/lib/catalog/names';
import { tableStorageName } from '@/lib/catalog/system-tables';
import { expectKind, makeNode, toSqlite, type Node } from '../parse';
import { backquoteIdent, quoteIdent as q } from '../sql-text';
import { INT64_PRECISION, type SfType } from '../types';
import { EMPTY_SELECT } from '../empty-select';
import { binary, engineFn, fn, isNull, lit, nullNode, operator } from '../tree/ast';
import type { SqlDialect, JsonRowColumn } from './dialect';
import { computeOnce, fenceOf } from './sqlite-once';

const call = (name: string, args: Node[]): Node =>
  makeNode('function', { name, args, distinct: false, trailing_comments: [], use_bracket_syntax: false, no_parens: false, quoted: false });
const literal = (v: string | number): Node => makeNode('literal', { literal_type: typeof v === 'number' ? 'number' : 'string', value: String(v) });
/** A Snowflake name as the quoted identifier of its storage form. */
const ident = (name: string) => ({ name: storageName(name), quoted: true, trailing_comments: [] });
const aliased = (node: Node, alias: string): Node =>
  makeNode('alias', { this: node, alias: ident(alias), column_aliases: [], alias_explicit_as: true, alias_keyword: 'AS', pre_alias_comments: [], trailing_comments: [] });

/** SQLite text of one query, as a tree. */
function readQuery(sql: string): Node {
  const r = parse(sql, ParserDialect.SQLite);
  if (!r.success || !r.ast) throw new Error(`sqlite dialect: ${r.error}`);
  return r.ast[0] as Node;
}

/** A FROM item of SQLite text, as a tree (the first FROM item of `SELECT * FROM <text>`). */
const fromItem = (text: string): Node => expectKind(readQuery(`SELECT * FROM ${text}`), 'select').from!.expressions[0];

/** LIMIT -1 OFFSET 0 (sqlite-once.ts), read once. */
let onceFence: ReturnType<typeof fenceOf> | null = null;

export const sqliteDialect: SqlDialect = {
  name: 'sqlite',
  exactNumbers: false,
  maxParameters: MAX_PARAMETERS.sqlite,

  sql: (tree) => toSqlite(computeOnce(tree, onceFence ??= fenceOf(readQuery))),
  expressionSql: (expr) => toSqlite(makeNode('select', { ...EMPTY_SELECT, expressions: [expr] })).replace(/^SELECT\s+/i, ''),

  /**
   * NUMBER with a scale, or with more digits than an int64 holds, has no affinity: its values are
   * stored as numbers or, beyond them, as exact decimal text NUMERIC affinity would make a lossy double.
   */
  storageType(t: SfType): string {
    switch (t.wire) {
      case 'fixed': return t.scale === 0 && (t.precision ?? 38) <= INT64_PRECISION ? 'INTEGER' : 'BLOB';
      case 'real': return 'REAL';
      case 'boolean': return 'INTEGER';
      case 'binary': return 'BLOB';
      default: return 'TEXT';
    }
  },
  columnType: (t) => sqliteDialect.storageType(t),
  // Backquotes, as the rendered statements quote (toSqlite): EXPLAIN reads names back by them.
  quote: (name) => backquoteIdent(name),
  rowId: 'rowid',
  tempTable: (name) => `temp.${backquoteIdent(name)}`,
  tempTableRows: (name) => `SELECT * FROM temp.${backquoteIdent(name)} ORDER BY rowid`,
  // (SQLite renames a repeated column itself.)
  createTempTableAs: (name, query) => `CREATE TEMP TABLE ${backquoteIdent(name)} AS ${query}`,

  engineValue: (value) => value,
  // SQLite's SUBSTR counts a blob's bytes; SUBSTR(x, -0) is all of x, so RIGHT(x, 0) and below is
  // empty (NULL of NULL). FLOE_REVERSE reverses a blob's bytes. HEX of NULL is '' in SQLite.
  bytes(op, [x, n]) {
    if (op === 'LEFT') return fn('SUBSTR', [x, lit(1), n]);
    if (op === 'RIGHT') return fn('IIF', [binary('lte', n, lit(0)), fn('SUBSTR', [x, lit(1), lit(0)]), fn('SUBSTR', [x, makeNode('neg', { this: n })])]);
    if (op === 'HEX') return fn('IIF', [isNull(x), nullNode(), fn('HEX', [x])]);
    return engineFn('FLOE_REVERSE', [x]);
  },

  // Conditions are 0/1: the least is 1 only when all hold, the greatest when any does.
  boolAggregate: (kind, condition) => call(kind === 'and' ? 'MIN' : 'MAX', [condition]),
  // SQLite has no variance or percentile aggregate.
  doubleAggregate: () => null,
  // quote() is a value's SQL literal: its class shows (1, '1', X'01'), commas stay inside quotes.
  tupleKey: (parts) => parts.map((p) => call('quote', [p])).reduce((l, r) => operator('concat', operator('concat', l, literal(',')), r)),

  collect: (args, distinct = false, filter = null) =>
    makeNode('aggregate_function', { name: 'json_group_array', args, distinct, filter, order_by: [], limit: null, ignore_nulls: null }),
  jsonArray: (values) => call('json_array', values),
  jsonArrayLength: (array) => call('json_array_length', [array]),
  jsonElements: (array, alias) => aliased(call('json_each', [array]), alias),
  jsonElementCell: (alias, i) =>
    call('json_extract', [makeNode('column', { name: { name: 'value', quoted: true, trailing_comments: [] }, table: ident(alias), join_mark: false, trailing_comments: [] }), literal(`$[${i}]`)]),
  jsonRowsSql(columns: JsonRowColumn[], join): string {
    const exprs = columns.map((c) => {
      const cell = 'stat' in c ? `s.${c.stat}` : c.type.wire === 'binary' ? `unhex(j.value ->> '$[${c.cell}]')` : `j.value ->> '$[${c.cell}]'`;
      return `${cell} AS ${c.alias}`;
    }).join(', ');
    const joined = join ? ` LEFT JOIN (${join.sql}) AS s ON s.id = j.value ->> '$[${join.idCell}]'` : '';
    return `SELECT ${exprs} FROM json_each(?) AS j${joined} ORDER BY j.key`;
  },

  /** A square join of a recursive CTE of √n rows: SQLite has no series function in sql.js's build. */
  generatorRows(rows, column, alias) {
    const m = Math.max(1, Math.ceil(Math.sqrt(rows)));
    const series = `WITH RECURSIVE t(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM t WHERE k < ${m - 1}) SELECT a.k * ${m} + b.k AS ${q(column)} FROM t AS a, t AS b WHERE a.k * ${m} + b.k < ${rows}`;
    return fromItem(`(${series}) AS ${q(storageName(alias))}`);
  },
  /** The size is the average stored width of at most `sampleRows` rows times the count: no table is read beyond that sample. */
  tableStatsSql(tables, sampleRows) {
    const rows = tables.filter((t) => t.kind !== 'VIEW' && t.columns.length > 0).map((t) => {
      const name = q(tableStorageName(t.id));
      const width = t.columns.map((c) => `coalesce(length(CAST(${q(storageName(c.name))} AS BLOB)), 0)`).join(' + ');
      return `(${t.id}, (SELECT count(*) FROM ${name}), (SELECT avg(${width}) FROM (SELECT * FROM ${name} LIMIT ${sampleRows})))`;
    });
    if (rows.length === 0) return 'SELECT NULL AS id, NULL AS row_count, NULL AS bytes WHERE 0';
    return `SELECT column1 AS id, column2 AS row_count, CAST(round(coalesce(column3, 0) * column2) AS INTEGER) AS bytes FROM (VALUES ${rows.join(', ')})`;
  },

  readQuery,

  textOf: (column) => `CAST(${column} AS TEXT)`,
  classAndTextOf: (column) => `typeof(${column}) || ':' || CAST(${column} AS TEXT)`,
};
