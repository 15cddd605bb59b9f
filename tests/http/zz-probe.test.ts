import { test } from 'vitest';
import { readFileSync } from 'node:fs';
import { exec } from './client';
import { freshDatabase } from './helpers';

test('probe', async () => {
  const ctx = await freshDatabase();
  const lines = readFileSync('/tmp/bugsprobe/q.sql', 'utf8').split('\n;;\n').map((s) => s.trim()).filter(Boolean);
  const out: string[] = [];
  for (const sql of lines) {
    const r = await exec(sql, ctx);
    const j = r.json as any;
    out.push(`${sql}\n  => ${r.status} ${j?.code ?? ''} ${(j?.message ?? '').replace(/\n/g, ' ')} ${JSON.stringify(j?.resultSetMetaData?.rowType?.map((c: any) => c.type))} ${JSON.stringify(j?.data)}`);
  }
  console.log(out.join('\n'));
}, 600000);
