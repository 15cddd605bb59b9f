/**
 * PostgreSQL (15+): the compiler's tree rendered by the SDK's PostgreSQL generator, after one
 * pass over it that turns the SQLite-shaped builders' calls into PostgreSQL's (IIF, TYPEOF, …)
 * and engine functions (FLOE_*) into calls of the function library in schema `floe`, each
 * argument cast to its parameter's type (lib/engine/postgres/functions: PG_FUNCTIONS). A call of
 * a function the library does not have fails closed at compile time.
 *
 * Storage follows the storage forms in lib/engine/postgres/functions/types.ts: NUMBER(≤18, 0) is
 * bigint, other NUMBER numeric (exact natively: exactNumbers; a table's NUMBER(p, 0) columns are
 * declared floe.widening_bigint, see columnType), FLOAT double precision, BOOLEAN
 * boolean, BINARY bytea, everything else text in lib/values' stored forms. JSON carries rows and
 * aggregate inputs as `json` (element order kept). A stored row is named by its ctid: stable for
 * the rows a statement has not updated yet, which is all MERGE needs (it reads the matched rows'
 * ctids and updates or deletes each of them once, in the same transaction).
 */
import { MAX_PARAMETERS } from '@/lib/engine/limits';
import { Dialect as ParserDialect, parse } from '@polyglot-sql/sdk';
import { storageName } from '@/lib/catalog/names';
import { tableStorageName } from '@/lib/catalog/system-tables';
import { engineFunctionNames, type EngineFunctionName } from '@/lib/engine/functions/manifest';
import { FLOE_SCHEMA, isNumberSource, numberFormatSpec, PG_FUNCTIONS, WIDENING_BIGINT, type PgFunctionSignature, type PgType } from '@/lib/engine/postgres/functions';
import { SqlError } from '../errors';
import { kindOf, toPostgres, type Node } from '../parse';
import { quoteIdent as q } from '../sql-text';
import { INT64_PRECISION, type SfType } from '../types';
import { EMPTY_SELECT } from '../empty-select';
import type { SqlDialect, JsonRowColumn } from './dialect';

const ENGINE_FUNCTIONS = new Set<string>(engineFunctionNames);
/** A node built from parts this pass assembles from the tree itself (untyped: they come from anywhere in it). */
const node = (kind: string, payload: unknown): Node => ({ [kind]: payload }) as unknown as Node;

const ident = (name: string, quoted = true) => ({ name, quoted, trailing_comments: [] });
const call = (name: string, args: unknown[]): Node =>
  node('function', { name, args, distinct: false, trailing_comments: [], use_bracket_syntax: false, no_parens: false, quoted: false });
/** An aggregate call `name([DISTINCT] args) [FILTER (WHERE …)]`. */
const aggregate = (name: string, args: unknown[], distinct = false, filter: unknown = null): Node =>
  node('aggregate_function', { name, args, distinct, filter, order_by: [], limit: null, ignore_nulls: null });
const literal = (v: string | number): Node => node('literal', { literal_type: typeof v === 'number' ? 'number' : 'string', value: String(v) });
const CAST_TYPES: Record<PgType | 'json' | 'jsonb', unknown> = {
  text: { data_type: 'text' },
  bigint: { data_type: 'big_int', length: null },
  numeric: { data_type: 'decimal', precision: null, scale: null },
  'double precision': { data_type: 'double', precision: null, scale: null },
  boolean: { data_type: 'boolean' },
  bytea: { data_type: 'custom', name: 'BYTEA' },
  json: { data_type: 'json' },
  jsonb: { data_type: 'json_b' },
};
const cast = (x: unknown, to: PgType | 'json' | 'jsonb'): Node => node('cast', { this: x, to: CAST_TYPES[to], trailing_comments: [], double_colon_syntax: false });
const aliased = (item: Node, alias: string, columns: string[] = []): Node =>
  node('alias', { this: item, alias: ident(storageName(alias)), column_aliases: columns.map((c) => ident(c)), alias_explicit_as: true, alias_keyword: 'AS', pre_alias_comments: [], trailing_comments: [] });

