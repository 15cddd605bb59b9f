// DATE_INPUT_FORMAT, TIME_INPUT_FORMAT, TIMESTAMP_INPUT_FORMAT (and its TIMESTAMP_NTZ/LTZ/TZ
// variations) and BINARY_INPUT_FORMAT set with ALTER SESSION: text converted without a format of
// its own (casts, TO_* and TRY_ forms, inserts, comparisons) is read by them; AUTO and HEX read as
// before. Runs on both engines (the http and http-pg projects).
import { beforeAll, describe, expect, test } from 'vitest';
import { describeRes, poll, submit, type StatementJson, type SubmitOptions } from './client';
import { freshDatabase } from './helpers';

let database: string;

beforeAll(async () => {
  ({ database } = await freshDatabase());
});

/** Runs `sql` in kept session `id` ('new' starts one): the answer polled to its end, and the session id. */
async function inSession(id: string, sql: string, opts: SubmitOptions = {}) {
  const res = await submit(sql, { ...opts, headers: { ...opts.headers, 'x-floe-session': id } });
  const done = res.status === 202 ? await poll(res.json!.statementHandle!, { headers: { 'x-floe-session': id } }) : res;
  return { ...done, session: res.headers.get('x-floe-session') ?? id };
}

/** A new kept session in the test database. */
async function newSession(): Promise<string> {
  const r = await inSession('new', `USE DATABASE ${database}`);
  expect(r.status, describeRes(r)).toBe(200);
  return r.session;
}

/** The rows of a statement that must succeed. */
async function rows(id: string, sql: string): Promise<StatementJson['data']> {
  const r = await inSession(id, sql);
  expect(r.status, `${sql}: ${describeRes(r)}`).toBe(200);
  return r.json!.data;
}

/** The error of a statement that must fail. */
async function failure(id: string, sql: string): Promise<{ code?: string; message?: string }> {
  const r = await inSession(id, sql);
  expect(r.status, `${sql}: ${describeRes(r)}`).toBe(422);
  return { code: r.json?.code, message: r.json?.message };
}

const TS = "'YYYY-MM-DD HH24:MI:SS.FF3'";

