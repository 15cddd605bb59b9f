// Fail closed: every node kind the parser's types declare is compiled, passed through, or refused.
import { readFileSync } from 'node:fs';
import { beforeAll, expect, test } from 'vitest';
import { ast, init } from '@polyglot-sql/sdk';
import { NODE_KINDS } from '@/lib/sql/node-kinds';
import { MODULE_KINDS, PASS_THROUGH_KINDS, UNREAD_FIELDS } from '@/lib/sql/compile/node-policy';
import { RULE_KINDS, compilesKind, rewrite, type RewriteContext } from '@/lib/sql/compile/rewrite';
import { functionKinds } from '@/lib/sql/functions';
import { SqlError } from '@/lib/sql/errors';
import { makeNode, rebuildNode, type NodeKind } from '@/lib/sql/parse';
// @ts-expect-error: a plain .mjs script (the generator of lib/sql/node-kinds.ts)
import { DTS, kindsFromDts } from '../../../scripts/node-kinds.mjs';

beforeAll(async () => { await init(); });

const handled = (k: string) => RULE_KINDS.has(k as never) || MODULE_KINDS.has(k as never) || functionKinds.has(k);

test('the checked-in kind list is the installed SDK\'s (else run node scripts/node-kinds.mjs)', () => {
  expect([...NODE_KINDS]).toEqual(kindsFromDts(readFileSync(DTS, 'utf8')));
  // The SDK's own runtime test of a node agrees with its types on every kind.
  for (const k of NODE_KINDS) expect(ast.isExpressionValue({ [k]: {} }), k).toBe(true);
});

test('every kind is in exactly one of handled, passed through, refused', () => {
  const counts = { handled: 0, passThrough: 0, refused: 0 };
  for (const k of NODE_KINDS) {
    const places = [handled(k), PASS_THROUGH_KINDS.has(k)].filter(Boolean).length;
    expect(places, `${k} is both handled and passed through`).toBeLessThanOrEqual(1);
    expect(compilesKind(k)).toBe(places === 1);
    if (handled(k)) counts.handled++;
    else if (PASS_THROUGH_KINDS.has(k)) counts.passThrough++;
    else counts.refused++;
  }
  // Every entry of the tables names a kind the parser has (no stale names).
  for (const k of [...RULE_KINDS, ...MODULE_KINDS, ...PASS_THROUGH_KINDS]) expect(NODE_KINDS, k).toContain(k);
  // (The function library may name kinds this parser never produces: unused, so harmless.)
  const unused = [...functionKinds].filter((k) => !(NODE_KINDS as readonly string[]).includes(k));
  if (unused.length) console.log(`function kinds the parser does not produce: ${unused.join(', ')}`);
  expect(counts.handled + counts.passThrough + counts.refused).toBe(NODE_KINDS.length);
  console.log(`node kinds: ${counts.handled} handled, ${counts.passThrough} passed through, ${counts.refused} refused`);
});

test('the rewrite refuses every other kind with Snowflake\'s unsupported-feature error', () => {
  // The refusal comes first: the context is never read for a refused kind.
  const ctx = {} as RewriteContext;
  const refused = NODE_KINDS.filter((k) => !compilesKind(k));
  expect(refused.length).toBeGreaterThan(0);
  for (const k of refused) {
    let error: unknown;
    try { rewrite(makeNode(k, {}), ctx); } catch (e) { error = e; }
    expect(error, k).toBeInstanceOf(SqlError);
    expect((error as SqlError).code, k).toBe('002140');
    expect((error as SqlError).message, k).toBe(`SQL compilation error:\nUnsupported feature '${k.toUpperCase()}'.`);
  }
  // Nested anywhere in a tree, too.
  const walking = { tables: [] } as unknown as RewriteContext;
  expect(() => rewrite({ expressions: [rebuildNode('paren', { this: rebuildNode('lambda', {}) })] }, walking)).toThrow(/Unsupported feature 'LAMBDA'/);
});

test('payload fields no rule reads are refused when present', () => {
  const ctx = {} as RewriteContext;
  const entries = Object.entries(UNREAD_FIELDS) as [NodeKind, Record<string, string>][];
  expect(entries.length).toBeGreaterThan(0);
  for (const [kind, fields] of entries) {
    for (const [field, feature] of Object.entries(fields)) {
      expect(() => rewrite(makeNode(kind, { [field]: {} }), ctx), `${kind}.${field}`).toThrow(`Unsupported feature '${feature}'.`);
    }
  }
});
