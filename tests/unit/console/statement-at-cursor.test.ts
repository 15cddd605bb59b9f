import { expect, test } from 'vitest';
import { splitStatements, statementAt } from '@/features/worksheet/lib/statement-at-cursor';
import { errorOffset } from '@/features/worksheet/lib/error-position';
import { pollDelay } from '@/lib/client/api/get-statement';

const sql = "SELECT 1;\nSELECT 'a;b' AS X; -- c;\n/* ; */ SELECT 3";

test('splits on semicolons outside quotes and comments', () => {
  expect(splitStatements(sql).map((s) => s.text)).toEqual(['SELECT 1', "SELECT 'a;b' AS X", '-- c;\n/* ; */ SELECT 3']);
});

test('the statement under the cursor', () => {
  expect(statementAt(sql, 3)).toBe('SELECT 1');
  expect(statementAt(sql, sql.indexOf('AS X'))).toBe("SELECT 'a;b' AS X");
  expect(statementAt(sql, sql.length)).toContain('SELECT 3');
  expect(statementAt('  ', 0)).toBeNull();
});

test('polling backs off to 2 s', () => {
  expect([0, 1, 2, 3, 10].map(pollDelay)).toEqual([250, 500, 1000, 2000, 2000]);
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
