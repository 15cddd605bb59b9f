import { expect, test } from 'vitest';
import { contextChanges } from '@/features/worksheet/lib/session-context';

const sent = { role: null, warehouse: 'COMPUTE_WH', database: 'A', schema: 'PUBLIC' };

test('the pickers take what the run changed in the session, and only that', () => {
  expect(contextChanges(sent, { role: 'ACCOUNTADMIN', warehouse: 'COMPUTE_WH', database: 'B', schema: 'S2' })).toEqual({ role: 'ACCOUNTADMIN', database: 'B', schema: 'S2' });
  expect(contextChanges(sent, { role: null, warehouse: 'COMPUTE_WH', database: 'A', schema: 'PUBLIC' })).toBeNull();
  // USE SCHEMA of a database without one (a schema dropped): null is a change too.
  expect(contextChanges(sent, { warehouse: 'COMPUTE_WH', database: 'A', schema: null })).toEqual({ schema: null });
});
