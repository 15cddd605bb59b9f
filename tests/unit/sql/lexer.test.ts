import { describe, expect, test } from 'vitest';
import { backquoteIdentifiers, LexError, splitStatements, tokenize } from '@/lib/sql/lexer';

describe('splitStatements', () => {
  test('splits at top-level semicolons only', () => {
    const parts = splitStatements("SELECT 'a;b'; /* ; */ SELECT \"x;y\" -- ;\n; SELECT $$ ; $$;;");
    expect(parts.map((p) => p.text)).toEqual(["SELECT 'a;b'", 'SELECT "x;y"', 'SELECT $$ ; $$']);
  });

  test('reports where each statement starts', () => {
    const [a, b] = splitStatements('SELECT 1;\n  SELECT 2');
    expect([a.line, a.col]).toEqual([1, 0]);
    expect([b.line, b.col, b.start]).toEqual([2, 2, 12]);
  });

  test('comments and blanks alone are no statement', () => {
    expect(splitStatements('  -- x\n /* y */ ; ')).toEqual([]);
  });

  test('unterminated strings, identifiers and comments end the input early: a syntax error at <EOF>', () => {
    expect(() => splitStatements("SELECT 'abc")).toThrow(LexError);
    expect(() => splitStatements('SELECT $$abc')).toThrow(LexError);
    expect(() => splitStatements('SELECT 1 /* open')).toThrow("syntax error line 1 at position 16 unexpected '<EOF>'.");
    expect(() => splitStatements('SELECT 1;\nSELECT "ab\ncd')).toThrow("syntax error line 3 at position 2 unexpected '<EOF>'.");
  });
});

describe('tokenize', () => {
  test('decodes string escapes and doubled quotes', () => {
    const t = tokenize("'it''s' 'a\\'b' \"q\"\"id\"");
    expect(t.map((x) => [x.kind, x.text])).toEqual([['string', "it's"], ['string', "a'b"], ['quoted', 'q"id']]);
  });

  test('SQLite mode has no backslash escapes', () => {
    expect(tokenize("'a\\' 'b'", { backslashEscapes: false }).map((x) => x.text)).toEqual(['a\\', 'b']);
  });
});

test('backquoteIdentifiers rewrites identifiers but not strings', () => {
  expect(backquoteIdentifiers('SELECT "A", \'"B"\' AS "x`y" FROM "t1"')).toBe("SELECT `A`, '\"B\"' AS `x``y` FROM `t1`");
});
