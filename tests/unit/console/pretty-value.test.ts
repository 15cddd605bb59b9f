import { expect, test } from 'vitest';
import { prettyValue } from '@/features/results/lib/pretty-value';

test('JSON cells are indented, other text is left alone', () => {
  expect(prettyValue('{"a":[1,2]}', true)).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
  expect(prettyValue('not json', true)).toBe('not json');
  expect(prettyValue('{"a":1}', false)).toBe('{"a":1}');
  expect(prettyValue('[12345678901234567890123]', true)).toBe('[\n  12345678901234567890123\n]'); // exact digits, not a double
});
