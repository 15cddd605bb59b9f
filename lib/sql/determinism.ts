/**
 * Whether a statement always answers the same for the same data: the result cache
 * (lib/statements/result-cache.ts) reuses only such results; the compile workers mark each split
 * statement with it.
 */
import type { SplitStatement } from './lexer';

/** Function names whose value changes from run to run (or depends on the session's history). */
const VOLATILE = new Set([
  'GETDATE', 'SYSDATE', 'SYSTIMESTAMP', 'LOCALTIME', 'LOCALTIMESTAMP', 'NOW', 'UNIX_TIMESTAMP',
  'RANDOM', 'RAND', 'RANDSTR', 'UNIFORM', 'NORMAL', 'ZIPF', 'UUID_STRING', 'SEQ1', 'SEQ2', 'SEQ4', 'SEQ8',
  'LAST_QUERY_ID', 'RESULT_SCAN', 'QUERY_HISTORY', 'QUERY_HISTORY_BY_USER', 'QUERY_HISTORY_BY_SESSION',
  'INFORMATION_SCHEMA', 'ACCOUNT_USAGE', 'GETVARIABLE',
  // SHOW / DESCRIBE SEQUENCE read next values that every use of the sequence changes.
  'SEQUENCES', 'SEQUENCE',
]);

/** Whether a statement's words name nothing that varies between runs. */
export function isDeterministic(stmt: SplitStatement): boolean {
  if (stmt.summary) return stmt.summary.deterministic;
  return !stmt.tokens.some((t) => {
    if (t.kind !== 'word') return false;
    const w = t.text.toUpperCase();
    return VOLATILE.has(w) || w.startsWith('CURRENT_') || w.startsWith('SYSTEM$');
  });
}
