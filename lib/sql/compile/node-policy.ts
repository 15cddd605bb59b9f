/**
 * Fail closed: what the rewrite does with each node kind the parser can produce (NODE_KINDS).
 * A kind is compiled by a rule of rewrite.ts's table, by a module named in MODULE_KINDS, by the
 * function library (functionKinds), or passes through unchanged because SQLite reads the
 * generator's text for it the same way (PASS_THROUGH, reviewed). Every other kind is refused
 * with Snowflake's "Unsupported feature" error before it can reach the engine.
 */
import type { NodeKind, NodeOf } from '../parse';

/** Kinds compiled by a module consulted before (or after) the rewrite's table of rules. */
export const MODULES: { where: string; kinds: NodeKind[] }[] = [
  { where: 'compile/index.ts: the statements it compiles (DML through the rewrite, DDL apart)', kinds: ['insert', 'update', 'delete', 'merge', 'set_statement', 'create_database', 'drop_database', 'create_schema', 'create_table', 'drop_table', 'create_view', 'drop_view', 'truncate', 'command'] },
  { where: 'query-syntax.ts, grouping-sets.ts, star.ts, object-star.ts: selects (ROLLUP/CUBE, * EXCLUDE/RENAME, OBJECT_CONSTRUCT(*))', kinds: ['select'] },
  { where: 'table-functions.ts, virtual-tables.ts, sequences.ts, get-ddl.ts: FROM items, table functions, NEXTVAL, GET_DDL', kinds: ['function', 'alias', 'lateral', 'column'] },
  { where: 'pivot.ts, sample.ts', kinds: ['pivot', 'unpivot', 'table_sample'] },
  { where: 'exact-predicates.ts: IN, BETWEEN and simple CASE compared exactly', kinds: ['in', 'between', 'case'] },
];

/** Kinds passed through unchanged, each group with why SQLite reads them the same. */
export const PASS_THROUGH: { why: string; kinds: NodeKind[] }[] = [
  { why: 'query nesting: SQLite has the same (set operations are a rule: their branches take one type)', kinds: ['paren', 'exists', 'tuple'] },
  { why: 'select-list structure: `*` is expanded by star.ts, names are rewritten to storage form', kinds: ['star', 'dot'] },
  { why: 'boolean logic and NULL tests: SQLite\'s three-valued logic is Snowflake\'s', kinds: ['and', 'or', 'not', 'is_null'] },
  { why: 'constants: TRUE/FALSE and NULL are read the same (typed by infer.ts)', kinds: ['boolean', 'null'] },
  { why: 'a type name where the compiler reads it itself (casts are checked by castTarget)', kinds: ['data_type'] },
  { why: 'COUNT and ranking window functions: SQLite\'s have the same meaning (typed by infer.ts)', kinds: ['count', 'row_number', 'rank', 'dense_rank', 'percent_rank', 'cume_dist', 'n_tile', 'var'] },
];

/**
 * Payload fields of compiled kinds that are not nodes and that no rule reads: present, they are
 * refused like a kind without an entry (the generator would hand them to SQLite as written).
 */
export const UNREAD_FIELDS: { [K in NodeKind]?: { [F in keyof NodeOf<K>]?: string } } = {
  select: { connect: 'CONNECT BY' },
  table: { when: 'AT | BEFORE', changes: 'CHANGES' },
};

export const MODULE_KINDS: ReadonlySet<NodeKind> = new Set(MODULES.flatMap((m) => m.kinds));
export const PASS_THROUGH_KINDS: ReadonlySet<NodeKind> = new Set(PASS_THROUGH.flatMap((g) => g.kinds));

/** The feature an unsupported kind names in its error (`null_safe_neq` → NULL_SAFE_NEQ). */
export const unsupportedFeatureName = (kind: NodeKind): string => kind.toUpperCase();
