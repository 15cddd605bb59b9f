import { expect, test } from 'vitest';
import { csvField, encoderFor, uniqueKeys, type ExportColumn } from '@/lib/console/export-format';

const text = (...names: string[]): ExportColumn[] => names.map((name) => ({ name, type: 'text' }));
const run = (format: 'csv' | 'json', cols: ExportColumn[], parts: (string | null)[][][], params: Record<string, string> = {}) => {
  const e = encoderFor(format, cols, params);
  let before = false;
  let out = e.head();
  for (const p of parts) { out += e.rows(p, before); before ||= p.length > 0; }
  return out + e.tail();
};

test('CSV fields: NULL empty, empty string quoted, separators, quotes and edge spaces quoted', () => {
  expect([null, '', 'a', 'a,b', 'say "x"', 'l1\nl2', ' pad'].map(csvField)).toEqual(['', '""', 'a', '"a,b"', '"say ""x"""', '"l1\nl2"', '" pad"']);
  expect(run('csv', text('A', 'B'), [[['1', null]], [], [['2', '']]])).toBe('A,B\r\n1,\r\n2,""\r\n');
});

test('JSON: objects keyed by unique column names across partitions, or an empty array', () => {
  expect(uniqueKeys(['A', 'A', 'A_2', 'B'])).toEqual(['A', 'A_2', 'A_2_2', 'B']);
  expect(JSON.parse(run('json', text('A', 'A'), [[['1', null]], [], [['2', 'x']]]))).toEqual([{ A: '1', A_2: null }, { A: '2', A_2: 'x' }]);
  expect(JSON.parse(run('json', text('A'), [[], []]))).toEqual([]);
});

test('CSV shows values as the grid does, JSON types them', () => {
  const cols: ExportColumn[] = [
    { name: 'D', type: 'date' }, { name: 'T', type: 'timestamp_tz', scale: 3 }, { name: 'N', type: 'fixed', scale: 2 },
    { name: 'V', type: 'variant' }, { name: 'B', type: 'boolean' },
  ];
  const rows = [['19782', '1709207107.123000000 1560', '1.50', '{\n  "k": [\n    1,\n    2\n  ]\n}', 'true']];
  expect(run('csv', cols, [rows])).toBe('D,T,N,V,B\r\n2024-02-29,2024-02-29 13:45:07.123 +0200,1.50,"{""k"":[1,2]}",true\r\n');
  expect(JSON.parse(run('json', cols, [rows]))).toEqual([{ D: '2024-02-29', T: '2024-02-29T13:45:07.123+02:00', N: 1.5, V: { k: [1, 2] }, B: true }]);
});
