// INFORMATION_SCHEMA.QUERY_HISTORY returns the newest RESULT_LIMIT statements (default 100,
// 1 … 10000), the running ones included; QUERY_HISTORY_BY_USER(USER_NAME => …) keeps one user's,
// QUERY_HISTORY_BY_WAREHOUSE(WAREHOUSE_NAME => …) one warehouse's.
import { beforeAll, describe, expect, test } from 'vitest';
import { exec, ok } from './client';
import { addPat, createUser } from './auth-keys';
import { uniqueName } from './helpers';

const HISTORY = 'TABLE(INFORMATION_SCHEMA.QUERY_HISTORY';
type User = { name: string; pat: string };
let user: User;
let few: User;
let other: User;
const warehouse = uniqueName('WH');

const newUser = async (): Promise<User> => {
  const name = await createUser(undefined, ['PUBLIC']);
  return { name, pat: (await addPat(name)).secret };
};

beforeAll(async () => {
  [user, few, other] = [await newUser(), await newUser(), await newUser()];
  // Users no other test uses; `user` runs more statements than the default limit.
  for (let i = 1; i <= 105; i++) await ok(`SELECT ${i} AS N`, { token: user.pat });
  for (let i = 1; i <= 5; i++) await ok(`SELECT ${i} AS N`, { token: few.pat });
  await ok("SELECT 'other' AS O", { token: other.pat });
  await ok(`CREATE WAREHOUSE ${warehouse}`);
  await ok("SELECT 'on its own warehouse' AS W", { warehouse });
}, 120_000);

describe('QUERY_HISTORY', () => {
  test('without RESULT_LIMIT: the newest 100, the history query itself among them', async () => {
    const h = await ok(`SELECT QUERY_TEXT, EXECUTION_STATUS FROM ${HISTORY}()) ORDER BY START_TIME DESC`, { token: user.pat });
    expect(h.data).toHaveLength(100);
    expect(h.data![0]).toEqual([expect.stringContaining('QUERY_HISTORY'), 'RUNNING']);
    expect(h.data!.slice(1).map((r) => r[0])).toEqual(Array.from({ length: 99 }, (_, k) => `SELECT ${105 - k} AS N`));
  });

  test('RESULT_LIMIT => n keeps the newest n; the time ranges are accepted', async () => {
    const h = await ok(`SELECT QUERY_TEXT FROM ${HISTORY}(RESULT_LIMIT => 3, END_TIME_RANGE_START => DATEADD('day', -1, CURRENT_TIMESTAMP()))) ORDER BY START_TIME`, { token: few.pat });
    expect(h.data!.map((r) => r[0])).toEqual(['SELECT 4 AS N', 'SELECT 5 AS N', expect.stringContaining('RESULT_LIMIT => 3')]);
    const all = await ok(`SELECT COUNT(*) FROM ${HISTORY}(RESULT_LIMIT => 10000)) WHERE QUERY_TEXT LIKE 'SELECT % AS N'`, { token: user.pat });
    expect(all.data).toEqual([['105']]);
  });

  test('RESULT_LIMIT outside 1 … 10000, or not an integer, is an error', async () => {
    for (const bad of ['0', '10001', "'ten'", '2.5']) {
      const res = await exec(`SELECT * FROM ${HISTORY}(RESULT_LIMIT => ${bad}))`, { token: other.pat });
      expect(res.status, bad).toBe(422);
      expect(res.json, bad).toMatchObject({ code: '002262', message: expect.stringContaining('RESULT_LIMIT') });
    }
  });

  test('QUERY_HISTORY_BY_USER(USER_NAME => …): that user only, within what the caller may see', async () => {
    const asAdmin = await ok(`SELECT DISTINCT USER_NAME FROM ${HISTORY}_BY_USER(USER_NAME => '${other.name}', RESULT_LIMIT => 10000))`);
    expect(asAdmin.data).toEqual([[other.name]]);
    const asUser = await ok(`SELECT COUNT(*) FROM ${HISTORY}_BY_USER(USER_NAME => '${other.name}'))`, { token: user.pat });
    expect(asUser.data).toEqual([['0']]);
  });

  test('QUERY_HISTORY_BY_WAREHOUSE(WAREHOUSE_NAME => …): the statements that ran on that warehouse', async () => {
    const h = await ok(`SELECT QUERY_TEXT, WAREHOUSE_NAME FROM ${HISTORY}_BY_WAREHOUSE(WAREHOUSE_NAME => '${warehouse}', RESULT_LIMIT => 10000))`);
    expect(h.data).toEqual([["SELECT 'on its own warehouse' AS W", warehouse]]);
    const bad = await exec(`SELECT * FROM ${HISTORY}_BY_WAREHOUSE(WAREHOUSE_NAME => 42))`);
    expect(bad.json).toMatchObject({ code: '002262', message: expect.stringContaining('WAREHOUSE_NAME') });
  });
});
