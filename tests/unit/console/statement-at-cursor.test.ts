import { expect, test } from 'vitest';
import { changesCatalog, splitStatements, statementAt } from '@/features/worksheet/lib/statement-at-cursor';
import { errorOffset } from '@/features/worksheet/lib/error-position';
import { pollDelay } from '@/lib/client/api/get-statement';
import { splitStatements as serverSplit } from '@/lib/sql/lexer';

const sql = "SELECT 1;\nSELECT 'a;b' AS X; -- c;\n/* ; */ SELECT 3";

test('splits as the server does: at semicolons outside quotes and comments, comments before a statement left out', () => {
  expect(splitStatements(sql).map((s) => s.text)).toEqual(['SELECT 1', "SELECT 'a;b' AS X", 'SELECT 3']);
  for (const text of [sql, 'SELECT $$a;b$$ AS x', 'SELECT 1 // note; here\n, 2', "SELECT 'it''s;' ; SELECT \"a;b\" FROM t"]) {
    expect(splitStatements(text).map((s) => s.text)).toEqual(serverSplit(text).map((s) => s.text));
    for (const s of splitStatements(text)) expect(text.slice(s.start, s.end)).toBe(s.text);
  }
});

test('$$…$$ and // comments hold a semicolon: one statement', () => {
  expect(statementAt('SELECT $$a;b$$ AS x', 3)).toBe('SELECT $$a;b$$ AS x');
  expect(statementAt('SELECT 1 // note; here', 20)).toBe('SELECT 1');
  expect(splitStatements('SELECT 1 // note; here')).toHaveLength(1);
});

test('text being typed (an open string or comment) still splits: it runs to the end', () => {
  expect(splitStatements("SELECT 1; SELECT 'open;").map((s) => s.text)).toEqual(['SELECT 1', "SELECT 'open;"]);
  expect(splitStatements('SELECT 1; SELECT $$a;').map((s) => s.text)).toEqual(['SELECT 1', 'SELECT $$a;']);
  expect(splitStatements('SELECT 1 /* open;').map((s) => s.text)).toEqual(['SELECT 1']);
});

test('the statement under the cursor', () => {
  expect(statementAt(sql, 3)).toBe('SELECT 1');
  expect(statementAt(sql, sql.indexOf('AS X'))).toBe("SELECT 'a;b' AS X");
  expect(statementAt(sql, sql.length)).toBe('SELECT 3');
  expect(statementAt('  ', 0)).toBeNull();
});

test('what refreshes the schema browser', () => {
  expect(changesCatalog('SELECT 1; create table t as select 1')).toBe(true);
  expect(changesCatalog("SELECT 'create table'")).toBe(false);
});

test('polling starts soon and backs off to 2 s', () => {
  expect([0, 1, 2, 3, 4, 5, 10].map(pollDelay)).toEqual([100, 200, 400, 800, 1600, 2000, 2000]);
});

test('an error position maps to an offset in the editor text', () => {
  const text = 'SELECT 1;\nSELECT *\nFROM nope;';
  const start = text.indexOf('SELECT *');
  const sent = 'SELECT *\nFROM nope';
  expect(errorOffset("syntax error line 2 at position 5 unexpected 'nope'.", sent, start)).toBe(text.indexOf('nope'));
  expect(errorOffset('syntax error line 1 at position 99 unexpected end', sent, start)).toBe(start + 'SELECT *'.length);
  expect(errorOffset('syntax error line 9 at position 0', sent, start)).toBeNull();
  expect(errorOffset('Object does not exist', sent, start)).toBeNull();
});