/** The engine does not have this function (yet): Snowflake's "unsupported feature", naming the engine. */
export const unsupportedOnPostgres = (what: string): SqlError =>
  new SqlError('002140', '42601', `SQL compilation error:\nUnsupported feature '${what}' on the PostgreSQL engine.`);

function readQuery(sql: string): Node {
  const r = parse(sql, ParserDialect.PostgreSQL);
  if (!r.success || !r.ast) throw new Error(`postgres dialect: ${r.error}`);
  return r.ast[0] as Node;
}

const fromItem = (text: string): Node => (readQuery(`SELECT * FROM ${text}`) as { select: { from: { expressions: Node[] } } }).select.from.expressions[0];

/** The installed form of an engine function for `arity` arguments. */
function signatureFor(name: EngineFunctionName, args: unknown[]): PgFunctionSignature {
  const arity = args.length;
  const entry = PG_FUNCTIONS[name];
  if (!entry.supported) throw unsupportedOnPostgres(name);
  const fits = entry.signatures.filter((s) => s.params.length === arity || (s.variadic && arity >= s.params.length));
  // A numeric first argument (exact arithmetic's range check) takes the numeric form where there
  // is one: the first form, text, would print and re-parse every row's value (4M rows: a minute).
  const numericForm = isNumericByForm(args[0]) ? fits.find((s) => s.params[0] === 'numeric') : undefined;
  const sig = numericForm ?? fits[0];
  if (!sig) throw unsupportedOnPostgres(`${name} with ${arity} arguments`);
  return sig;
}

/** `floe.<name>(args)`. */
const schemaCall = (name: string, args: unknown[]): Node =>
  node('method_call', { this: node('column', { name: ident(FLOE_SCHEMA, false), table: null, join_mark: false, trailing_comments: [] }), method: ident(name, false), args });

/** `floe.<name>(CAST(arg AS <param type>), …)`. */
function libraryCall(name: EngineFunctionName, args: unknown[]): Node {
  if (name === 'FLOE_CONVERT') {
    const numberFormat = numberFormatCall(args);
    if (numberFormat) return numberFormat;
  }
  const sig = signatureFor(name, args);
  // HASH hashes each argument by its own type (floe._hash_part, overloaded per type): no cast first.
  const typed = name === 'HASH' ? args.map((a) => schemaCall('_hash_part', [a])) : args.map((a, i) => cast(a, sig.params[i] ?? sig.variadic!));
  const made = schemaCall(name.toLowerCase(), sig.variadic && typed.length > FUNC_MAX_ARGS ? variadicArray(typed, sig.params.length, sig.variadic) : typed);
  return name === 'FLOE_CONVERT' ? convertResult(made, args[2]) : made;
}

/** PostgreSQL's FUNC_MAX_ARGS: a call with more arguments fails (54023), a VARIADIC one too. */
const FUNC_MAX_ARGS = 100;

/**
 * A variadic call's arguments past its fixed ones as one `VARIADIC ARRAY[…]` (an ARRAY has no
 * such limit): OBJECT_CONSTRUCT of 60 pairs, ARRAY_CONSTRUCT or HASH of 300 values.
 */
function variadicArray(args: Node[], fixed: number, element: PgType): Node[] {
  const array = node('array_func', { expressions: args.slice(fixed), bracket_notation: false, use_list_keyword: false });
  const to = { data_type: 'array', element_type: CAST_TYPES[element] };
  return [...args.slice(0, fixed), node('variadic', { this: node('cast', { this: array, to, trailing_comments: [], double_colon_syntax: false }) })];
}

/** `floe.<helper>(CAST(arg AS <type>), …)`: one of the library's own helpers (not an engine function). */
const helperCall = (name: string, args: [unknown, PgType | 'jsonb'][]): Node =>
  node('method_call', { this: node('column', { name: ident(FLOE_SCHEMA, false), table: null, join_mark: false, trailing_comments: [] }), method: ident(name, false), args: args.map(([a, t]) => cast(a, t)) });

const stringLiteral = (x: unknown): string | null => {
  const l = (x as { literal?: { literal_type?: string; value?: unknown } } | null)?.literal;
  return l?.literal_type === 'string' ? String(l.value) : null;
};

