// The PostgreSQL function library's table (lib/engine/postgres/functions) without a server: every
// manifest function is described, supported signatures fit the manifest's arities, and
// docs/architecture.md lists exactly the unsupported functions and their reasons.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINE_FUNCTIONS, engineFunctionNames } from '@/lib/engine/functions/manifest';
import { installFunctionLibrarySql, PG_FUNCTIONS, unsupportedFunctionsMarkdown } from '@/lib/engine/postgres/functions';

describe('the PostgreSQL function library table', () => {
  it('gives each supported function forms within the manifest\'s arities', () => {
    const wrong: string[] = [];
    for (const name of engineFunctionNames) {
      const e = PG_FUNCTIONS[name];
      if (!e.supported) continue;
      const { minArgs, maxArgs } = ENGINE_FUNCTIONS[name];
      for (const s of e.signatures) {
        const n = s.params.length;
        if (n > (maxArgs ?? Infinity) || (s.variadic ? maxArgs !== null : n < minArgs)) wrong.push(`${name}(${s.params.join(', ')}${s.variadic ? `, VARIADIC ${s.variadic}` : ''})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('installs with statements that only create (idempotent: no DROP, no plain CREATE FUNCTION)', () => {
    const sql = installFunctionLibrarySql();
    expect(sql[0]).toBe('CREATE SCHEMA IF NOT EXISTS floe');
    for (const s of sql.slice(1)) {
      // Tables (floe._zones) only if missing, and their rows only where absent.
      const idempotentTable = /^CREATE TABLE IF NOT EXISTS /.test(s) || /^INSERT INTO [\s\S]*ON CONFLICT DO NOTHING$/.test(s);
      if (!idempotentTable) expect(s).toMatch(/^(--[^\n]*\n\s*)*(CREATE OR REPLACE FUNCTION|DO \$f\$)/);
    }
  });

  it('is documented: docs/architecture.md lists the unsupported functions as PG_FUNCTIONS does', () => {
    const doc = fs.readFileSync(path.join(process.cwd(), 'docs/architecture.md'), 'utf8');
    const m = /<!-- pg-unsupported:start -->\n([\s\S]*?)\n<!-- pg-unsupported:end -->/.exec(doc);
    expect(m, 'the pg-unsupported block of docs/architecture.md').not.toBeNull();
    expect(m![1]).toBe(unsupportedFunctionsMarkdown());
  });
});
