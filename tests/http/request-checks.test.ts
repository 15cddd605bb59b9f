// Checks the SQL API makes of a request before or while running it, through the real server:
// the current database and schema, bindings for every placeholder, the body's parameters and
// encoding, statements only a multi-statement request may run, and where syntax errors point.
import { describe, expect, test } from 'vitest';
import { api, exec, ok, STATEMENTS, submit } from './client';
import { freshDatabase } from './helpers';
import { addPat, createUser } from './auth-keys';

const failure = async (sql: string, opts: Parameters<typeof exec>[1] = {}) => {
  const res = await exec(sql, opts);
  expect(res.status, res.text).toBe(422);
  return res.json!;
};

describe('no current database or schema', () => {
  test('a query naming an unqualified table without a current database answers 090105', async () => {
    // A user without DEFAULT_NAMESPACE: his requests have no current database.
    const token = (await addPat(await createUser())).secret;
    const noDb = "This session does not have a current database. Call 'USE DATABASE', or use a qualified name.";
    expect(await failure('SELECT * FROM T', { token })).toMatchObject({ code: '090105', sqlState: '22000', message: `Cannot perform SELECT. ${noDb}` });
    expect(await failure('INSERT INTO T VALUES (1)', { token })).toMatchObject({ code: '090105', message: `Cannot perform INSERT. ${noDb}` });
    expect(await failure('SELECT * FROM INFORMATION_SCHEMA.TABLES', { token })).toMatchObject({ code: '090105', message: `Cannot perform SELECT. ${noDb}` });
    // A qualified name needs none.
    const ctx = await freshDatabase();
    await ok('CREATE TABLE T (A INT)', ctx);
    expect((await ok(`SELECT COUNT(*) FROM ${ctx.database}.PUBLIC.T`, { token })).data).toEqual([['0']]);
  });

  test('a database without a current schema answers 090106', async () => {
    const ctx = await freshDatabase();
    await ok('CREATE SCHEMA S2', ctx);
    await ok('CREATE TABLE S2.T (A INT)', ctx);
    await ok(`DROP SCHEMA ${ctx.database}.PUBLIC`, ctx);
    // The body names the database only, and it has no PUBLIC schema to fall back on.
    expect(await failure('SELECT * FROM T', { database: ctx.database })).toMatchObject({
      code: '090106', sqlState: '22000', message: "Cannot perform SELECT. This session does not have a current schema. Call 'USE SCHEMA', or use a qualified name.",
    });
    expect((await ok('SELECT COUNT(*) FROM S2.T', { database: ctx.database })).data).toEqual([['0']]);
  });
});

describe('every placeholder needs a binding', () => {
  test('fewer bindings than placeholders: 002049 at the first unbound one', async () => {
    const one = { 1: { type: 'FIXED', value: '1' } };
    expect(await failure('SELECT ?, ?', { bindings: one })).toMatchObject({
      code: '002049', sqlState: '42601', message: 'SQL compilation error: error line 1 at position 10\nBind variable ? not set.',
    });
    expect(await failure('SELECT ?,\n  ? + 1', { bindings: one })).toMatchObject({ message: 'SQL compilation error: error line 2 at position 2\nBind variable ? not set.' });
    expect(await failure('SELECT 1 WHERE ? = 1')).toMatchObject({ code: '002049', message: 'SQL compilation error: error line 1 at position 15\nBind variable ? not set.' });
  });

  test('a gap in the bindings is not a NULL', async () => {
    const second = { 2: { type: 'TEXT', value: 'x' } };
    expect(await failure('SELECT ?, ?', { bindings: second })).toMatchObject({ code: '002049', message: 'SQL compilation error: error line 1 at position 7\nBind variable ? not set.' });
    expect(await failure('SELECT :2, :1', { bindings: second })).toMatchObject({ code: '002049', message: 'SQL compilation error: error line 1 at position 11\nBind variable :1 not set.' });
    // An explicit NULL binding is a value.
    const both = { 1: { type: 'TEXT', value: null }, 2: { type: 'TEXT', value: 'x' } };
    expect((await ok('SELECT ?, ?', { bindings: both })).data).toEqual([[null, 'x']]);
    // Bindings past what the statement uses are ignored, as before.
    expect((await ok('SELECT ?', { bindings: { 1: { type: 'FIXED', value: '7' }, 3: { type: 'FIXED', value: '9' } } })).data).toEqual([['7']]);
  });
});