/**
 * FLOE_CONVERT(value, source, target, format, try) with a constant number format model: the format
 * compiled here, once (lib/values/number-format.ts), for floe._convert_number. A number read with a
 * format keeps its value (sql.js reads the format only from text); a format that is not a constant
 * stays with FLOE_CONVERT, which fails closed on it.
 */
function numberFormatCall(args: unknown[]): Node | null {
  const [value, src, dst, fmt, tryIt] = args;
  const from = stringLiteral(src);
  const to = stringLiteral(dst);
  const format = stringLiteral(fmt);
  if (from === null || to === null || !format) return null;
  const toNumber = to === 'REAL' || to.startsWith('FIXED:');
  if (toNumber && (isNumberSource(from) || from === 'BOOLEAN')) return libraryCall('FLOE_CONVERT', [value, src, dst, literal(''), tryIt]);
  if (!(to === 'TEXT' && isNumberSource(from)) && !toNumber) return null;
  return convertResult(helperCall('_convert_number', [[value, 'text'], [src, 'text'], [dst, 'text'], [literal(numberFormatSpec(format)), 'jsonb'], [tryIt, 'bigint']]), dst);
}

/** FLOE_CONVERT answers text (one PostgreSQL return type): read as its target's storage form (BINARY as hex). */
function convertResult(made: Node, target: unknown): Node {
  const to = String((target as { literal?: { value?: unknown } })?.literal?.value ?? '');
  if (to === 'BINARY') return call('decode', [made, literal('hex')]);
  if (to === 'REAL') return cast(made, 'double precision');
  if (to === 'BOOLEAN') return cast(made, 'boolean');
  const fixed = /^FIXED:(\d+):(\d+)$/.exec(to);
  if (fixed) return cast(made, Number(fixed[2]) === 0 && Number(fixed[1]) <= INT64_PRECISION ? 'bigint' : 'numeric');
  return made;
}

type Obj = Record<string, unknown>;

/** SQLite builders' calls as PostgreSQL spells them (the generator keeps unknown names as they are). */
function rewriteCall(name: string, args: unknown[]): Node | null {
  switch (name.toUpperCase()) {
    case 'IIF':
      return node('case', { operand: null, whens: [[args[0], args[1]]], else_: args[2] ?? null });
    // SQLite's class of a value (the builders ask whether a number is stored as text, which
    // PostgreSQL never does: numeric is a class of its own, so those checks answer no).
    case 'TYPEOF': {
      const x = args[0];
      const klass = node('case', {
        operand: cast(call('pg_typeof', [x]), 'text'),
        whens: [['bigint', 'integer'], ['integer', 'integer'], ['smallint', 'integer'], ['double precision', 'real'], ['real', 'real'], ['bytea', 'blob'], ['numeric', 'numeric']]
          .map(([pg, sqlite]) => [literal(pg), literal(sqlite)]),
        else_: literal('text'),
      });
      return node('case', { operand: null, whens: [[node('is_null', { this: x, not: false, postfix_form: false }), literal('null')]], else_: klass });
    }
    case 'UNICODE':
      return call('ascii', args);
    // SQLite's multi-argument MAX/MIN (GREATEST/LEAST): NULL when any argument is, where
    // PostgreSQL's GREATEST/LEAST skip NULLs. The extreme comes first in the test: it gives
    // untyped bind parameters their type, which a bare \`$1 IS NULL\` cannot.
    case 'MAX':
    case 'MIN': {
      if (args.length < 2) return null;
      const extreme = call(name.toUpperCase() === 'MAX' ? 'GREATEST' : 'LEAST', args);
      const anyNull = [extreme, ...args].map((a) => node('is_null', { this: a, not: false, postfix_form: false }))
        .reduce((l, r) => node('or', { left: l, right: r, left_comments: [], operator_comments: [], trailing_comments: [] }));
      return node('case', { operand: null, whens: [[anyNull, node('null', null)]], else_: extreme });
    }
    default:
      return null;
  }
}

