/**
 * Floe's SQL binds with `?` and `?N` (the catalog operations, the compiler's steps); PostgreSQL
 * numbers its parameters ($1, $2 …). Outside quotes, dollar-quoted bodies and comments, `?N`
 * becomes `$N` and a bare `?` the number after the highest so far (SQLite's rule). (Floe emits no
 * jsonb `?` operator, which would need it kept.)
 */
export function numberPlaceholders(sql: string, renumber: (n: number) => number = (n) => n): string {
  if (!sql.includes('?')) return sql;
  let out = '';
  let n = 0;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    if (c === "'" || c === '"') {
      const end = closing(sql, i, c);
      out += sql.slice(i, end);
      i = end;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end < 0 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      const stop = end < 0 ? sql.length : end + 2;
      out += sql.slice(i, stop);
      i = stop;
    } else if (c === '$' && /^\$[A-Za-z_]*\$/.test(sql.slice(i))) {
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i))![0];
      const end = sql.indexOf(tag, i + tag.length);
      const stop = end < 0 ? sql.length : end + tag.length;
      out += sql.slice(i, stop);
      i = stop;
    } else if (c === '?') {
      const digits = /^\d+/.exec(sql.slice(i + 1))?.[0];
      if (digits) {
        n = Math.max(n, Number(digits));
        out += `$${renumber(Number(digits))}`;
        i += 1 + digits.length;
      } else {
        out += `$${renumber(++n)}`;
        i++;
      }
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The index after the quote closing the one at `start` (a doubled quote is part of the text). */
function closing(sql: string, start: number, q: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === q) {
      if (sql[i + 1] === q) { i += 2; continue; }
      return i + 1;
    }
    i++;
  }
  return sql.length;
}

/**
 * A step's text and values as PostgreSQL takes them: `?` placeholders numbered, and only the
 * values the text uses, renumbered in order (PostgreSQL refuses a parameter it cannot type, which an
 * unused one is: a MERGE step binds every value of the statement and uses some).
 */
export function boundStatement<V>(sql: string, values: V[]): { text: string; values: V[] } {
  if (values.length === 0) return { text: sql, values };
  const used = new Set<number>();
  const text = numberPlaceholders(sql, (n) => { used.add(n); return n; });
  // No `?` at all: a step written with PostgreSQL's own $N takes its values as they are.
  if (used.size === 0 || (used.size === values.length && [...used].every((n) => n <= values.length))) return { text, values };
  const order = [...used].sort((a, b) => a - b);
  const to = new Map(order.map((n, i) => [n, i + 1]));
  return { text: numberPlaceholders(sql, (n) => to.get(n)!), values: order.map((n) => values[n - 1]) };
}
