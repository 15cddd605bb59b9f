import { expect, test } from 'vitest';
import { formatSql } from '@/features/worksheet/lib/format-sql';

test('Snowflake dialect, keywords upper-cased, one clause per line', () => {
  expect(formatSql('select a, b from t where x=1')).toBe('SELECT\n  a,\n  b\nFROM\n  t\nWHERE\n  x = 1');
});

test('Snowflake syntax survives: $$ strings, :: casts, semi-structured paths, QUALIFY', () => {
  const out = formatSql("select v:k::string as k, $$a;b$$ s from t qualify row_number() over (order by k) = 1");
  expect(out).toContain('v:k::STRING');
  expect(out).toContain('$$a;b$$');
  expect(out).toMatch(/^QUALIFY\n  ROW_NUMBER\(\)/m);
});

test('several statements stay separate; blank or unparsable text is returned unchanged', () => {
  expect(formatSql('select 1;select 2;')).toBe('SELECT\n  1;\n\nSELECT\n  2;');
  expect(formatSql('  \n')).toBe('  \n');
  expect(formatSql("select 'unterminated")).toBe("select 'unterminated");
});