/** One pass over a tree (a copy): engine functions to library calls, SQLite calls to PostgreSQL's. */
function toPostgresTree(tree: unknown): unknown {
  if (Array.isArray(tree)) return tree.map(toPostgresTree);
  if (tree === null || typeof tree !== 'object') return tree;
  const kind = Object.keys(tree)[0];
  const payload = (tree as Obj)[kind];
  if (kind === 'function' && payload && typeof payload === 'object') {
    const f = payload as Obj;
    const name = String(f.name);
    const args = (f.args as unknown[] ?? []).map(toPostgresTree);
    if (ENGINE_FUNCTIONS.has(name)) return libraryCall(name as EngineFunctionName, args);
    const rewritten = rewriteCall(name, args);
    if (rewritten) return rewritten;
    return { function: { ...f, args } };
  }
  // SQLite's `a IS b` (EQUAL_NULL, DECODE): PostgreSQL's IS takes only NULL, TRUE and FALSE.
  if (kind === 'is' && payload && typeof payload === 'object') {
    const p = payload as Obj;
    return node('null_safe_eq', { ...p, left: toPostgresTree(p.left), right: toPostgresTree(p.right) });
  }
  // `condition <> 0`, SQLite's truth of a value, where the value is a condition already: PostgreSQL
  // compares no BOOLEAN with a number.
  if (kind === 'neq' && payload && typeof payload === 'object' && isZero((payload as Obj).right) && isCondition((payload as Obj).left)) {
    return node('paren', { this: toPostgresTree((payload as Obj).left), trailing_comments: [] });
  }
  // asReal's \`x * 1.0\` (SQLite's conversion to REAL; the builders' own, not exact arithmetic, whose
  // left operand is cast to numeric): a double here too, where 1.0 would make it numeric.
  if (kind === 'mul' && payload && typeof payload === 'object' && isRealOne((payload as Obj).right) && !isNumericCast((payload as Obj).left)) {
    return cast(toPostgresTree((payload as Obj).left), 'double precision');
  }
  // A number in exponent form is a FLOAT (numberLiteralType): PostgreSQL would read it as an exact
  // numeric, so that 0.1e0 + 0.2e0 made 0.3 where a double makes 0.30000000000000004.
  if (kind === 'literal' && payload && typeof payload === 'object' && (payload as Obj).literal_type === 'number' && /[eE]/.test(String((payload as Obj).value))) {
    return cast(tree, 'double precision');
  }
  if (kind === 'placeholder' && payload && typeof payload === 'object' && (payload as Obj).floe_type) {
    // A bound value cast to its storage type (rewrite.ts boundPlaceholder): PostgreSQL cannot type
    // `? IS NULL` or `-?` from their context, and would read a REAL in `? * 2` as an integer.
    const { floe_type: t, ...rest } = payload as Obj;
    return cast(node('placeholder', rest), PARAM_CASTS[postgresDialect.storageType(t as SfType)] ?? 'text');
  }
  // IFF / IIF as the parser reads them: PostgreSQL has no IF function.
  if (kind === 'if_func' && payload && typeof payload === 'object') {
    const f = payload as Obj;
    return node('case', { operand: null, whens: [[toPostgresTree(f.condition), toPostgresTree(f.true_value)]], else_: toPostgresTree(f.false_value ?? null) });
  }
  if (kind === 'aggregate_function' && payload && typeof payload === 'object') {
    const f = payload as Obj;
    if (ENGINE_FUNCTIONS.has(String(f.name))) throw unsupportedOnPostgres(String(f.name));
  }
  const out: Obj = {};
  for (const [k, v] of Object.entries(tree as Obj)) out[k] = toPostgresTree(v);
  if (kind === 'select') nameDerivedTables(out.select as Obj);
  if (kind === 'values') textForMixedColumns(out.values as Obj);
  return out;
}

/** A number literal (also negated) as its text, or null. */
function numberText(cell: unknown): string | null {
  const lit = (cell as { literal?: Obj } | null)?.literal;
  if (lit?.literal_type === 'number') return String(lit.value);
  const neg = (cell as { neg?: Obj } | null)?.neg;
  const inner = neg ? numberText(neg.this) : null;
  return inner !== null ? `-${inner}` : null;
}

