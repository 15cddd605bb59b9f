// Bad input of every kind gets a clear 4xx (or a 422 statement failure) with a JSON {code,
// message} — never a 500, never a hang — and the server stays healthy afterwards.
import { expect, test } from 'vitest';
import { api, describeRes, ok, submit, STATEMENTS } from './client';

type Case = [string, () => Promise<{ status: number; json: any; text: string }>, number[]];

const post = (rawBody: string | Uint8Array, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  () => api('POST', STATEMENTS, { rawBody, headers });
const sql = (statement: string, extra: Record<string, unknown> = {}) => () => submit(statement, { extraBody: extra });

const cases: Case[] = [
  ['not JSON', post('this is not json'), [400]],
  ['empty body', post(''), [400]],
  ['JSON array', post('["SELECT 1"]'), [400]],
  ['JSON string', post('"SELECT 1"'), [400]],
  ['JSON null', post('null'), [400]],
  ['no statement', post('{}'), [400]],
  ['statement is a number', post('{"statement": 1}'), [400]],
  ['statement is null', post('{"statement": null}'), [400]],
  ['truncated JSON', post('{"statement": "SELECT 1"'), [400]],
  ['invalid UTF-8', post(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])), [400]],
  ['timeout negative', sql('SELECT 1', { timeout: -1 }), [400]],
  ['timeout a word', sql('SELECT 1', { timeout: 'soon' }), [400]],
  ['timeout fractional', sql('SELECT 1', { timeout: 1.5 }), [400]],
  ['bindings an array', sql('SELECT ?', { bindings: [1] }), [400]],
  ['binding without type', sql('SELECT ?', { bindings: { 1: { value: '1' } } }), [400]],
  ['binding key not a position', sql('SELECT ?', { bindings: { x: { type: 'TEXT', value: '1' } } }), [400]],
  ['binding of unknown type', sql('SELECT ?', { bindings: { 1: { type: 'NOPE', value: '1' } } }), [422]],
  ['binding FIXED not a number', sql('SELECT ?', { bindings: { 1: { type: 'FIXED', value: '1x' } } }), [422]],
  ['binding DATE not a number', sql('SELECT ?', { bindings: { 1: { type: 'DATE', value: 'yesterday!' } } }), [422]],
  ['parameters an array', sql('SELECT 1', { parameters: [1] }), [400]],
  ['parameter value an object', sql('SELECT 1', { parameters: { QUERY_TAG: { a: 1 } } }), [400]],
  ['multi_statement_count negative', sql('SELECT 1', { parameters: { MULTI_STATEMENT_COUNT: -2 } }), [422]],
  ['multi_statement_count a word', sql('SELECT 1', { parameters: { MULTI_STATEMENT_COUNT: 'many' } }), [422]],
  ['unknown timezone', sql('SELECT 1', { parameters: { TIMEZONE: 'Mars/Olympus' } }), [422]],
  ['database unknown', sql('SELECT 1', { database: 'NO_SUCH_DB_X' }), [422]],
  ['database not a string', sql('SELECT 1', { database: 5 }), [400]],
  ['role unknown', sql('SELECT 1', { role: 'NO_SUCH_ROLE' }), [422]],
  ['warehouse unknown', sql('SELECT 1', { warehouse: 'NO_WH' }), [422]],
  ['syntax error', sql('SELEC 1'), [422]],
  ['unterminated string', sql("SELECT 'abc"), [422]],
  ['unterminated $$', sql('SELECT $$abc'), [422]],
  ['empty statement', sql('   ;  '), [422]],
  ['only a comment', sql('-- nothing'), [422]],
  ['unknown function', sql('SELECT NO_SUCH_FN(1)'), [422]],
  ['invalid identifier', sql('SELECT NOCOL FROM (SELECT 1 AS A)'), [422]],
  ['missing table', sql('SELECT * FROM NO_DB.NO_SCHEMA.NO_TABLE'), [422]],
  ['unsupported statement', sql('PUT file:///tmp/x @stage'), [422]],
  ['cast of garbage to DATE', sql("SELECT 'garbage'::DATE"), [422]],
  ['division by zero', sql('SELECT 1/0'), [422]],
  ['async not a boolean', () => api('POST', STATEMENTS, { body: { statement: 'SELECT 1' }, query: { async: 'maybe' } }), [400]],
  ['retry not a boolean', () => api('POST', STATEMENTS, { body: { statement: 'SELECT 1' }, query: { retry: 'yes' } }), [400]],
  ['partition not a number', () => api('GET', `${STATEMENTS}/00000000-0000-0000-0000-000000000000?partition=abc`), [400]],
  ['Content-Type text/plain', post('{"statement":"SELECT 1"}', { 'content-type': 'text/plain' }), [415]],
  ['Accept text/html only', () => submit('SELECT 1', { headers: { accept: 'text/html' } }), [406]],
  ['Bearer without token', () => submit('SELECT 1', { headers: { authorization: 'Bearer' } }), [401]],
  ['Basic auth', () => submit('SELECT 1', { headers: { authorization: 'Basic YTpi' } }), [401]],
  ['wrong token', () => submit('SELECT 1', { token: 'nope' }), [401]],
  ['v1 path', () => api('POST', '/api/v1/statements', { body: { statement: 'SELECT 1' } }), [404]],
  ['unknown v2 path', () => api('GET', '/api/v2/nothing-here'), [404]],
  ['huge identifier', sql(`SELECT 1 AS "${'x'.repeat(5000)}"`), [200, 422]],
  ['deep nesting', sql(`SELECT ${'('.repeat(300)}1${')'.repeat(300)}`), [200, 422]],
];

