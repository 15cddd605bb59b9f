/**
 * Statements Floe does not run (file transfer, stages, pipelines, procedural objects, …),
 * recognised by their leading words and named as Snowflake's statement types name them, so that
 * they fail with 000002 instead of being half-parsed, misread or silently accepted.
 */
import { SqlError } from './errors';

/** Verbs that are never supported, whatever follows. */
const VERBS: Record<string, string> = {
  PUT: 'PUT_FILES', GET: 'GET_FILES', REMOVE: 'REMOVE_FILES', RM: 'REMOVE_FILES', LIST: 'LIST_FILES', LS: 'LIST_FILES',
  EXPLAIN: 'EXPLAIN', UNDROP: 'UNDROP', DECLARE: 'DECLARE',
};

/** Object kinds Floe has none of (several words where Snowflake's kind has several). */
const KINDS: string[][] = [
  ['STAGE'], ['PIPE'], ['STREAM'], ['TASK'], ['FUNCTION'], ['PROCEDURE'], ['SHARE'], ['ALERT'], ['TAG'],
  ['SECRET'], ['INTEGRATION'], ['NOTEBOOK'], ['STREAMLIT'],
  ['FILE', 'FORMAT'], ['MATERIALIZED', 'VIEW'], ['EXTERNAL', 'TABLE'], ['DYNAMIC', 'TABLE'], ['HYBRID', 'TABLE'],
  ['ICEBERG', 'TABLE'], ['EVENT', 'TABLE'], ['EXTERNAL', 'FUNCTION'], ['MASKING', 'POLICY'], ['ROW', 'ACCESS', 'POLICY'],
  ['NETWORK', 'POLICY'], ['NETWORK', 'RULE'], ['PASSWORD', 'POLICY'], ['SESSION', 'POLICY'], ['RESOURCE', 'MONITOR'],
  ['STORAGE', 'INTEGRATION'], ['NOTIFICATION', 'INTEGRATION'], ['API', 'INTEGRATION'], ['SECURITY', 'INTEGRATION'],
  ['EXTERNAL', 'ACCESS', 'INTEGRATION'],
];

/** Words between CREATE and the kind: `CREATE OR REPLACE SECURE MATERIALIZED VIEW`. */
const MODIFIERS = new Set(['OR', 'REPLACE', 'TEMPORARY', 'TEMP', 'TRANSIENT', 'VOLATILE', 'LOCAL', 'GLOBAL', 'SECURE', 'RECURSIVE']);

const OBJECT_VERBS = new Set(['CREATE', 'ALTER', 'DROP', 'DESCRIBE', 'DESC']);

function kindAt(words: string[], from: number): string[] | undefined {
  return KINDS.filter((k) => k.every((w, i) => words[from + i] === w)).sort((a, b) => b.length - a.length)[0];
}

/** Snowflake's statement type for an unsupported statement, or null when Floe may run it. */
export function unsupportedType(words: string[]): string | null {
  const [verb, next] = words;
  if (verb === undefined) return null;
  if (VERBS[verb]) return VERBS[verb];
  // COPY INTO <table> loads; COPY INTO @stage unloads.
  if (verb === 'COPY') return words[2]?.startsWith('@') ? 'UNLOAD' : 'COPY';
  if (verb === 'EXECUTE') return next === 'TASK' || next === 'IMMEDIATE' ? `EXECUTE_${next}` : null;
  if (!OBJECT_VERBS.has(verb)) return null;
  let i = 1;
  if (verb === 'CREATE') while (words[i] !== undefined && MODIFIERS.has(words[i])) i++;
  const kind = kindAt(words, i);
  return kind ? `${verb === 'DESC' ? 'DESCRIBE' : verb}_${kind.join('_')}` : null;
}

export function unsupportedStatement(type: string): SqlError {
  return new SqlError('000002', '0A000', `Unsupported statement type '${type}'.`);
}
