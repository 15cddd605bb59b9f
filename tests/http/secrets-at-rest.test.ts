// No secret at rest in plaintext: statement text is kept with passwords masked (registry,
// QUERY_HISTORY, the console's statement info), and nothing under the data dir holds them.
import fs from 'node:fs';
import path from 'node:path';
import { inject, expect, test } from 'vitest';
import { api, ok } from './client';
import { uniqueName } from './helpers';

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

test('a password in CREATE / ALTER USER is masked wherever the statement is kept, and no file holds it', async () => {
  const user = uniqueName('U');
  const secret1 = `Pw-${uniqueName('A')}-1`;
  const secret2 = `Pw-${uniqueName('B')}-2`;
  const created = await ok(`CREATE USER ${user} PASSWORD = '${secret1}' DEFAULT_ROLE = PUBLIC`);
  const multi = await ok(`ALTER USER ${user} SET PASSWORD = $$${secret2}$$; SELECT 1`, { parameters: { MULTI_STATEMENT_COUNT: 2 } });
  const history = await ok(`SELECT QUERY_TEXT FROM TABLE(INFORMATION_SCHEMA.QUERY_HISTORY(RESULT_LIMIT => 50)) WHERE QUERY_TEXT ILIKE '%${user}%'`);
  const texts = history.data!.map((r) => r[0]!);
  expect(texts.length).toBeGreaterThanOrEqual(2);
  for (const t of texts) {
    expect(t).not.toContain(secret1);
    expect(t).not.toContain(secret2);
  }
  expect(texts).toContain(`CREATE USER ${user} PASSWORD = '****' DEFAULT_ROLE = PUBLIC`);
  const info = await api('GET', `/api/console/statements/${multi.statementHandles![0]}`);
  expect(info.status).toBe(200);
  expect(info.json.sqlText).toBe(`ALTER USER ${user} SET PASSWORD = '****'`);
  expect(created.statementHandle).toBeTruthy();
  const dir = inject('FLOE_DATA_DIR');
  for (const f of filesUnder(dir)) {
    const bytes = fs.readFileSync(f);
    expect(bytes.includes(secret1), f).toBe(false);
    expect(bytes.includes(secret2), f).toBe(false);
  }
});

test('the data dir and the files in it are private to the server\'s user', async () => {
  await ok('SELECT 1');
  const dir = inject('FLOE_DATA_DIR');
  expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
  // (On PostgreSQL the registry's records are its rows: the node keeps no registry file.)
  const registry = path.join(dir, 'statements', 'registry.jsonl');
  if (!inject('FLOE_PG_URL')) expect(fs.statSync(registry).mode & 0o077).toBe(0);
  else expect(fs.existsSync(registry)).toBe(false);
  for (const f of filesUnder(dir)) expect(fs.statSync(f).mode & 0o077, f).toBe(0);
});

test('a new token secret is answered once: not readable again by handle, not in any file', async () => {
  const made = await ok(`ALTER USER ADD PROGRAMMATIC ACCESS TOKEN ${uniqueName('ONCE')}`);
  const secret = made.data![0][1]!;
  expect(secret).toMatch(/^floe_pat_/);
  const again = await api('GET', `/api/v2/statements/${made.statementHandle}`);
  expect(again.status).toBe(422);
  expect(again.json).toMatchObject({ code: '300004', statementHandle: made.statementHandle });
  expect(JSON.stringify(again.json)).not.toContain(secret);
  for (const f of filesUnder(inject('FLOE_DATA_DIR'))) expect(fs.readFileSync(f).includes(secret), f).toBe(false);
  // The secret works.
  expect((await ok('SELECT 1', { token: secret })).data).toEqual([['1']]);
});