describe('DATE_INPUT_FORMAT', () => {
  test('casts, TO_DATE, TRY_ forms, inserts and comparisons read text by it; an explicit format still wins', async () => {
    const s = await newSession();
    await rows(s, "ALTER SESSION SET DATE_INPUT_FORMAT = 'DD/MM/YYYY'");
    expect(await rows(s, `SELECT TO_VARCHAR('05/01/2024'::DATE), TO_VARCHAR(CAST('31/12/2024' AS DATE)), TO_VARCHAR(TO_DATE('05/01/2024')),
      TO_VARCHAR(TRY_TO_DATE('2024-01-05')), TO_VARCHAR(TRY_CAST('06/01/2024' AS DATE)), TO_VARCHAR(TO_DATE('2024-01-05', 'YYYY-MM-DD')), TO_VARCHAR(DATE('07/01/2024')), TO_VARCHAR(DATE '08/01/2024')`))
      .toEqual([['2024-01-05', '2024-12-31', '2024-01-05', null, '2024-01-06', '2024-01-05', '2024-01-07', '2024-01-08']]);
    // Text in another form is refused with the format named (AUTO text would have read it).
    expect(await failure(s, "SELECT '2024-01-05'::DATE")).toEqual({ code: '100096', message: "Can't parse '2024-01-05' as date with format 'DD/MM/YYYY'" });
    expect((await failure(s, "SELECT TO_DATE('13/13/2024')")).code).toBe('100096');

    await rows(s, 'CREATE OR REPLACE TABLE DATES (ID INT, D DATE)');
    await rows(s, "INSERT INTO DATES VALUES (1, '05/01/2024'), (2, '20/02/2024')");
    await rows(s, "INSERT INTO DATES SELECT 3, '29/02/2024'");
    await rows(s, "UPDATE DATES SET D = '01/03/2024' WHERE ID = 3");
    expect(await rows(s, 'SELECT ID, TO_VARCHAR(D) FROM DATES ORDER BY ID')).toEqual([['1', '2024-01-05'], ['2', '2024-02-20'], ['3', '2024-03-01']]);
    expect((await failure(s, "INSERT INTO DATES VALUES (4, '2024-01-05')")).code).toBe('100096');
    // A string compared with a DATE is converted to a DATE, by the format.
    expect(await rows(s, `SELECT (SELECT LISTAGG(ID, ',') WITHIN GROUP (ORDER BY ID) FROM DATES WHERE D = '05/01/2024'),
      (SELECT LISTAGG(ID, ',') WITHIN GROUP (ORDER BY ID) FROM DATES WHERE D >= '20/02/2024'),
      (SELECT LISTAGG(ID, ',') WITHIN GROUP (ORDER BY ID) FROM DATES WHERE D IN ('20/02/2024', '01/03/2024')),
      (SELECT LISTAGG(ID, ',') WITHIN GROUP (ORDER BY ID) FROM DATES WHERE D BETWEEN '01/01/2024' AND '29/02/2024')`))
      .toEqual([['1', '2,3', '2,3', '1,2']]);
    expect(await rows(s, "SELECT CASE D WHEN '05/01/2024' THEN 'first' ELSE 'other' END FROM DATES ORDER BY ID")).toEqual([['first'], ['other'], ['other']]);
    // A TEXT binding written into a DATE column is text like any other.
    const bound = await inSession(s, 'INSERT INTO DATES VALUES (?, ?)', { bindings: { 1: { type: 'FIXED', value: '4' }, 2: { type: 'TEXT', value: '10/04/2024' } } });
    expect(bound.status, describeRes(bound)).toBe(200);
    expect(await rows(s, 'SELECT TO_VARCHAR(D) FROM DATES WHERE ID = 4')).toEqual([['2024-04-10']]);
    await rows(s, 'DELETE FROM DATES WHERE ID = 4');

    // Back to AUTO: the ISO form reads again, and DD/MM text is MM/DD as before.
    await rows(s, "ALTER SESSION SET DATE_INPUT_FORMAT = 'AUTO'");
    expect(await rows(s, "SELECT TO_VARCHAR('2024-01-05'::DATE), TO_VARCHAR('05/01/2024'::DATE), TO_VARCHAR(TRY_TO_DATE('20/02/2024'))")).toEqual([['2024-01-05', '2024-05-01', null]]);
    await rows(s, "ALTER SESSION SET DATE_INPUT_FORMAT = 'YYYY.MM.DD'");
    expect(await rows(s, "SELECT TO_VARCHAR('2024.02.03'::DATE)")).toEqual([['2024-02-03']]);
    await rows(s, 'ALTER SESSION UNSET DATE_INPUT_FORMAT');
    expect(await rows(s, "SELECT TO_VARCHAR('2024-01-05'::DATE)")).toEqual([['2024-01-05']]);
  });
});

