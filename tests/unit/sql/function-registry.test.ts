import { expect, test } from 'vitest';

// The registry refuses a name or node kind defined twice at load: loading it is the check.
test('the function registry loads with every name and node kind defined once', async () => {
  const registry = await import('@/lib/sql/functions');
  expect(registry.findFunction('function', { name: 'current_user' })).toBeDefined();
  expect(registry.findFunction('function', { name: 'no_such_function' })).toBeUndefined();
});