/**
 * PostgreSQL gives a VALUES column one type from its cells: string and number literals together
 * make it integer, so `('NaN'), (1)` fails where Snowflake (and SQLite) take each cell as it is.
 * Such a column's numbers are written as text, so the column is text and each cell converts on
 * its own when the statement casts it to its target.
 */
function textForMixedColumns(values: Obj): void {
  const rows = (values.expressions as { expressions?: unknown[] }[] | undefined) ?? [];
  const width = Math.max(0, ...rows.map((r) => r.expressions?.length ?? 0));
  for (let i = 0; i < width; i++) {
    const cells = rows.map((r) => r.expressions?.[i]);
    const hasString = cells.some((c) => (c as { literal?: Obj } | undefined)?.literal?.literal_type === 'string');
    if (!hasString || !cells.some((c) => numberText(c) !== null)) continue;
    for (const r of rows) {
      const text = numberText(r.expressions?.[i]);
      if (text !== null) r.expressions![i] = literal(text);
    }
  }
}

const PARAM_CASTS: Record<string, PgType | undefined> = {
  BIGINT: 'bigint', NUMERIC: 'numeric', 'DOUBLE PRECISION': 'double precision', BOOLEAN: 'boolean', BYTEA: 'bytea',
};

const CONDITION_KINDS = new Set(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'and', 'or', 'not', 'is', 'is_null', 'null_safe_eq', 'null_safe_neq', 'like', 'i_like', 'in', 'between', 'exists', 'boolean']);
const isZero = (x: unknown): boolean => (x as { literal?: { literal_type?: string; value?: string } } | null)?.literal?.literal_type === 'number' && (x as { literal: { value: string } }).literal.value === '0';
const isRealOne = (x: unknown): boolean => (x as { literal?: { literal_type?: string; value?: string } } | null)?.literal?.literal_type === 'number' && (x as { literal: { value: string } }).literal.value === '1.0';
const isNumericCast = (x: unknown): boolean => {
  const c = (x as { cast?: { to?: { data_type?: string } } } | null)?.cast;
  return c !== undefined && c.to?.data_type === 'decimal';
};
/** A tree whose value is numeric by its form: arithmetic with a DECIMAL cast operand, or a cast to plain numeric, through parentheses. */
function isNumericByForm(x: unknown, operand = false): boolean {
  if (x === null || typeof x !== 'object') return false;
  const kind = Object.keys(x)[0];
  const p = (x as Obj)[kind] as Obj | null;
  if (!p || typeof p !== 'object') return false;
  if (kind === 'paren') return isNumericByForm(p.this, operand);
  // A value cast to plain numeric (no precision: convert.ts nativeNumber's range check of a value
  // written as NUMBER) is numeric; a cast to NUMERIC(p, s) keeps its text form's own answers.
  if (kind === 'cast') return isNumericCast(x) && (operand || (p.to as Obj | null)?.precision == null);
  if (['add', 'sub', 'mul', 'div', 'mod'].includes(kind)) return isNumericByForm(p.left, true) || isNumericByForm(p.right, true);
  return false;
}

/** A tree whose value is a BOOLEAN by its form (a comparison, a connective, a boolean literal), through parentheses. */
function isCondition(x: unknown): boolean {
  if (x === null || typeof x !== 'object') return false;
  const kind = Object.keys(x)[0];
  if (kind === 'paren') return isCondition(((x as Obj).paren as Obj).this);
  return CONDITION_KINDS.has(kind);
}

/** Names given in the tree being rendered (from 0 in each render: the same tree renders the same text). */
let derived = 0;
/** PostgreSQL 15 wants every subquery and VALUES in FROM named (SQLite, Snowflake and PostgreSQL 16 do not). */
function nameDerivedTables(select: Obj): void {
  const from = select.from as { expressions?: unknown[] } | null;
  const items = [...(from?.expressions ?? []), ...((select.joins as Obj[] | undefined) ?? []).map((j) => j.this)];
  for (const item of items) {
    const sub = (item as { subquery?: Obj } | null)?.subquery;
    if (sub && sub.alias === null) sub.alias = ident(`_floe_d${derived++}`);
  }
}

