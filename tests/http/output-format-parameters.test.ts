// resultSetMetaData.parameters echoes the output formats in force for the statement (lower-case
// keys, as in the SQL API's ResultSet example); an unset TIMESTAMP_*_OUTPUT_FORMAT follows
// TIMESTAMP_OUTPUT_FORMAT; TIMEZONE is echoed too (the console shows TIMESTAMP_LTZ cells in it).
import { expect, test } from 'vitest';
import { getStatement, ok } from './client';

const meta = (body: Awaited<ReturnType<typeof ok>>) => (body.resultSetMetaData as unknown as { parameters: Record<string, string> }).parameters;

test('defaults are echoed when no format is sent', async () => {
  const body = await ok('SELECT CURRENT_DATE()');
  expect(meta(body)).toEqual({
    binary_output_format: 'HEX',
    date_output_format: 'YYYY-MM-DD',
    time_output_format: 'HH24:MI:SS',
    timestamp_output_format: 'YYYY-MM-DD HH24:MI:SS.FF3 TZHTZM',
    timestamp_ntz_output_format: 'YYYY-MM-DD HH24:MI:SS.FF3 TZHTZM',
    timestamp_ltz_output_format: 'YYYY-MM-DD HH24:MI:SS.FF3 TZHTZM',
    timestamp_tz_output_format: 'YYYY-MM-DD HH24:MI:SS.FF3 TZHTZM',
    timezone: 'America/Los_Angeles',
  });
});

test('formats sent with the request are echoed and applied', async () => {
  const body = await ok("SELECT DATEADD(day, 1, '2024-05-09'::DATE), TO_BINARY('SNOW', 'UTF-8')", {
    parameters: { DATE_OUTPUT_FORMAT: 'DD/MM/YYYY', timestamp_output_format: 'YYYY-MM-DD"T"HH24:MI:SS', TIMESTAMP_TZ_OUTPUT_FORMAT: 'TZH:TZM', BINARY_OUTPUT_FORMAT: 'BASE64' },
  });
  expect(body.data).toEqual([['10/05/2024', 'U05PVw==']]);
  expect(meta(body)).toMatchObject({
    date_output_format: 'DD/MM/YYYY',
    binary_output_format: 'BASE64',
    timestamp_output_format: 'YYYY-MM-DD"T"HH24:MI:SS',
    timestamp_ntz_output_format: 'YYYY-MM-DD"T"HH24:MI:SS',
    timestamp_tz_output_format: 'TZH:TZM',
  });
  const zoned = await ok('SELECT 1', { parameters: { TIMEZONE: 'Europe/Berlin' } });
  expect(meta(zoned).timezone).toBe('Europe/Berlin');
});

test('ALTER SESSION in a multi-statement request changes what later statements echo', async () => {
  const body = await ok("ALTER SESSION SET TIME_OUTPUT_FORMAT = 'HH24:MI'; SELECT TIME_FROM_PARTS(1, 2, 3)", { parameters: { MULTI_STATEMENT_COUNT: 2 } });
  const child = await getStatement((body.statementHandles as string[])[1]);
  expect(child.json!.data).toEqual([['01:02']]);
  expect(meta(child.json!).time_output_format).toBe('HH24:MI');
  const fresh = await ok('SELECT 1'); // the next request is a new session
  expect(meta(fresh).time_output_format).toBe('HH24:MI:SS');
});

test('a format set to its default text is honoured alike from the body and from ALTER SESSION', async () => {
  // Given (even as the default), DATE_OUTPUT_FORMAT makes DATE cells formatted text, not epoch days;
  // ALTER SESSION used to drop a value equal to the default and send epoch days.
  const viaBody = await ok("SELECT '2024-05-10'::DATE", { parameters: { DATE_OUTPUT_FORMAT: 'YYYY-MM-DD' } });
  expect(viaBody.data).toEqual([['2024-05-10']]);
  const body = await ok("ALTER SESSION SET DATE_OUTPUT_FORMAT = 'YYYY-MM-DD'; SELECT '2024-05-10'::DATE", { parameters: { MULTI_STATEMENT_COUNT: 2 } });
  expect((await getStatement((body.statementHandles as string[])[1])).json!.data).toEqual([['2024-05-10']]);
  // Unset, the default encoding (epoch days) is back.
  const unset = await ok("ALTER SESSION SET DATE_OUTPUT_FORMAT = 'YYYY-MM-DD'; ALTER SESSION UNSET DATE_OUTPUT_FORMAT; SELECT '2024-05-10'::DATE", { parameters: { MULTI_STATEMENT_COUNT: 3 } });
  expect((await getStatement((unset.statementHandles as string[])[2])).json!.data).toEqual([['19853']]);
});
