import { describe, expect, it } from 'vitest';
import { boundStatement, numberPlaceholders } from '@/lib/engine/postgres/placeholders';

describe('numberPlaceholders (PostgreSQL $N from Floe\'s ? and ?N)', () => {
  it('numbers bare ? in order and keeps ?N', () => {
    expect(numberPlaceholders('INSERT INTO t VALUES (?, ?, ?)')).toBe('INSERT INTO t VALUES ($1, $2, $3)');
    expect(numberPlaceholders('VALUES (?1, ?2), (?12, ?)')).toBe('VALUES ($1, $2), ($12, $13)');
  });

  it('leaves ? inside strings, quoted names, comments and dollar-quoted bodies alone', () => {
    expect(numberPlaceholders(`SELECT '?', "a?b", ? -- ?\n, /* ? */ $f$ ? $f$, ?`)).toBe(`SELECT '?', "a?b", $1 -- ?\n, /* ? */ $f$ ? $f$, $2`);
    expect(numberPlaceholders("SELECT 'it''s ?', ?")).toBe("SELECT 'it''s ?', $1");
  });
});

describe('boundStatement (only the values a step uses)', () => {
  it('keeps every value a step uses as it is', () => {
    expect(boundStatement('SELECT ?, ?', ['a', 'b'])).toEqual({ text: 'SELECT $1, $2', values: ['a', 'b'] });
  });

  it('drops the values a step does not use and renumbers the rest in order (PostgreSQL cannot type an unused one)', () => {
    expect(boundStatement('UPDATE t SET x = ?3 WHERE y = ?1', ['a', 'b', 'c'])).toEqual({ text: 'UPDATE t SET x = $2 WHERE y = $1', values: ['a', 'c'] });
    expect(boundStatement('SELECT ?2', ['a', 'b'])).toEqual({ text: 'SELECT $1', values: ['b'] });
    // PostgreSQL's own $N (no `?`): the values as they are.
    expect(boundStatement('SELECT $1::int', [1])).toEqual({ text: 'SELECT $1::int', values: [1] });
  });
});
