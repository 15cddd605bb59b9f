// A generator of typed operands (issue 19): a typed literal of every type, and a binding of every
// bind type, through arithmetic, comparison and common string / number functions. Snowflake
// answers each with a value of the expected type or a compilation / conversion error; Floe must
// never answer an internal error (000603) nor a result typed other than the operation's type
// (text where a number, a date or a boolean is due: SQLite's reading of the stored text).
import { expect, test } from 'vitest';
import { exec, type Binding } from './client';
import { freshDatabase } from './helpers';

/** An operand: how the statement writes it, and the binding it needs (`?`). */
interface Operand { name: string; sql: string; binding?: Binding; family: Family }
type Family = 'number' | 'text' | 'boolean' | 'date' | 'time' | 'timestamp' | 'binary' | 'semi';

const LITERALS: Operand[] = [
  { name: 'NUMBER(10,2)', sql: '12.34::NUMBER(10,2)', family: 'number' },
  { name: 'INT', sql: '42', family: 'number' },
  { name: 'FLOAT', sql: '1.5::FLOAT', family: 'number' },
  { name: 'FLOAT NaN', sql: "'NaN'::FLOAT", family: 'number' },
  { name: 'VARCHAR', sql: "'abc'", family: 'text' },
  { name: 'BOOLEAN', sql: 'TRUE', family: 'boolean' },
  { name: 'DATE', sql: "DATE '2024-01-02'", family: 'date' },
  { name: 'TIME', sql: "TIME '10:11:12'", family: 'time' },
  { name: 'TIMESTAMP', sql: "TIMESTAMP '2024-01-02 10:11:12'", family: 'timestamp' },
  { name: 'TIMESTAMP_NTZ', sql: "'2024-01-02 10:11:12'::TIMESTAMP_NTZ", family: 'timestamp' },
  { name: 'TIMESTAMP_LTZ', sql: "'2024-01-02 10:11:12'::TIMESTAMP_LTZ", family: 'timestamp' },
  { name: 'TIMESTAMP_TZ', sql: "'2024-01-02 10:11:12 +01:00'::TIMESTAMP_TZ", family: 'timestamp' },
  { name: 'BINARY', sql: "X'48656C6C6F'", family: 'binary' },
  { name: 'VARIANT', sql: "PARSE_JSON('{\"a\": 1}')", family: 'semi' },
  { name: 'VARIANT number', sql: 'TO_VARIANT(7)', family: 'semi' },
  { name: 'ARRAY', sql: 'ARRAY_CONSTRUCT(1, 2)', family: 'semi' },
  { name: 'OBJECT', sql: "OBJECT_CONSTRUCT('a', 1)", family: 'semi' },
];

const BINDINGS: Operand[] = [
  { name: 'bind FIXED', sql: '?', binding: { type: 'FIXED', value: '7' }, family: 'number' },
  { name: 'bind FIXED fraction', sql: '?', binding: { type: 'FIXED', value: '1.25' }, family: 'number' },
  { name: 'bind REAL', sql: '?', binding: { type: 'REAL', value: '2.5' }, family: 'number' },
  { name: 'bind TEXT', sql: '?', binding: { type: 'TEXT', value: 'abc' }, family: 'text' },
  { name: 'bind BOOLEAN', sql: '?', binding: { type: 'BOOLEAN', value: 'true' }, family: 'boolean' },
  { name: 'bind DATE', sql: '?', binding: { type: 'DATE', value: '1704153600000' }, family: 'date' },
  { name: 'bind TIME', sql: '?', binding: { type: 'TIME', value: '36672000000000' }, family: 'time' },
  { name: 'bind TIMESTAMP_NTZ', sql: '?', binding: { type: 'TIMESTAMP_NTZ', value: '1704190272000000000' }, family: 'timestamp' },
  { name: 'bind TIMESTAMP_LTZ', sql: '?', binding: { type: 'TIMESTAMP_LTZ', value: '1704190272000000000' }, family: 'timestamp' },
  { name: 'bind TIMESTAMP_TZ', sql: '?', binding: { type: 'TIMESTAMP_TZ', value: '1704190272000000000 1500' }, family: 'timestamp' },
  { name: 'bind BINARY', sql: '?', binding: { type: 'BINARY', value: '48656C6C6F' }, family: 'binary' },
];

const WIRE: Record<Family, string[]> = {
  number: ['fixed', 'real'], text: ['text'], boolean: ['boolean'], date: ['date'], time: ['time'],
  timestamp: ['timestamp_ntz', 'timestamp_ltz', 'timestamp_tz'], binary: ['binary'], semi: ['variant', 'object', 'array'],
};

/**
 * An operation of one operand `x`: its SQL, and the wire types a result may have given the
 * operand (null: any type, the operation only has to answer without an internal error).
 */
interface Operation { sql: string; result: (x: Operand) => string[] | null }