describe('TIMESTAMP_INPUT_FORMAT and its variations, TIME_INPUT_FORMAT', () => {
  test('a 12-hour format reads TIMESTAMP_* and TIME text; a variation of its own overrides it for its type', async () => {
    const s = await newSession();
    await rows(s, "ALTER SESSION SET TIMESTAMP_INPUT_FORMAT = 'MM/DD/YYYY HH12:MI AM', TIME_INPUT_FORMAT = 'HH12:MI:SS AM', TIMEZONE = 'UTC'");
    expect(await rows(s, `SELECT TO_VARCHAR('01/05/2024 03:30 PM'::TIMESTAMP_NTZ, ${TS}), TO_VARCHAR(TO_TIMESTAMP('01/05/2024 09:15 AM'), ${TS}),
      TO_VARCHAR(TO_TIMESTAMP_TZ('01/05/2024 11:00 PM'), ${TS}), TO_VARCHAR(TRY_TO_TIMESTAMP('2024-01-05 10:00:00'), ${TS}),
      TO_VARCHAR('03:30:15 PM'::TIME), TO_VARCHAR(TRY_TO_TIME('15:30:15'))`))
      .toEqual([['2024-01-05 15:30:00.000', '2024-01-05 09:15:00.000', '2024-01-05 23:00:00.000', null, '15:30:15', null]]);
    expect(await failure(s, "SELECT '2024-01-05 10:00:00'::TIMESTAMP_NTZ")).toEqual({ code: '100096', message: "Can't parse '2024-01-05 10:00:00' as timestamp with format 'MM/DD/YYYY HH12:MI AM'" });

    // Text handed to a date function is read as a TIMESTAMP_NTZ, by the format too.
    expect(await rows(s, `SELECT TO_VARCHAR(DATEADD(hour, 1, '01/05/2024 03:30 PM'), ${TS}), DATEDIFF(day, '01/01/2024 12:00 AM', '01/05/2024 03:30 PM'),
      YEAR('12/31/2024 11:59 PM'), DAYNAME('01/05/2024 03:30 PM'), TO_VARCHAR(LAST_DAY('02/10/2024 01:00 AM')), TO_VARCHAR(DATE_TRUNC('month', '01/05/2024 03:30 PM'), ${TS})`))
      .toEqual([['2024-01-05 16:30:00.000', '4', '2024', 'Fri', '2024-02-29', '2024-01-01 00:00:00.000']]);
    expect((await failure(s, "SELECT DATEADD(day, 1, '2024-01-05')")).code).toBe('100096');

    await rows(s, "ALTER SESSION SET TIMESTAMP_LTZ_INPUT_FORMAT = 'YYYY-MM-DD HH24:MI:SS.FF3'");
    expect(await rows(s, `SELECT TO_VARCHAR('2024-01-05 10:00:00.123'::TIMESTAMP_LTZ, ${TS}), TO_VARCHAR('01/05/2024 03:30 PM'::TIMESTAMP_NTZ, ${TS})`))
      .toEqual([['2024-01-05 10:00:00.123', '2024-01-05 15:30:00.000']]);

    await rows(s, 'CREATE OR REPLACE TABLE STAMPS (TS TIMESTAMP_NTZ, T TIME)');
    await rows(s, "INSERT INTO STAMPS VALUES ('12/31/2024 11:59 PM', '01:02:03 AM')");
    expect(await rows(s, `SELECT TO_VARCHAR(TS, ${TS}), TO_VARCHAR(T), TS = '12/31/2024 11:59 PM', T < '02:00:00 AM' FROM STAMPS`))
      .toEqual([['2024-12-31 23:59:00.000', '01:02:03', 'true', 'true']]);

    const shown = await rows(s, "SHOW PARAMETERS LIKE '%INPUT_FORMAT'");
    expect(shown!.map((r) => r.slice(0, 4)).sort()).toEqual([
      ['BINARY_INPUT_FORMAT', 'HEX', 'HEX', ''],
      ['DATE_INPUT_FORMAT', 'AUTO', 'AUTO', ''],
      ['TIMESTAMP_INPUT_FORMAT', 'MM/DD/YYYY HH12:MI AM', 'AUTO', 'SESSION'],
      ['TIMESTAMP_LTZ_INPUT_FORMAT', 'YYYY-MM-DD HH24:MI:SS.FF3', '', 'SESSION'],
      ['TIMESTAMP_NTZ_INPUT_FORMAT', '', '', ''],
      ['TIMESTAMP_TZ_INPUT_FORMAT', '', '', ''],
      ['TIME_INPUT_FORMAT', 'HH12:MI:SS AM', 'AUTO', 'SESSION'],
    ]);
    await rows(s, 'ALTER SESSION UNSET TIMESTAMP_INPUT_FORMAT, TIMESTAMP_LTZ_INPUT_FORMAT, TIME_INPUT_FORMAT');
    expect(await rows(s, `SELECT TO_VARCHAR('2024-01-05 10:00:00'::TIMESTAMP_NTZ, ${TS}), TO_VARCHAR('15:30:15'::TIME)`)).toEqual([['2024-01-05 10:00:00.000', '15:30:15']]);
  });
});