describe('the body', () => {
  test('an unknown session parameter is a 400 naming it; known ones in any case are accepted', async () => {
    const res = await submit('SELECT 1', { parameters: { MULTI_STATEMENT_COUNT: 1, NO_SUCH_PARAMETER: 'x' } });
    expect(res.status, res.text).toBe(400);
    expect(res.json!.code).toBe('390142');
    expect(res.json!.message).toContain("Unsupported session parameter 'NO_SUCH_PARAMETER' in 'parameters'.");
    expect(res.json!.message).toContain('query_tag');
    // Even with a null value: the name is what is wrong.
    expect((await submit('SELECT 1', { parameters: { no_such_parameter: null } })).status).toBe(400);
    const known = { query_tag: 't', Date_Output_Format: 'YYYY', TIMEZONE: 'UTC', use_cached_result: false, rows_per_resultset: 0, client_result_chunk_size: 48 };
    expect((await ok("SELECT '2024-05-06'::DATE AS D", { parameters: known })).data).toEqual([['2024']]);
  });

  test('invalid UTF-8 inside the JSON is a 400 saying where, not a statement run with U+FFFD', async () => {
    const head = Buffer.from('{"statement": "SELECT \'');
    const body = Buffer.concat([head, Buffer.from([0xc3, 0x28]), Buffer.from('\' AS V"}')]);
    const res = await api('POST', STATEMENTS, { rawBody: new Uint8Array(body), headers: { 'content-type': 'application/json' } });
    expect(res.status, res.text).toBe(400);
    expect(res.json).toMatchObject({ code: '390142', message: `Incoming request does not contain a valid payload. The request body is not valid UTF-8 (byte 0x28 at offset ${head.length + 1}).` });
    // A body that ends inside a character.
    const cut = await api('POST', STATEMENTS, { rawBody: new Uint8Array([...Buffer.from('{"statement": "SELECT 1"}'), 0xe2, 0x82]), headers: { 'content-type': 'application/json' } });
    expect(cut.status).toBe(400);
    expect(cut.json.message).toContain('not valid UTF-8 (it ends inside a character)');
    // Valid multi-byte UTF-8 runs.
    expect((await ok("SELECT 'é€😀' AS V")).data).toEqual([['é€😀']]);
  });
});

describe('BEGIN and USE run only in a request of several statements', () => {
  const refused = (type: string) => ({
    code: '000002', sqlState: '0A000',
    message: `Unsupported statement type '${type}'. The SQL API runs it only in a request of several statements: set MULTI_STATEMENT_COUNT (0 for any number).`,
  });

  test('alone they are refused; in a multi-statement request they run', async () => {
    const ctx = await freshDatabase();
    expect(await failure('BEGIN', ctx)).toMatchObject(refused('BEGIN_TRANSACTION'));
    expect(await failure('START TRANSACTION', ctx)).toMatchObject(refused('BEGIN_TRANSACTION'));
    expect(await failure(`USE DATABASE ${ctx.database}`, ctx)).toMatchObject(refused('USE'));
    expect(await failure('USE WAREHOUSE COMPUTE_WH', ctx)).toMatchObject(refused('USE'));
    // What USE names is checked first: a missing schema is still that error.
    expect(await failure('USE SCHEMA NOPE', ctx)).toMatchObject({ code: '002003' });
    // MULTI_STATEMENT_COUNT 0 is a multi-statement request, even with one statement.
    expect((await ok('USE SCHEMA PUBLIC', { ...ctx, parameters: { MULTI_STATEMENT_COUNT: 0 } })).statementHandles).toHaveLength(1);
    expect((await ok('BEGIN; SELECT 1; COMMIT', { ...ctx, parameters: { MULTI_STATEMENT_COUNT: 3 } })).statementHandles).toHaveLength(3);
    // COMMIT and ROLLBACK alone change nothing and stay accepted.
    expect((await ok('COMMIT', ctx)).data).toEqual([['Statement executed successfully.']]);
  });

  test("a kept session (the console's worksheets) runs them alone", async () => {
    const ctx = await freshDatabase();
    const first = await submit(`USE DATABASE ${ctx.database}`, { headers: { 'x-floe-session': 'new' } });
    expect(first.status, first.text).toBe(200);
    const id = first.headers.get('x-floe-session')!;
    const begin = await submit('BEGIN', { headers: { 'x-floe-session': id } });
    expect(begin.status, begin.text).toBe(200);
  });
});

describe('syntax errors point where the statement goes wrong', () => {
  const syntax = (line: number, pos: number, token: string) => ({ code: '001003', sqlState: '42000', message: `SQL compilation error:\nsyntax error line ${line} at position ${pos} unexpected '${token}'.` });

  test.each([
    ['USE DATABASE', 1, 12, '<EOF>'],
    ['SHOW TABLES LIKE', 1, 16, '<EOF>'],
    ['SHOW TABLES\n  IN', 2, 4, '<EOF>'],
    ['DESCRIBE TABLE', 1, 14, '<EOF>'],
    ['GRANT SELECT ON', 1, 15, '<EOF>'],
    ['ALTER SESSION SET', 1, 17, '<EOF>'],
    ['CREATE WAREHOUSE', 1, 16, '<EOF>'],
    ['DROP SCHEMA', 1, 11, '<EOF>'],
    ['CREATE TABLE Z3 ()', 1, 17, ')'],
    ['CREATE TABLE Z4\n(\n)', 3, 0, ')'],
    ['SHOW TABLES garbage', 1, 12, 'garbage'],
  ] as const)('%j', async (sql, line, pos, token) => {
    const ctx = await freshDatabase();
    expect(await failure(sql, ctx)).toMatchObject(syntax(line, pos, token));
  });

  test('in a multi-statement request the position is within the failing statement', async () => {
    const ctx = await freshDatabase();
    const body = await failure('SELECT 1;\n  SHOW TABLES LIKE', { ...ctx, parameters: { MULTI_STATEMENT_COUNT: 2 } });
    expect(body.code).toBe('100132');
    expect(body.message).toContain('(at line 2, position 2).\nSQL compilation error:\nsyntax error line 1 at position 16 unexpected \'<EOF>\'.');
  });
});
