import { expect, test } from 'vitest';
import { csvField, encoderFor, uniqueKeys } from '@/lib/console/export-format';

const run = (format: 'csv' | 'json', cols: string[], parts: (string | null)[][][]) => {
  const e = encoderFor(format, cols);
  let before = false;
  let out = e.head();
  for (const p of parts) { out += e.rows(p, before); before ||= p.length > 0; }
  return out + e.tail();
};

test('CSV fields: NULL empty, empty string quoted, separators, quotes and edge spaces quoted', () => {
  expect([null, '', 'a', 'a,b', 'say "x"', 'l1\nl2', ' pad'].map(csvField)).toEqual(['', '""', 'a', '"a,b"', '"say ""x"""', '"l1\nl2"', '" pad"']);
  expect(run('csv', ['A', 'B'], [[['1', null]], [], [['2', '']]])).toBe('A,B\r\n1,\r\n2,""\r\n');
});

test('JSON: objects keyed by unique column names across partitions, or an empty array', () => {
  expect(uniqueKeys(['A', 'A', 'A_2', 'B'])).toEqual(['A', 'A_2', 'A_2_2', 'B']);
  expect(JSON.parse(run('json', ['A', 'A'], [[['1', null]], [], [['2', 'x']]]))).toEqual([{ A: '1', A_2: null }, { A: '2', A_2: 'x' }]);
  expect(JSON.parse(run('json', ['A'], [[], []]))).toEqual([]);
});
