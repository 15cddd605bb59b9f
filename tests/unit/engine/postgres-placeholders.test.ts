import { describe, expect, it } from 'vitest';
import { numberPlaceholders } from '@/lib/engine/postgres/placeholders';

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