describe('BINARY_INPUT_FORMAT', () => {
  test('BASE64 and UTF-8 read text converted to BINARY without a format; HEX again by default', async () => {
    const s = await newSession();
    await rows(s, "ALTER SESSION SET BINARY_INPUT_FORMAT = 'base64'");
    expect(await rows(s, `SELECT TO_VARCHAR(TO_BINARY('SGVsbG8='), 'UTF-8'), TO_VARCHAR(CAST('SGk=' AS BINARY), 'HEX'), TO_VARCHAR('SGk='::BINARY, 'HEX'),
      TRY_TO_BINARY('***'), TO_VARCHAR(TO_BINARY('4869', 'HEX'), 'UTF-8')`))
      .toEqual([['Hello', '4869', '4869', null, 'Hi']]);
    await rows(s, 'CREATE OR REPLACE TABLE BLOBS (B BINARY)');
    await rows(s, "INSERT INTO BLOBS VALUES ('SGk=')");
    expect(await rows(s, "SELECT TO_VARCHAR(B, 'UTF-8'), B = 'SGk=' FROM BLOBS")).toEqual([['Hi', 'true']]);
    expect((await failure(s, "SELECT TO_BINARY('***')")).message).toMatch(/not a legal base64-encoded value/);
    await rows(s, "ALTER SESSION SET BINARY_INPUT_FORMAT = 'UTF-8'");
    expect(await rows(s, "SELECT TO_VARCHAR(TO_BINARY('Hi'), 'HEX')")).toEqual([['4869']]);
    await rows(s, 'ALTER SESSION UNSET BINARY_INPUT_FORMAT');
    expect(await rows(s, "SELECT TO_VARCHAR(TO_BINARY('4869'), 'UTF-8')")).toEqual([['Hi']]);
  });
});

describe('values and caches', () => {
  test('a value that is no format (or no binary format) is refused with 002031; a request body may not set one', async () => {
    const s = await newSession();
    expect(await failure(s, "ALTER SESSION SET DATE_INPUT_FORMAT = 'xyz'")).toEqual({ code: '002031', message: "Invalid value [xyz] for parameter 'DATE_INPUT_FORMAT'" });
    expect((await failure(s, "ALTER SESSION SET TIMESTAMP_INPUT_FORMAT = ''")).code).toBe('002031');
    expect((await failure(s, "ALTER SESSION SET BINARY_INPUT_FORMAT = 'BASE32'")).code).toBe('002031');
    // The refused values left the session as it was.
    expect(await rows(s, "SELECT TO_VARCHAR('2024-01-05'::DATE), TO_VARCHAR(TO_BINARY('4869'), 'UTF-8')")).toEqual([['2024-01-05', 'Hi']]);
    const body = await submit('SELECT 1', { parameters: { DATE_INPUT_FORMAT: 'DD/MM/YYYY' } });
    expect(body.status).toBe(400);
  });

  test('a query compiled or answered under one format is not reused under another', async () => {
    const [dmy, auto] = [await newSession(), await newSession()];
    await rows(dmy, "ALTER SESSION SET DATE_INPUT_FORMAT = 'DD/MM/YYYY'");
    await rows(dmy, 'CREATE OR REPLACE TABLE CACHED (D VARCHAR)');
    await rows(dmy, "INSERT INTO CACHED VALUES ('05/01/2024')");
    const sql = 'SELECT TO_VARCHAR(TRY_TO_DATE(D)) FROM CACHED';
    expect(await rows(dmy, sql)).toEqual([['2024-01-05']]);
    expect(await rows(dmy, sql)).toEqual([['2024-01-05']]);
    expect(await rows(auto, sql)).toEqual([['2024-05-01']]);
    // The same session, its format changed: neither the compiled plan nor the stored result of before.
    await rows(dmy, "ALTER SESSION SET DATE_INPUT_FORMAT = 'YYYY/DD/MM'");
    expect(await rows(dmy, sql)).toEqual([[null]]);
    await rows(dmy, "ALTER SESSION SET DATE_INPUT_FORMAT = 'MM/DD/YYYY'");
    expect(await rows(dmy, sql)).toEqual([['2024-05-01']]);
  });
});
