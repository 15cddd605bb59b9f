/**
 * The dialect seam: everything engine-specific the compiler emits goes through this interface.
 * Rules build Floe's tree from Snowflake's and ask the dialect for the parts whose SQL differs
 * between engines (storage types, the JSON forms that carry rows and aggregate inputs, row ids,
 * temporary tables, the row generator, catalog statistics, reading back a value's class), and
 * the dialect renders the finished tree as the engine's SQL. Functions Snowflake has and the
 * engine lacks are engine functions (FLOE_*, declared in lib/engine/functions/manifest.ts), which
 * each engine implements; the compiler calls them (engineFn) the same way for every engine. A second engine implements this interface: no rule forks.
 */
import type { TableInfo } from '@/lib/catalog/catalog';
import type { EngineDialect } from '@/lib/engine/types';
import type { Node } from '../parse';
import type { SfType } from '../types';

/** The engines Floe compiles for (each engine names its own). */
export type DialectName = EngineDialect;

/** Aggregates of doubles each engine's FLOE_AGG_<kind> final computes over collected values. */
export type DoubleAggregate = 'VAR_SAMP' | 'VAR_POP' | 'STDDEV_SAMP' | 'STDDEV_POP' | 'MEDIAN';

export interface SqlDialect {
  readonly name: DialectName;
  /**
   * NUMBER is exact natively (PostgreSQL's numeric): the base layer emits plain arithmetic,
   * comparison and ordering. Else values may be stored as decimal text and the exact forms go
   * through the FLOE_DEC_* engine functions (SQLite). Read once per compile (tree/engine-traits.ts).
   */
  readonly exactNumbers: boolean;
  /** Bound values one statement may take (SQLite's SQLITE_MAX_VARIABLE_NUMBER in sql.js; PostgreSQL's Bind message counts them in 16 bits). */
  readonly maxParameters: number;

  // Rendering.
  /** A statement tree as the engine's SQL text. */
  sql(tree: Node): string;
  /** One expression's SQL text (inside statements Floe writes as text: MERGE steps, CTAS). */
  expressionSql(expr: Node): string;

  // Storage.
  /** The column type a stored table declares for a Snowflake type (exact numbers stay exact). */
  storageType(t: SfType): string;
  /**
   * The type a table column declares for a Snowflake type (CREATE TABLE, CTAS, ADD COLUMN only):
   * the storage type, except where the engine stores a type more cheaply until a value needs
   * more (PostgreSQL: integers as floe.widening_bigint, widened to numeric by the engine).
   */
  columnType(t: SfType): string;
  /** A name quoted as the SQL the dialect renders quotes names. */
  quote(name: string): string;
  /** A stored row's own identifier column (MERGE updates and deletes the rows it matched by it). */
  readonly rowId: string;
  /** A session's temporary table by name, as steps of one statement create, read and drop it. */
  tempTable(name: string): string;
  /** The rows a query produced, in the order it produced them, read back from a temporary table. */
  tempTableRows(name: string): string;
  /** CREATE TEMP TABLE of a query's rows (`columns` of them, whose names may repeat in the query). */
  createTempTableAs(name: string, query: string, columns: number): string;

  /**
   * The answer of an engine function that hands back one of its input values (FLOE_AGG_NTH_NONNULL:
   * LAG/LEAD … IGNORE NULLS), read as the storage form of its type `t`, so that it mixes with
   * values of that type (a LEAD default, arithmetic). SQLite's functions answer typed values as
   * they are; PostgreSQL's answer text.
   */
  engineValue(value: Node, t: SfType | null): Node;
  /**
   * LEFT(x, n), RIGHT(x, n) or REVERSE(x) of a BINARY x: its bytes, a BINARY (the text forms count
   * characters); HEX(x): its upper-case hex text, NULL of NULL (as a VARIANT holds a BINARY).
   */
  bytes(op: 'LEFT' | 'RIGHT' | 'REVERSE' | 'HEX', args: Node[]): Node;

  /** Whether every (`and`) or any (`or`) of a boolean condition's values holds, per group (BOOLAND_AGG / BOOLOR_AGG). */
  boolAggregate(kind: 'and' | 'or', condition: Node): Node;
  /**
   * An aggregate of a number's values (as doubles) by the engine's own aggregate, taking the
   * FLOE_AGG_ final's steps; per group, and per window frame (`inWindow`) where the engine can;
   * null where it has none (the final over the collected values answers then).
   */
  doubleAggregate(kind: DoubleAggregate, x: Node, inWindow: boolean): Node | null;
  /** One value per tuple of values, equal exactly when every part is (COUNT(DISTINCT a, b): parts are never NULL there). */
  tupleKey(parts: Node[]): Node;

  // Rows carried as JSON (engine table functions, virtual tables, aggregate inputs).
  /** One JSON array of the argument's values per group or window frame (the input of the engine's FLOE_AGG_* finals). */
  collect(args: Node[], distinct?: boolean, filter?: Node | null): Node;
  /** A JSON array of the values, in order (one row of cells). */
  jsonArray(values: Node[]): Node;
  /** The element count of a JSON array value. */
  jsonArrayLength(array: Node): Node;
  /** A FROM item over the elements of a JSON array value (rows an engine table function returned), aliased `alias` (a Snowflake name). */
  jsonElements(array: Node, alias: string): Node;
  /** Cell i of the current element of such a FROM item (each element is one row: an array of cells). */
  jsonElementCell(alias: string, i: number): Node;
  /**
   * A query of the rows held in a JSON bind value (an array of rows, cell i of each row is column
   * i), in their order: `cells[i]` says how column i reads its cell.
   */
  jsonRowsSql(columns: JsonRowColumn[], join: { sql: string; idCell: number } | null): string;

  // Generated rows and catalog statistics.
  /** GENERATOR's rows: a FROM item of `rows` rows numbered 0… in column `column`, aliased `alias`. */
  generatorRows(rows: number, column: string, alias: string): Node;
  /**
   * Row counts and a size estimate of user tables (SHOW TABLES / OBJECTS rows and bytes,
   * INFORMATION_SCHEMA.TABLES ROW_COUNT and BYTES): a query with columns id, row_count and bytes,
   * one row per stored table (views have none). The request thread holds no data, so the statement
   * showing them computes them in the engine, in the same round trip; the size is the average
   * stored width of at most `sampleRows` rows times the count (no table is read beyond that).
   */
  tableStatsSql(tables: TableInfo[], sampleRows: number): string;
  /** A query of the dialect's own SQL text as a tree (to embed text the dialect wrote in a compiled tree). */
  readQuery(sql: string): Node;

  // Values read back by Floe (SET of an expression, dynamic PIVOT values).
  /** Column `v` of the rows as text. */
  textOf(column: string): string;
  /** Column `v` as `<class>:<text>`, class one of integer, real, text, blob, null: the engine's own type of a value Floe could not type. */
  classAndTextOf(column: string): string;
}

/** Rows tableStatsSql samples per table. */
export const STATS_SAMPLE_ROWS = 100;

/** How a virtual table's column reads its JSON cell (`stat`: a column joined from table statistics). */
export type JsonRowColumn = { alias: string; cell: number; type: SfType } | { alias: string; stat: 'row_count' | 'bytes' };
