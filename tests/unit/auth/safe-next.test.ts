import { expect, test } from 'vitest';
import { safeNextPath } from '@/lib/auth/safe-next';

test('local paths are kept, with their query and fragment', () => {
  expect(safeNextPath('/history')).toBe('/history');
  expect(safeNextPath('/statements/01b2-abc?x=1#r')).toBe('/statements/01b2-abc?x=1#r');
  expect(safeNextPath('/oauth/authorize?response_type=code&client_id=c')).toBe('/oauth/authorize?response_type=code&client_id=c');
});

test('anything a browser could read as another origin falls back to the worksheet', () => {
  for (const evil of [
    '//attacker.example/pwn', '/\\attacker.example', '\\\\attacker.example', 'https://attacker.example',
    'javascript:alert(1)', '/%2F/attacker.example', '/%5Cattacker.example', '%2F%2Fattacker.example',
    '/%252F%252Fattacker.example', ' //attacker.example', '/\t/attacker.example', '/%09/attacker.example',
    'attacker.example', '', null, undefined, '/%ZZ',
  ]) expect(safeNextPath(evil), String(evil)).toBe('/');
});
