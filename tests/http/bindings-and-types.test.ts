// Bind variables (§4.3) and value encodings (§4.2), including exact big integers.
import { describe, expect, test } from 'vitest';
import { describeRes, ok, submit } from './client';
import { freshDatabase } from './helpers';

test('? and :n placeholders with FIXED, TEXT, BOOLEAN (also a JSON boolean), REAL', async () => {
  const res = await submit('SELECT ? AS A, ? AS B, :3 AS C, ? AS D', {
    bindings: { 1: { type: 'FIXED', value: '123' }, 2: { type: 'TEXT', value: "x'); DROP TABLE T; --" }, 3: { type: 'BOOLEAN', value: true as never }, 4: { type: 'REAL', value: '1.5' } },
  });
  expect(res.status, describeRes(res)).toBe(200);
  expect(res.json!.data).toEqual([['123', "x'); DROP TABLE T; --", 'true', '1.5']]);
  expect(res.json!.resultSetMetaData!.rowType.map((c) => c.type)).toEqual(['fixed', 'text', 'boolean', 'real']);
});

test('DATE (ms), TIMESTAMP_NTZ (ns), TIME (ns) and BINARY (hex) bindings land typed in a table', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (D DATE, TS TIMESTAMP_NTZ, TM TIME, B BINARY, N NUMBER(38,0))', ctx);
  await ok('INSERT INTO T VALUES (?, ?, ?, ?, ?)', {
    ...ctx,
    bindings: {
      1: { type: 'DATE', value: '1618444800000' },
      2: { type: 'TIMESTAMP_NTZ', value: '1609459200123000000' },
      3: { type: 'TIME', value: '82919000000000' },
      4: { type: 'BINARY', value: '00ff' },
      5: { type: 'FIXED', value: '9007199254740993' },
    },
  });
  const j = await ok('SELECT D, TS, TM, B, N FROM T', ctx);
  expect(j.data).toEqual([['18732', '1609459200.123000000', '82919.000000000', '00FF', '9007199254740993']]);
});

test('a bad binding value is 422 100037 / 22018; a missing one is a 422', async () => {
  const bad = await submit('SELECT ? AS A', { bindings: { 1: { type: 'FIXED', value: 'abc' } } });
  expect(bad.status).toBe(422);
  expect(bad.json).toMatchObject({ code: '100037', sqlState: '22018' });
  const missing = await submit('SELECT ? AS A, ? AS B', { bindings: { 1: { type: 'FIXED', value: '1' } } });
  expect(missing.status).toBe(422);
});

test('wire encodings of every basic type, and nullable=false', async () => {
  const j = await ok(`SELECT 42 AS I, 1.5::FLOAT AS F, 'héllo' AS S, TRUE AS B, '2019-03-27'::DATE AS D, '23:01:59'::TIME AS T,
    '2021-01-02 03:04:05.123456'::TIMESTAMP_NTZ AS NTZ, '2021-03-19 18:06:59 +01:00'::TIMESTAMP_TZ AS TZ,
    TO_BINARY('48656C6C6F', 'HEX') AS BIN, PARSE_JSON('{"a":[1,true]}') AS V, OBJECT_CONSTRUCT('k', 'v') AS O, ARRAY_CONSTRUCT(1, 2) AS A, NULL::VARCHAR AS N`);
  expect(j.resultSetMetaData!.rowType.map((c) => c.type)).toEqual(['fixed', 'real', 'text', 'boolean', 'date', 'time', 'timestamp_ntz', 'timestamp_tz', 'binary', 'variant', 'object', 'array', 'text']);
  expect(j.data![0]).toEqual(['42', '1.5', 'héllo', 'true', '17982', '82919.000000000', '1609556645.123456000', '1616173619.000000000 1500', '48656C6C6F', '{\n  "a": [\n    1,\n    true\n  ]\n}', '{\n  "k": "v"\n}', '[\n  1,\n  2\n]', null]);
  const n = await submit('SELECT NULL::VARCHAR AS N', { nullable: false });
  expect(n.json!.data).toEqual([['null']]);
});

