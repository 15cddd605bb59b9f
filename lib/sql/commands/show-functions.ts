/**
 * SHOW FUNCTIONS, SHOW USER FUNCTIONS and SHOW PROCEDURES with Snowflake's output columns. Floe has
 * built-in functions only (no CREATE FUNCTION or CREATE PROCEDURE), so SHOW USER FUNCTIONS and
 * SHOW PROCEDURES list none.
 */
import { builtinFunctions, type Signature } from '../functions';
import { column, type Compiled } from '../compile/types';
import { types } from '../types';
import { TokenReader } from './reader';
import { applyNameFilters, readShowClauses } from './show-filters';
import type { Command } from './types';

export const SHOW_FUNCTIONS_COLUMNS = ['created_on', 'name', 'schema_name', 'is_builtin', 'is_aggregate', 'is_ansi', 'min_num_arguments', 'max_num_arguments', 'arguments',
  'description', 'catalog_name', 'is_table_function', 'valid_for_clustering', 'is_secure', 'secrets', 'external_access_integrations', 'is_external_function', 'language',
  'is_memoizable', 'is_data_metric'];

const columns = SHOW_FUNCTIONS_COLUMNS.map((n) =>
  column(n, n === 'created_on' ? types.timestampLtz(3) : n.endsWith('_num_arguments') ? types.number(38, 0) : types.varchar()));

const FLAGS: Record<string, string> = { is_builtin: 'Y', is_ansi: 'N', is_table_function: 'N', valid_for_clustering: 'N', is_external_function: 'N', is_memoizable: 'N', is_data_metric: 'N' };

/** Snowflake's arguments column: `IFF(BOOLEAN, ANY, ANY) RETURN ANY`, optional ones in brackets. */
function argumentsText(name: string, sig: Signature): string {
  const optional = (sig.optional ?? []).map((a) => ` [, ${a}]`).join('');
  const more = sig.variadic ? ` [, ${sig.args[sig.args.length - 1]} ...]` : '';
  return `${name}(${sig.args.join(', ')}${optional}${more}) RETURN ${sig.returns}`;
}

export const showFunctionsCommand: Command = {
  name: 'SHOW FUNCTIONS',
  matches: (w) => w[0] === 'SHOW' && (w[1] === 'FUNCTIONS' || (w[1] === 'USER' && w[2] === 'FUNCTIONS')),
  compile(stmt): Compiled {
    const r = new TokenReader(stmt.tokens);
    r.expect('SHOW');
    const user = r.accept('USER');
    r.expect('FUNCTIONS');
    const clauses = readShowClauses(r);
    const list = user ? [] : applyNameFilters(builtinFunctions(), (f) => f.name, clauses);
    return {
      kind: 'rows',
      columns,
      // Built-ins have no schema, catalog or creation time of their own; arguments and their
      // counts come from the definition's signature where it has one.
      rows: list.map((f) => SHOW_FUNCTIONS_COLUMNS.map((n) => {
        const sig = f.signature;
        if (n === 'name') return f.name;
        if (n === 'is_aggregate') return f.aggregate ? 'Y' : 'N';
        if (n === 'min_num_arguments') return sig ? sig.args.length : null;
        if (n === 'max_num_arguments') return sig && !sig.variadic ? sig.args.length + (sig.optional?.length ?? 0) : null;
        if (n === 'arguments') return sig ? argumentsText(f.name, sig) : '';
        if (n === 'schema_name' || n === 'catalog_name' || n === 'description' || n === 'secrets' || n === 'external_access_integrations') return '';
        if (n === 'language') return 'SQL';
        return FLAGS[n] ?? null;
      })),
    };
  },
};

/** SHOW PROCEDURES' columns are SHOW FUNCTIONS' first sixteen (Snowflake's SHOW PROCEDURES page). */
export const SHOW_PROCEDURES_COLUMNS = SHOW_FUNCTIONS_COLUMNS.slice(0, SHOW_FUNCTIONS_COLUMNS.indexOf('external_access_integrations') + 1);

export const showProceduresCommand: Command = {
  name: 'SHOW PROCEDURES',
  matches: (w) => w[0] === 'SHOW' && (w[1] === 'PROCEDURES' || (w[1] === 'USER' && w[2] === 'PROCEDURES')),
  compile(stmt): Compiled {
    const r = new TokenReader(stmt.tokens);
    r.expect('SHOW');
    r.accept('USER');
    r.expect('PROCEDURES');
    readShowClauses(r);
    return { kind: 'rows', columns: columns.slice(0, SHOW_PROCEDURES_COLUMNS.length), rows: [] };
  },
};