test(`${cases.length} malformed requests each get a JSON 4xx, and the server is healthy afterwards`, { timeout: 120_000 }, async () => {
  expect(cases.length).toBeGreaterThanOrEqual(40);
  for (const [name, run, statuses] of cases) {
    const res = await run();
    expect(statuses, `${name}: ${describeRes(res as never)}`).toContain(res.status);
    if (res.status >= 400) {
      expect(typeof res.json?.code, `${name}: ${describeRes(res as never)}`).toBe('string');
      expect(typeof res.json?.message, `${name}: ${describeRes(res as never)}`).toBe('string');
    }
  }
  expect((await api('GET', '/healthz', { token: null })).status).toBe(200);
  expect((await ok('SELECT 1')).data).toEqual([['1']]);
});

test('wrong methods answer 405 with a JSON body naming the allowed methods', async () => {
  for (const [method, path] of [['PUT', STATEMENTS], ['DELETE', `${STATEMENTS}/x`], ['GET', `${STATEMENTS}/x/cancel`]]) {
    const res = await api(method, path, { body: method === 'PUT' ? { statement: 'SELECT 1' } : undefined });
    expect(res.status, `${method} ${path}`).toBe(405);
    expect(res.json).toMatchObject({ code: '390405' });
    expect(res.headers.get('allow')).toBeTruthy();
  }
});

test('deeply nested JSON bodies answer 400 on every body route, never a 500', async () => {
  await ok('CREATE DATABASE IF NOT EXISTS DEEPDB');
  const deep = (n: number) => `{"name":"DEEP","instructions":${'['.repeat(n)}${']'.repeat(n)}}`;
  const bodies: [string, string, string][] = [
    ['POST', STATEMENTS, `{"statement":"SELECT 1","parameters":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`],
    ['POST', '/api/v2/databases/DEEPDB/schemas/PUBLIC/agents', deep(100_000)],
    ['PUT', '/api/v2/databases/DEEPDB/schemas/PUBLIC/agents/DEEP', deep(100_000)],
    ['POST', '/api/console/worksheets', `{"name":${'['.repeat(100_000)}${']'.repeat(100_000)}}`],
  ];
  for (const [method, path, rawBody] of bodies) {
    const res = await api(method, path, { rawBody, headers: { 'content-type': 'application/json' } });
    expect(res.status, `${method} ${path}: ${describeRes(res).slice(0, 200)}`).toBe(400);
    expect(res.json).toMatchObject({ code: '390142' });
  }
  // A body nested just within the bound is judged on its content as usual.
  const ok256 = await api('POST', STATEMENTS, { rawBody: `{"statement":"SELECT 1","x":${'['.repeat(255)}${']'.repeat(255)}}`, headers: { 'content-type': 'application/json' } });
  expect(ok256.status, describeRes(ok256)).toBe(200);
});