const sameAs = (x: Operand) => WIRE[x.family];
const numeric = () => ['fixed', 'real'];
const text = () => ['text'];
const bool = () => ['boolean'];

const OPERATIONS: Operation[] = [
  // Arithmetic: a number, or for a date / timestamp plus days its own type.
  { sql: 'x + 1', result: (x) => (x.family === 'date' || x.family === 'timestamp' ? sameAs(x) : numeric()) },
  { sql: 'x - 1', result: (x) => (x.family === 'date' || x.family === 'timestamp' ? sameAs(x) : numeric()) },
  { sql: 'x * 2', result: numeric },
  { sql: 'x / 2', result: numeric },
  { sql: 'x % 2', result: numeric },
  { sql: '-x', result: numeric },
  { sql: 'x - x', result: (x) => (x.family === 'date' ? ['fixed'] : numeric()) },
  // Comparison.
  { sql: 'x = x', result: bool },
  { sql: 'x < x', result: bool },
  { sql: 'x <> x', result: bool },
  { sql: 'x IS NULL', result: bool },
  { sql: 'x IN (x)', result: bool },
  { sql: 'x BETWEEN x AND x', result: bool },
  // String functions.
  { sql: 'UPPER(x)', result: text },
  { sql: 'LOWER(x)', result: text },
  { sql: 'TRIM(x)', result: text },
  { sql: 'LENGTH(x)', result: () => ['fixed'] },
  { sql: "CONCAT(x, 'z')", result: (x) => (x.family === 'binary' ? ['binary'] : text()) },
  { sql: "x || 'z'", result: text },
  { sql: 'SUBSTR(x, 1, 2)', result: (x) => (x.family === 'binary' ? ['binary'] : text()) },
  { sql: "REPLACE(x, 'a', 'b')", result: text },
  // Of a BINARY its bytes, typed BINARY (https://docs.snowflake.com/en/sql-reference/functions/left, …/reverse).
  { sql: 'LEFT(x, 1)', result: (x) => (x.family === 'binary' ? ['binary'] : text()) },
  { sql: 'REVERSE(x)', result: (x) => (x.family === 'binary' ? ['binary'] : text()) },
  { sql: "CONTAINS(x, 'a')", result: bool },
  { sql: 'TO_VARCHAR(x)', result: text },
  // Number functions.
  { sql: 'ABS(x)', result: numeric },
  { sql: 'ROUND(x)', result: numeric },
  { sql: 'FLOOR(x)', result: numeric },
  { sql: 'CEIL(x)', result: numeric },
  { sql: 'SIGN(x)', result: numeric },
  { sql: 'SQRT(x)', result: () => ['real'] },
  { sql: 'TO_NUMBER(x)', result: () => ['fixed'] },
  // Generic: the operand's own type.
  { sql: 'COALESCE(x, x)', result: sameAs },
  { sql: 'NVL(x, x)', result: sameAs },
  { sql: 'IFF(TRUE, x, x)', result: sameAs },
  { sql: 'GREATEST(x, x)', result: sameAs },
  { sql: 'LEAST(x, x)', result: sameAs },
  { sql: 'HASH(x)', result: () => ['fixed'] },
  { sql: 'x::VARCHAR', result: text },
];

/** `x` replaced by the operand; a binding's `?` needs one binding per occurrence. */
function statement(op: Operation, x: Operand): { sql: string; bindings?: Record<string, Binding> } {
  const parts = op.sql.split(/\bx\b/);
  const sql = `SELECT ${parts.join(`(${x.sql})`)} AS r`;
  if (!x.binding) return { sql };
  const bindings: Record<string, Binding> = {};
  for (let i = 1; i < parts.length; i++) bindings[String(i)] = x.binding;
  return { sql, bindings };
}

test('every typed operand through every operation: a typed answer or a Snowflake error, never an internal one', async () => {
  const ctx = await freshDatabase();
  const problems: string[] = [];
  const counts = { answered: 0, refused: 0 };
  for (const x of [...LITERALS, ...BINDINGS]) {
    for (const op of OPERATIONS) {
      const { sql, bindings } = statement(op, x);
      const res = await exec(sql, { ...ctx, bindings });
      const body = res.json;
      const label = `${x.name} | ${op.sql}`;
      if (res.status !== 200) {
        counts.refused++;
        if (res.status !== 422 || !body?.code || body.code === '000603') problems.push(`${label}: ${res.status} ${body?.code} ${body?.message}`);
        continue;
      }
      counts.answered++;
      const wire = body!.resultSetMetaData!.rowType[0].type;
      const allowed = op.result(x);
      if (allowed && !allowed.includes(wire)) problems.push(`${label}: typed ${wire} (${JSON.stringify(body!.data)}), expected ${allowed.join('|')}`);
    }
  }
  console.log(`typed operands: ${counts.answered} answered, ${counts.refused} refused`);
  expect(problems).toEqual([]);
}, 600_000);
