import { expect, test } from 'vitest';
import { api, describeRes, submit } from './client';

test('GET /healthz answers 200', async () => {
  const res = await api('GET', '/healthz', { token: null });
  expect(res.status, describeRes(res)).toBe(200);
});

test('POST /api/v2/statements without a token answers 401 with code 390303', async () => {
  const res = await submit('SELECT 1', { token: null });
  expect(res.status, describeRes(res)).toBe(401);
  expect(res.json?.code, describeRes(res)).toBe('390303');
});
