// String functions in writes: values drawn from the statement seed (UUID_STRING) must be the same
// on the writer and on every replica that replays the journal.
import { expect, test } from 'vitest';
import { ok, poll } from './client';
import { freshDatabase, UUID_RE } from './helpers';

test('UUID_STRING() in an INSERT: the writer and the replaying readers hold the same values', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE U (N INT, ID VARCHAR)', ctx);
  // Inside a transaction the SELECT runs on the writer, which computed the values itself.
  const r = await ok(
    'BEGIN; INSERT INTO U SELECT 1, UUID_STRING() UNION ALL SELECT 2, UUID_STRING(); SELECT N, ID FROM U ORDER BY N; COMMIT',
    { ...ctx, parameters: { MULTI_STATEMENT_COUNT: 4 } },
  );
  const onWriter = (await poll(r.statementHandles![2])).json!.data!;
  expect(onWriter).toHaveLength(2);
  for (const [, id] of onWriter) expect(id).toMatch(UUID_RE);
  expect(onWriter[0][1]).not.toBe(onWriter[1][1]);
  // Readers apply the journal (re-running the INSERT with its pins): several reads, same rows.
  const reads = await Promise.all([1, 2, 3].map(() => ok('SELECT N, ID FROM U ORDER BY N', ctx)));
  for (const read of reads) expect(read.data).toEqual(onWriter);
});
