import { expect, test } from 'vitest';
import { compilerOfT } from './compile-fixture';

// The registry refuses a name or node kind defined twice at load: loading it is the check.
test('the function registry loads with every name and node kind defined once', async () => {
  const registry = await import('@/lib/sql/functions');
  expect(registry.findFunction('function', { name: 'current_user' })).toBeDefined();
  expect(registry.findFunction('function', { name: 'no_such_function' })).toBeUndefined();
});

// SHOW FUNCTIONS lists a name only if a call written with it reaches the definition that lists it.
test('every name SHOW FUNCTIONS lists is a call the registry compiles', async () => {
  const { init, parse, Dialect } = await import('@polyglot-sql/sdk');
  await init();
  const registry = await import('@/lib/sql/functions');
  const forms = ['()', '(a)', '(a, b)', '(a, b, c)', '(a AS INT)', '() OVER (ORDER BY a)', '(a) OVER (ORDER BY a)', '(a, b) WITHIN GROUP (ORDER BY a)'];
  const unreachable: string[] = [];
  const list = registry.builtinFunctions();
  for (const f of list) {
    if (f.name === 'COUNT') continue; // compiled natively, not through the registry
    const reached = forms.some((form) => {
      const r = parse(`SELECT ${f.name}${form}`, Dialect.Snowflake);
      if (!r.success || !r.ast) return false;
      const expr = (r.ast[0] as { select: { expressions: Record<string, Record<string, unknown>>[] } }).select.expressions[0];
      const kind = Object.keys(expr)[0];
      return registry.findFunction(kind, expr[kind]) !== undefined;
    });
    if (!reached) unreachable.push(f.name);
  }
  expect(unreachable).toEqual([]);
  const names = new Set(list.map((f) => f.name));
  for (const n of ['AVG', 'MIN', 'MAX', 'SUM', 'LISTAGG', 'IFF', 'NVL', 'MOD', 'ROW_NUMBER', 'OBJECT_AGG']) expect(names.has(n), n).toBe(true);
  for (const n of ['IF_FUNC', 'LIST_AGG', 'J_S_O_N_EXTRACT', 'SUBSCRIPT', 'WINDOW_FUNCTION', 'I_LIKE']) expect(names.has(n), n).toBe(false);
});

// Fail closed on names: a call compiles only through a definition. Every name the library knows
// must therefore compile with one of its forms: none may be taken for an unknown function.
test('every name the function table knows compiles, and an unknown name is refused', async () => {
  const compile = await compilerOfT();
  const registry = await import('@/lib/sql/functions');
  const unknownError = (sql: string): string | null => {
    try {
      compile(sql);
      return null;
    } catch (e) {
      const m = (e as Error).message;
      return /Unknown function|Invalid number of arguments/.test(m) ? m : null;
    }
  };
  const forms = ['()', '(A)', '(A, B)', '(A, B, C)', "('day', A, B)", '(A, B, C, 1)', '(A AS INT)', '() OVER (ORDER BY A)', '(A) OVER (ORDER BY A)', '(A, B) WITHIN GROUP (ORDER BY A)'];
  const refused: string[] = [];
  for (const f of registry.builtinFunctions()) {
    if (!forms.some((form) => unknownError(`SELECT ${f.name}${form} FROM T`) === null)) refused.push(f.name);
  }
  expect(refused).toEqual([]);
  expect(unknownError('SELECT NO_SUCH_FN(A) FROM T')).toBe('SQL compilation error:\nUnknown function NO_SUCH_FN');
  expect(unknownError("SELECT PRINTF('%d', A) FROM T")).toBe('SQL compilation error:\nUnknown function PRINTF');
}, 120_000);
