// CLIENT_RESULT_CHUNK_SIZE (MB, 48–160 as in Snowflake): accepted from the body and ALTER SESSION,
// checked, reported by SHOW PARAMETERS, and no result partition is larger.
import { expect, test } from 'vitest';
import { exec, ok, poll } from './client';

test('CLIENT_RESULT_CHUNK_SIZE bounds partitions and is validated', async () => {
  const j = await ok('SELECT 1', { parameters: { CLIENT_RESULT_CHUNK_SIZE: 48 } });
  for (const p of j.resultSetMetaData!.partitionInfo ?? []) expect(p.uncompressedSize).toBeLessThanOrEqual(48 * 2 ** 20);
  const bad = await exec('SELECT 1', { parameters: { CLIENT_RESULT_CHUNK_SIZE: 10 } });
  expect(bad.status).toBe(422);
  expect(bad.json).toMatchObject({ code: '002031' });
  expect((await exec('ALTER SESSION SET CLIENT_RESULT_CHUNK_SIZE = 500')).json).toMatchObject({ code: '002031' });
  // Only digits, as in a request body: ALTER SESSION used to read '0x40' as 64.
  expect((await exec("ALTER SESSION SET CLIENT_RESULT_CHUNK_SIZE = '0x40'")).json).toMatchObject({ code: '002031', message: "Invalid value [0x40] for parameter 'CLIENT_RESULT_CHUNK_SIZE'" });
  const multi = await ok("ALTER SESSION SET CLIENT_RESULT_CHUNK_SIZE = 100; SHOW PARAMETERS LIKE 'CLIENT_RESULT_CHUNK_SIZE'", { parameters: { MULTI_STATEMENT_COUNT: 2 } });
  const shown = (await poll(multi.statementHandles![1])).json!;
  expect(shown.data![0].slice(0, 3)).toEqual(['CLIENT_RESULT_CHUNK_SIZE', '100', '160']);
});
