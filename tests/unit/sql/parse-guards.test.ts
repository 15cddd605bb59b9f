import { beforeAll, expect, test } from 'vitest';
import { init } from '@polyglot-sql/sdk';
import { splitStatements } from '@/lib/sql/lexer';
import { parseOne, rejectDeepSetChains } from '@/lib/sql/parse';

const chain = (operators: number, op = 'UNION ALL') => Array.from({ length: operators + 1 }, (_, i) => `SELECT ${i}`).join(` ${op} `);
const tooComplex = /^SQL compilation error:\nStatement too complex: it nests deeper than the parser's limit of 512 levels/;

beforeAll(async () => { await init(); });

test('a chain of set operators the parser refuses is refused before parsing, with the same error', () => {
  // The parser's own guard: the shortest chain refused before parsing is refused by the parser too.
  expect(() => parseOne(chain(512))).toThrow(tooComplex);
  expect(() => rejectDeepSetChains(splitStatements(chain(512))[0].tokens)).toThrow(tooComplex);
  expect(() => rejectDeepSetChains(splitStatements(chain(20_000, 'UNION'))[0].tokens)).toThrow(tooComplex);
}, 60_000);

test('chains the parser may take are left to it', () => {
  expect(() => rejectDeepSetChains(splitStatements(chain(511))[0].tokens)).not.toThrow();
  // Operators in separate parenthesised levels do not add up.
  const split = `(${chain(300)}) UNION ALL (${chain(300, 'EXCEPT')})`;
  expect(() => rejectDeepSetChains(splitStatements(split)[0].tokens)).not.toThrow();
  expect(() => parseOne(chain(400))).not.toThrow();
}, 60_000);