function render(tree: Node): string {
  derived = 0;
  return toPostgres(toPostgresTree(tree) as Node);
}

/** An expression of PostgreSQL text, as a tree. */
const expression = (text: string): Node => (readQuery(`SELECT ${text}`) as { select: { expressions: Node[] } }).select.expressions[0];

export const postgresDialect: SqlDialect = {
  name: 'postgres',
  exactNumbers: true,
  maxParameters: MAX_PARAMETERS.postgres,

  sql: (tree) => render(tree),
  expressionSql: (expr) => render(node('select', { ...EMPTY_SELECT, expressions: [expr] })).replace(/^SELECT\s+/i, ''),

  storageType(t: SfType): string {
    switch (t.wire) {
      case 'fixed': return t.scale === 0 && (t.precision ?? 38) <= INT64_PRECISION ? 'BIGINT' : 'NUMERIC';
      case 'real': return 'DOUBLE PRECISION';
      case 'boolean': return 'BOOLEAN';
      case 'binary': return 'BYTEA';
      default: return 'TEXT';
    }
  },
  // Every NUMBER(p, 0) (INT is NUMBER(38, 0)) is a bigint until a value beyond int64 is written:
  // grouping, DISTINCT and SUM over bigint cost a fraction of numeric's. The engine widens the
  // column to numeric and runs the write again then (postgres-engine.ts widenAfterOverflow).
  columnType: (t) => (t.wire === 'fixed' && t.scale === 0 ? WIDENING_BIGINT : postgresDialect.storageType(t)),
  quote: (name) => q(name),
  rowId: 'ctid',
  tempTable: (name) => `pg_temp.${q(name)}`,
  // A table CREATE TEMP TABLE … AS just wrote and nothing updated: its heap order is the query's.
  tempTableRows: (name) => `SELECT * FROM pg_temp.${q(name)} ORDER BY ctid`,
  // PostgreSQL refuses a table whose column names repeat (SELECT s.NEXTVAL, s.NEXTVAL): the columns are named by position.
  createTempTableAs: (name, query, columns) => `CREATE TEMP TABLE ${q(name)} (${Array.from({ length: columns }, (_, i) => q(`c${i + 1}`)).join(', ')}) AS ${query}`,

  engineValue(value, t) {
    const storage = t ? PARAM_CASTS[postgresDialect.storageType(t)] : undefined;
    return storage ? cast(value, storage) : value;
  },
  // The engine functions take text: BINARY has helpers of its own (string.ts STRING_HELPERS).
  bytes(op, [x, n]) {
    if (op === 'HEX') return call('upper', [call('encode', [cast(x, 'bytea'), literal('hex')])]);
    if (op === 'REVERSE') return helperCall('_bytes_reverse', [[x, 'bytea']]);
    return helperCall(op === 'LEFT' ? '_bytes_left' : '_bytes_right', [[x, 'bytea'], [n, 'bigint']]);
  },

  boolAggregate: (kind, condition) => call(kind === 'and' ? 'bool_and' : 'bool_or', [condition]),
  // The variances: float8_accum's steps, which the sql.js finals take too (a parallel plan
  // combines partial sums, which may round the last digit otherwise, as a FLOAT SUM's may).
  // MEDIAN: percentile_cont's interpolation, as the sql.js final's; no ordered-set aggregate is a
  // window function in PostgreSQL.
  doubleAggregate(kind, x, inWindow) {
    const value = cast(x, 'double precision');
    if (kind !== 'MEDIAN') return aggregate(kind.toLowerCase(), [value]);
    if (inWindow) return null;
    return node('within_group', {
      this: aggregate('percentile_cont', [literal(0.5)]),
      order_by: [{ this: value, desc: false, nulls_first: null, explicit_asc: false }],
    });
  },

  // json_agg keeps the order the rows reach it in; FILTER and DISTINCT as SQLite's json_group_array
  // takes them. A bare NULL has no type PostgreSQL's json_agg can take: it collects text NULLs.
  collect: (args, distinct = false, filter = null) =>
    aggregate('json_agg', args.map((a) => (kindOf(a) === 'null' ? cast(a, 'text') : a)), distinct, filter),
  // A row value: PostgreSQL compares rows field by field, by each field's own type.
  tupleKey: (parts) => node('tuple', { expressions: parts }),
  jsonArray: (values) => call('json_build_array', values),
  jsonArrayLength: (array) => call('json_array_length', [cast(array, 'json')]),
  // The elements with their position: `value` (json) and `key` (1-based), as json_each's columns.
  jsonElements: (array, alias) => aliased(call('json_array_elements WITH ORDINALITY', [cast(array, 'json')]), alias, ['value', 'key']),
  jsonElementCell: (alias, i) => expression(`(${q(storageName(alias))}.${q('value')} ->> ${i})`),
  // ->> reads a cell as text: each is cast to its column's storage type (numbers compare and
  // aggregate as numbers, as SQLite's dynamically typed cells do).
  jsonRowsSql(columns: JsonRowColumn[], join): string {
    const exprs = columns.map((c) => {
      if ('stat' in c) return `s.${c.stat} AS ${c.alias}`;
      const storage = postgresDialect.storageType(c.type);
      const cell = storage === 'BYTEA' ? `decode(j.value ->> ${c.cell}, 'hex')`
        : storage === 'TEXT' ? `j.value ->> ${c.cell}` : `CAST(j.value ->> ${c.cell} AS ${storage})`;
      return `${cell} AS ${c.alias}`;
    }).join(', ');
    const joined = join ? ` LEFT JOIN (${join.sql}) AS s ON CAST(s.id AS TEXT) = j.value ->> ${join.idCell}` : '';
    return `SELECT ${exprs} FROM json_array_elements(CAST(? AS json)) WITH ORDINALITY AS j(value, key)${joined} ORDER BY j.key`;
  },

  generatorRows: (rows, column, alias) =>
    fromItem(`(SELECT g AS ${q(column)} FROM generate_series(CAST(0 AS BIGINT), ${Math.max(0, rows) - 1}) AS g) AS ${q(storageName(alias))}`),
  /** The size is the average stored width (pg_column_size of the row) of at most `sampleRows` rows times the count. */
  tableStatsSql(tables, sampleRows) {
    const rows = tables.filter((t) => t.kind !== 'VIEW' && t.columns.length > 0).map((t) => {
      const name = q(tableStorageName(t.id));
      return `(CAST(${t.id} AS BIGINT), (SELECT count(*) FROM ${name}), (SELECT avg(pg_column_size(r.*)) FROM (SELECT * FROM ${name} LIMIT ${sampleRows}) AS r))`;
    });
    if (rows.length === 0) return 'SELECT NULL AS id, NULL AS row_count, NULL AS bytes WHERE false';
    return `SELECT id, row_count, CAST(round(coalesce(w, 0) * row_count) AS BIGINT) AS bytes FROM (VALUES ${rows.join(', ')}) AS v(id, row_count, w)`;
  },

  readQuery,

  textOf: (column) => `CAST(${column} AS TEXT)`,
  // SQLite's class names, from PostgreSQL's type of the value (NULL stays NULL, as SQLite's concatenation gives):
  // a whole numeric is an integer, another one exact decimal text, as SQLite stores them.
  classAndTextOf: (column) =>
    `CASE WHEN ${column} IS NULL THEN NULL WHEN pg_typeof(${column}) IN ('bigint'::regtype, 'integer'::regtype, 'smallint'::regtype) THEN 'integer:' `
    + `WHEN pg_typeof(${column}) = 'numeric'::regtype THEN CASE WHEN scale(${column}::text::numeric) = 0 THEN 'integer:' ELSE 'text:' END `
    + `WHEN pg_typeof(${column}) IN ('double precision'::regtype, 'real'::regtype) THEN 'real:' WHEN pg_typeof(${column}) = 'bytea'::regtype THEN 'blob:' ELSE 'text:' END || CAST(${column} AS TEXT)`,
};
