import { beforeAll, expect, test } from 'vitest';
import { init } from '@polyglot-sql/sdk';
import { balanced } from '@/lib/sql/balanced-chains';
import { heightOf } from '@/lib/sql/deep-trees';
import { asKind, parseOne, type Node } from '@/lib/sql/parse';

beforeAll(async () => { await init(); });

const whereOf = (sql: string): Node => asKind(parseOne(sql), 'select')!.where_clause!.this;
/** The chain's terms, left to right, through the parentheses balancing adds. */
function terms(n: unknown, kind: 'and' | 'or'): string[] {
  const paren = asKind(n, 'paren');
  if (paren) return terms(paren.this, kind);
  const op = asKind(n, kind);
  if (op) return [...terms(op.left, kind), ...terms(op.right, kind)];
  const eq = asKind(n, 'eq');
  return [String(asKind(eq?.right, 'literal')?.value)];
}

test('balanced() joins in halves, in order', () => {
  expect(balanced(['a'], (l, r) => `(${l} ${r})`)).toBe('a');
  expect(balanced(['a', 'b', 'c', 'd', 'e'], (l, r) => `(${l} ${r})`)).toBe('(((a b) c) (d e))');
  expect(() => balanced<string>([], (l, r) => l + r)).toThrow();
});

test('a long OR / AND chain from the parser is balanced: the same terms in the same order, log-deep', () => {
  for (const kind of ['or', 'and'] as const) {
    const n = 5000;
    const where = whereOf(`SELECT 1 FROM T WHERE ${Array.from({ length: n }, (_, i) => `A = ${i}`).join(` ${kind.toUpperCase()} `)}`);
    expect(terms(where, kind)).toEqual(Array.from({ length: n }, (_, i) => String(i)));
    // ⌈log₂ 5000⌉ = 13 levels of (paren, operator), and the equality's own few: not 5,000.
    expect(heightOf(where)).toBeLessThan(13 * 2 * 2 + 12);
  }
});

test('short chains, and chains of different operators, stay as parsed', () => {
  const short = `SELECT 1 FROM T WHERE ${Array.from({ length: 64 }, (_, i) => `A = ${i}`).join(' OR ')}`;
  const where = whereOf(short);
  expect(JSON.stringify(where)).not.toContain('"paren"');
  // A chain of 64 ORs under each of 3 ANDs: each OR chain is short, the AND chain too.
  const mixed = whereOf(`SELECT 1 FROM T WHERE ${Array.from({ length: 3 }, () => `(${Array.from({ length: 64 }, (_, i) => `A = ${i}`).join(' OR ')})`).join(' AND ')}`);
  expect(terms(asKind(asKind(mixed, 'and')!.right, 'paren')!.this, 'or')).toHaveLength(64);
});
