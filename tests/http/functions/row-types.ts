import type { ColumnType, FunctionCase } from './types';

// rowType of expressions, inferred from the argument types as Snowflake's signatures and rules
// give them (https://docs.snowflake.com/en/sql-reference/operators-arithmetic "Scale and precision
// in arithmetic operations", https://docs.snowflake.com/en/sql-reference/data-types-numeric,
// https://docs.snowflake.com/en/sql-reference/data-types-text): one entry per expression over a
// table of known column types.
const SETUP = [
  'CREATE TABLE RT (V VARCHAR(10), W VARCHAR(5), N NUMBER(10,2), I INT, F FLOAT, D DATE)',
  "INSERT INTO RT VALUES ('abc', 'de', 1.5, 2, 2.5, '2024-01-01')",
];
const num = (precision: number, scale: number, nullable = true): ColumnType => ({ type: 'fixed', precision, scale, nullable });
const text = (length: number, nullable = true): ColumnType => ({ type: 'text', length, byteLength: Math.min(length * 4, 16777216), nullable });
const real: ColumnType = { type: 'real' };

/** [expression, its rowType] */
const TABLE: [string, ColumnType][] = [
  // Literals: NUMBER(digits, fraction digits), VARCHAR(characters), never NULL.
  ["'abc'", text(3, false)],
  ['1.50', num(3, 2, false)],
  ['-7', num(1, 0, false)],
  ['1e3', { type: 'real', nullable: false }],
  // Arithmetic: L1.S1 op L2.S2.
  ['N + I', num(38, 2)], // L = max(L1, L2) + 1 (capped at 38), S = max(S1, S2)
  ['N - 1.005', num(12, 3)],
  ['N * I', num(38, 2)], // L = L1 + L2, S = min(S1 + S2, max(S1, S2, 12))
  ['N * 1.005', num(14, 5)],
  ['N / I', num(16, 8)], // L = L1 + S2, S = max(S1, min(S1 + 6, 12))
  ['I / 3', num(38, 6)],
  ['N % I', num(10, 2)],
  ['-N', num(10, 2)],
  ['N * F', real],
  // Aggregates.
  ['COUNT(*)', num(18, 0, false)],
  ['COUNT(V)', num(18, 0, false)],
  ['COUNT_IF(I > 1)', num(18, 0, false)],
  ['SUM(N)', num(38, 2)],
  ['SUM(I)', num(38, 0)],
  ['SUM(F)', real],
  ['AVG(I)', num(38, 6)],
  ['MIN(V)', text(10)],
  ['MAX(N)', num(10, 2)],
  // Rounding: the scale is min(S, digits).
  ['ROUND(N, 1)', num(38, 1)],
  ['ROUND(N, 5)', num(38, 2)],
  ['FLOOR(N)', num(38, 0)],
  // Choosing among values: the common type (NUMBER widened, the longest VARCHAR).
  ['COALESCE(N, I)', num(38, 2)],
  ['NVL(I, 0)', num(38, 0, false)],
  ['IFF(I > 1, 1, 2.5)', num(2, 1, false)],
  ['CASE WHEN I > 1 THEN 1.5 ELSE 100 END', num(4, 1, false)],
  ['CASE WHEN I > 1 THEN V END', text(10)],
  ['COALESCE(W, V)', text(10)],
  ['GREATEST(N, I)', num(38, 2)],
  ['LEAST(1.10, 1.05, 2)', num(3, 2, false)],
  // String functions keep their argument's length; concatenation adds lengths.
  ['UPPER(V)', text(10)],
  ['LOWER(W)', text(5)],
  ["UPPER('abc')", text(3, false)],
  ['TRIM(V)', text(10)],
  ['SUBSTR(V, 2, 3)', text(10)],
  ['LEFT(V, 2)', text(10)],
  ['CONCAT(V, W)', text(15)],
  ['V || W', text(15)],
  ["CONCAT(V, W, 'xyz')", text(18)],
  ["'ab' || 'cde'", text(5, false)],
  ["LPAD(V, 20, '*')", text(20)],
  ['MD5(V)', text(32)],
  ['SHA1(V)', text(40)],
  ['UUID_STRING()', text(36, false)],
  // Casts take the named type.
  ['CAST(V AS VARCHAR(5))', text(5)],
  ['N::NUMBER(5,1)', num(5, 1)],
  ['I::NUMBER(12,3)', num(12, 3)],
  ["TRY_CAST(V AS NUMBER(4,0))", num(4, 0)],
  ['D', { type: 'date', nullable: true }],
];

export const rowTypes: FunctionCase[] = TABLE.map(([expr, type]) => ({ name: `rowType of ${expr}`, setup: SETUP, sql: `SELECT ${expr} FROM RT`, types: [type] }));
