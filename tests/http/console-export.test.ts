// /api/console/statements/{handle}/export: a full result streamed from its stored partitions.
import { beforeAll, expect, test } from 'vitest';
import { api, describeRes, exec, getStatement, ok, submit } from './client';
import { addPat, createUser } from './auth-keys';
import { freshDatabase } from './helpers';

const exportPath = (handle: string) => `/api/console/statements/${handle}/export`;
let ctx: { database: string; schema: string };

/** A minimal RFC 4180 reader (quoted fields, doubled quotes, CRLF); null for an empty unquoted field. */
function parseCsv(text: string): (string | null)[][] {
  const rows: (string | null)[][] = [];
  let row: (string | null)[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      let v = '';
      for (i++; ; i++) {
        if (text[i] === '"' && text[i + 1] === '"') { v += '"'; i++; } else if (text[i] === '"') { i++; break; } else v += text[i];
      }
      row.push(v);
    } else {
      let j = i;
      while (j < text.length && text[j] !== ',' && text[j] !== '\r') j++;
      row.push(j === i ? null : text.slice(i, j));
      i = j;
    }
    if (text[i] === ',') i++;
    else if (text[i] === '\r' && text[i + 1] === '\n') { rows.push(row); row = []; i += 2; }
  }
  return rows;
}

/** Every row of a result through the API: partition 0 and then each further partition. */
async function apiRows(handle: string): Promise<(string | null)[][]> {
  const first = await getStatement(handle);
  const out = [...first.json!.data!];
  for (let k = 1; k < first.json!.resultSetMetaData!.partitionInfo!.length; k++) out.push(...(await getStatement(handle, { partition: k })).json!.data!);
  return out;
}

beforeAll(async () => {
  ctx = await freshDatabase();
  await ok('CREATE TABLE D (N INT)', ctx);
  await ok(`INSERT INTO D VALUES ${Array.from({ length: 1000 }, (_, i) => `(${i})`).join(',')}`, ctx);
});

test('CSV of a multi-partition result equals the API data, with a header, NULL apart from empty text', async () => {
  const res = await exec(`SELECT a.N * 1000 + b.N AS N, CASE WHEN b.N = 0 THEN NULL WHEN b.N = 1 THEN '' ELSE 'a,"b"' || b.N END AS S
    FROM D a, D b WHERE a.N < 60 ORDER BY 1`, { ...ctx, pollTimeoutMs: 120_000 });
  expect(res.status, describeRes(res)).toBe(200);
  const handle = res.json!.statementHandle!;
  expect(res.json!.resultSetMetaData!.partitionInfo!.length).toBeGreaterThan(1);
  const csv = await api('GET', exportPath(handle), { query: { format: 'csv' }, headers: { accept: '*/*' } });
  expect(csv.status, describeRes(csv)).toBe(200);
  expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
  expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="floe-${handle}.csv"`);
  const rows = parseCsv(csv.text);
  expect(rows[0]).toEqual(['N', 'S']);
  expect(rows.slice(1)).toEqual(await apiRows(handle));
  expect(csv.text.split('\r\n')[2]).toBe('1,""');
  expect(csv.text.split('\r\n')[3]).toBe('2,"a,""b""2"');
});

test('JSON is an array of objects keyed by column name (repeated names made unique), values typed', async () => {
  const res = await ok("SELECT 1 AS A, NULL AS A, 'x\"y' AS B UNION ALL SELECT 2, 'z', NULL ORDER BY 1", ctx);
  const handle = res.statementHandle!;
  const j = await api('GET', exportPath(handle), { query: { format: 'json' } });
  expect(j.status, describeRes(j)).toBe(200);
  expect(j.headers.get('content-type')).toMatch(/^application\/json/);
  expect(j.json).toEqual([{ A: 1, A_2: null, B: 'x"y' }, { A: 2, A_2: 'z', B: null }]);
  const empty = await ok('SELECT N FROM D WHERE N < 0', ctx);
  expect((await api('GET', exportPath(empty.statementHandle!), { query: { format: 'json' } })).json).toEqual([]);
  expect((await api('GET', exportPath(empty.statementHandle!))).text).toBe('N\r\n'); // csv is the default
});

test('dates and times: CSV as the console shows them, JSON in ISO-8601; VARIANT as JSON; the session time zone for LTZ', async () => {
  const sql = `SELECT '2024-02-29'::DATE AS D, '13:45:07.123'::TIME AS T, '2024-02-29 13:45:07.123'::TIMESTAMP_NTZ AS NTZ,
    '2024-02-29 13:45:07.123 +02:00'::TIMESTAMP_TZ AS TZ, '2024-02-29 13:45:07.123 +00:00'::TIMESTAMP_LTZ AS LTZ,
    PARSE_JSON('{"k":[1,2]}') AS V, 12345678901234567890 AS BIG, 1.50::NUMBER(5,2) AS N`;
  const res = await ok(sql, { ...ctx, parameters: { TIMEZONE: 'Europe/Berlin' } });
  const handle = res.statementHandle!;
  const csv = await api('GET', exportPath(handle), { query: { format: 'csv' }, headers: { accept: '*/*' } });
  expect(csv.text).toBe('D,T,NTZ,TZ,LTZ,V,BIG,N\r\n2024-02-29,13:45:07,2024-02-29 13:45:07.123,2024-02-29 13:45:07.123 +0200,2024-02-29 14:45:07.123 +0100,"{""k"":[1,2]}",12345678901234567890,1.50\r\n');
  const j = await api('GET', exportPath(handle), { query: { format: 'json' } });
  expect(j.json).toEqual([{
    D: '2024-02-29', T: '13:45:07.123000000', NTZ: '2024-02-29T13:45:07.123000000', TZ: '2024-02-29T13:45:07.123000000+02:00',
    LTZ: '2024-02-29T14:45:07.123000000+01:00', V: { k: [1, 2] }, BIG: '12345678901234567890', N: 1.5,
  }]);
});

test("another user's statement is not found; running and failed statements answer as GET does; bad format is 400", async () => {
  const mine = await ok('SELECT 1', ctx);
  const other = (await addPat(await createUser({}, ['PUBLIC']))).secret;
  const hidden = await api('GET', exportPath(mine.statementHandle!), { token: other });
  expect(hidden.status).toBe(422);
  expect(hidden.json).toMatchObject({ code: '000709' });
  expect((await api('GET', exportPath(mine.statementHandle!), { token: null })).status).toBe(401);
  expect((await api('GET', exportPath(mine.statementHandle!), { query: { format: 'xml' } })).status).toBe(400);

  const running = await submit('SELECT SYSTEM$WAIT(30)', { async: true });
  const h = running.json!.statementHandle!;
  const r = await api('GET', exportPath(h));
  expect(r.status, describeRes(r)).toBe(202);
  expect(r.json.code).toBe('333334');
  await api('POST', `/api/v2/statements/${h}/cancel`);

  const failed = await exec('SELECT * FROM NO_SUCH_TABLE', ctx);
  expect((await api('GET', exportPath(failed.json!.statementHandle!))).status).toBe(422);
});