test('NUMBER(38,0) values beyond 2^53 stay exact through storage and arithmetic-free reads', async () => {
  const ctx = await freshDatabase();
  await ok('CREATE TABLE T (N NUMBER(38,0))', ctx);
  await ok('INSERT INTO T VALUES (9223372036854775807), (-9007199254740993)', ctx);
  expect((await ok('SELECT N FROM T ORDER BY N', ctx)).data).toEqual([['-9007199254740993'], ['9223372036854775807']]);
});

test('output-format parameters apply per request', async () => {
  const a = await submit("SELECT '2019-03-27'::DATE AS D", { parameters: { date_output_format: 'MM/DD/YYYY' } });
  expect(a.json!.data).toEqual([['03/27/2019']]);
  expect((await ok("SELECT '2019-03-27'::DATE AS D")).data).toEqual([['17982']]);
});

describe('long lists of bound values and long AND / OR chains', () => {
  /** N = 1 … 3000, one of them stored beyond int64 (exact comparison then needs Floe's own, per value). */
  const table = async () => {
    const ctx = await freshDatabase();
    await ok('CREATE TABLE T (N NUMBER(38,0))', ctx);
    await ok('INSERT INTO T SELECT SEQ4() + 1 FROM TABLE(GENERATOR(ROWCOUNT => 3000))', ctx);
    await ok("INSERT INTO T VALUES ('123456789012345678901234567890')", ctx);
    return ctx;
  };
  const fixed = (values: string[]) => Object.fromEntries(values.map((v, i) => [String(i + 1), { type: 'FIXED', value: v }]));
  const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

  test('x IN (1,500 bound values) and NOT IN, against a NUMBER column', async () => {
    const ctx = await table();
    // Every other value from 2 up, and some that match nothing.
    const values = [...Array.from({ length: 1490 }, (_, i) => String(2 * (i + 1))), ...Array.from({ length: 9 }, (_, i) => String(100_000 + i)), '123456789012345678901234567890'];
    const inList = await ok(`SELECT COUNT(*), SUM(IFF(N IN (${marks(values.length)}), 1, 0)) FROM T WHERE N IN (${marks(values.length)})`, { ...ctx, bindings: fixed([...values, ...values]) });
    expect(inList.data).toEqual([['1491', '1491']]);
    const notIn = await ok(`SELECT COUNT(*) FROM T WHERE N NOT IN (${marks(values.length)})`, { ...ctx, bindings: fixed(values) });
    expect(notIn.data).toEqual([[String(3001 - 1491)]]);
  });

  test('a bound FIXED integer compares exactly with = and IN on either side of 2^53 and of int64, NULLs included; 30,000 of them in an IN list', async () => {
    const ctx = await freshDatabase();
    // Around the bounds where a bound integer is an SQLite integer, a double (2^31 up) or text (past 2^53).
    const stored = ['1', '-1', '2147483648', '9007199254740991', '-9007199254740991', '9007199254740992', '9007199254740993',
      '9223372036854775807', '-9223372036854775808', '9223372036854775808', '123456789012345678901234567890'];
    await ok('CREATE TABLE B (N NUMBER(38,0), K NUMBER(38,0))', ctx);
    await ok(`INSERT INTO B VALUES ${stored.map((v, i) => `('${v}', ${i})`).join(', ')}, (NULL, 99)`, ctx);
    for (const [i, v] of stored.entries()) {
      const eq = await ok('SELECT K FROM B WHERE N = ?', { ...ctx, bindings: fixed([v]) });
      expect(eq.data, `N = ${v}`).toEqual([[String(i)]]);
      const reversed = await ok('SELECT COUNT(*) FROM B WHERE ? = N', { ...ctx, bindings: fixed([v]) });
      expect(reversed.data, `${v} = N`).toEqual([['1']]);
      const neq = await ok('SELECT COUNT(*) FROM B WHERE N <> ?', { ...ctx, bindings: fixed([v]) });
      expect(neq.data, `N <> ${v}`).toEqual([[String(stored.length - 1)]]);
    }
    // Neighbours that are not stored match nothing (a double or text one off would).
    const near = ['2', '2147483647', '2147483649', '9007199254740990', '-9007199254740990', '9223372036854775806', '123456789012345678901234567891'];
    expect((await ok(`SELECT COUNT(*) FROM B WHERE N IN (${marks(near.length)})`, { ...ctx, bindings: fixed(near) })).data).toEqual([['0']]);
    const some = ['2147483648', '9007199254740991', '9007199254740993', '123456789012345678901234567890'];
    expect((await ok(`SELECT K FROM B WHERE N IN (${marks(some.length)}) ORDER BY K`, { ...ctx, bindings: fixed(some) })).data).toEqual([['2'], ['3'], ['6'], ['10']]);
    // NOT IN with a NULL among the values is never true; a NULL N is in nothing.
    const withNull = { ...fixed(['1', '2']), 3: { type: 'FIXED', value: null } };
    expect((await ok('SELECT COUNT(*) FROM B WHERE N NOT IN (?, ?, ?)', { ...ctx, bindings: withNull })).data).toEqual([['0']]);
    expect((await ok('SELECT COUNT(*) FROM B WHERE N NOT IN (?, ?)', { ...ctx, bindings: fixed(['1', '2']) })).data).toEqual([[String(stored.length - 1)]]);
    expect((await ok('SELECT COUNT(*) FROM B WHERE (N IN (?, ?)) IS NULL', { ...ctx, bindings: fixed(['1', '2']) })).data).toEqual([['1']]);
    // 30,000 bound values: each stored value once, the rest match nothing.
    const many = [...stored, ...Array.from({ length: 30_000 - stored.length }, (_, i) => String(1_000_000 + i))];
    expect((await ok(`SELECT COUNT(*) FROM B WHERE N IN (${marks(many.length)})`, { ...ctx, bindings: fixed(many) })).data).toEqual([[String(stored.length)]]);
  });

  test('a WHERE of 3,000 ORed equalities, and 2,000 ANDed ranges, keep their meaning', async () => {
    const ctx = await table();
    const ors = Array.from({ length: 3000 }, (_, i) => `N = ${3 * i + 1}`).join(' OR ');
    expect((await ok(`SELECT COUNT(*) FROM T WHERE ${ors}`, ctx)).data).toEqual([['1000']]);
    const ands = Array.from({ length: 2000 }, (_, i) => `N > ${i}`).join(' AND ');
    expect((await ok(`SELECT COUNT(*), COUNT_IF(${ands}) FROM T WHERE ${ands} AND N <= 3000`, ctx)).data).toEqual([['1001', '1001']]);
    // NULL stays NULL through a long chain (three-valued logic): FALSE OR … OR NULL.
    const nulls = `${Array.from({ length: 500 }, () => 'N < 0').join(' OR ')} OR NULL`;
    expect((await ok(`SELECT (${nulls}) IS NULL FROM T WHERE N = 1`, ctx)).data).toEqual([['true']]);
  });

  test('more placeholders than the engine binds: 001003 before anything runs, naming the bound', async () => {
    const ctx = await table();
    const n = 70_000;
    const res = await submit(`INSERT INTO T VALUES ${Array.from({ length: n }, () => '(?)').join(', ')}`, { ...ctx, bindings: fixed(Array.from({ length: n }, (_, i) => String(i))) });
    expect(res.status, describeRes(res)).toBe(422);
    expect(res.json).toMatchObject({ code: '001003', sqlState: '42000' });
    expect(res.json!.message).toMatch(/^SQL compilation error:\nStatement too complex: it binds 70000 values; this engine takes at most (32766|65535)\./);
    expect((await ok('SELECT COUNT(*) FROM T', ctx)).data).toEqual([['3001']]);
  });
});
