import { sqliteDialect } from '@/lib/sql/dialect';
import { describe, expect, test } from 'vitest';
import { BULK_MIN_ROWS, bulkValues, parseBulkInsert, plainValuesSql, valuesSql } from '@/lib/sql/compile/bulk-values';
import { splitStatements } from '@/lib/sql/lexer';
import { makeNode, parseOne, type Node } from '@/lib/sql/parse';
import { operator } from '@/lib/sql/tree/ast';

/** Every literal form the fast paths take, one per row in turn. */
const FORMS = ['1', '0', '-12', '1.25', '0.5', '-0.75', '1e5', '2.5E-3', '12345678901234567890123', '1.2345678901234567890',
  "'plain'", "'it''s'", "''", "'line\nbreak'", "'naïve ☃'", 'NULL', 'null', 'TRUE', 'false'];
const row = (i: number) => `(${i}, ${FORMS[i % FORMS.length]}, '${i}', ${FORMS[(i * 7) % FORMS.length]})`;
const insert = (rows: number, head = 'INSERT INTO T VALUES') => `${head} ${Array.from({ length: rows }, (_, i) => row(i)).join(', ')}`;
const stmt = (text: string) => splitStatements(text)[0];

describe('bulk INSERT … VALUES: rows from tokens', () => {
  test('gives the tree the parser gives, for every literal form', () => {
    for (const head of ['INSERT INTO T VALUES', 'INSERT INTO db.s."t" (A, "b", C, D) VALUES', 'INSERT OVERWRITE INTO T VALUES']) {
      const text = insert(BULK_MIN_ROWS + 37, head);
      // Offsets count from the request's start: a statement after another one.
      const second = splitStatements(`SELECT 1;\n  ${text}`)[1];
      for (const s of [stmt(text), second]) {
        const fast = parseBulkInsert(s);
        expect(fast).not.toBeNull();
        expect(fast).toEqual(parseOne(text));
      }
    }
  });

  test('takes the full path below the row threshold and for anything but plain literals', () => {
    expect(bulkValues(stmt(insert(BULK_MIN_ROWS - 1)))).toBeNull();
    const big = insert(BULK_MIN_ROWS + 5);
    for (const odd of ['(1 + 1)', "'a\\tb'", '$$x$$', 'DEFAULT', 'CURRENT_DATE()', '?', '+1', '.5', 'x']) {
      expect(bulkValues(stmt(`${big}, (1, ${odd}, '2', 3)`)), odd).toBeNull();
    }
    // Rows of different widths: the full path reports the mismatch.
    expect(bulkValues(stmt(`${big}, (1, 2)`))).toBeNull();
    expect(bulkValues(stmt(`${big} RETURNING *`))).toBeNull();
    expect(bulkValues(stmt(`INSERT INTO T SELECT * FROM (VALUES ${big.slice('INSERT INTO T VALUES '.length)})`))).toBeNull();
  });
});

describe('bulk INSERT … VALUES: SQLite text', () => {
  const nodes: Node[] = [
    { literal: { literal_type: 'number', value: '1' } }, { literal: { literal_type: 'number', value: '-0.5' } },
    { literal: { literal_type: 'number', value: '1e5' } }, { literal: { literal_type: 'string', value: "it's" } },
    { literal: { literal_type: 'string', value: 'a\nb\\c' } }, { literal: { literal_type: 'string', value: 'ünï ☃' } },
    { literal: { literal_type: 'string', value: '' } }, { null: null }, { boolean: { value: true } }, { boolean: { value: false } },
    { neg: { this: { literal: { literal_type: 'number', value: '12' } } } },
  ];
  const rows: Node[][] = Array.from({ length: BULK_MIN_ROWS + 3 }, (_, i) => [nodes[i % nodes.length], nodes[(i * 5) % nodes.length], { literal: { literal_type: 'number', value: String(i) } }]);

  test('is the text polyglot prints', () => {
    expect(plainValuesSql(rows, sqliteDialect)).toBe(sqliteDialect.sql(makeNode('values', { expressions: rows.map((expressions) => ({ expressions })), alias: null, column_aliases: [] })));
  });

  test('anything but a plain literal is printed by polyglot', () => {
    const odd = [...rows, [operator('add', nodes[0], nodes[0]), nodes[0], nodes[0]]];
    expect(plainValuesSql(odd, sqliteDialect)).toBeNull();
    expect(plainValuesSql(rows.slice(0, BULK_MIN_ROWS - 1), sqliteDialect)).toBeNull();
    expect(valuesSql(odd, sqliteDialect)).toBe(sqliteDialect.sql(makeNode('values', { expressions: odd.map((expressions) => ({ expressions })), alias: null, column_aliases: [] })));
  });
});
