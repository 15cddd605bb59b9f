/**
 * Statements Floe does not run (file transfer, stages, pipelines, procedural objects, …),
 * recognised by their leading words and named as Snowflake's statement types name them, so that
 * they fail with 000002 instead of being half-parsed, misread or silently accepted.
 */
import { SqlError } from './errors';

/** Verbs that are never supported, whatever follows. */
const VERBS: Record<string, string> = {
  PUT: 'PUT_FILES', GET: 'GET_FILES', REMOVE: 'REMOVE_FILES', RM: 'REMOVE_FILES', LIST: 'LIST_FILES', LS: 'LIST_FILES',
  UNDROP: 'UNDROP', DECLARE: 'DECLARE',
};

/** Object kinds Floe has none of (several words where Snowflake's kind has several). */
const KINDS: string[][] = [
  ['STAGE'], ['PIPE'], ['STREAM'], ['TASK'], ['FUNCTION'], ['PROCEDURE'], ['SHARE'], ['ALERT'], ['TAG'],
  ['SECRET'], ['NOTEBOOK'], ['STREAMLIT'],
  ['FILE', 'FORMAT'], ['MATERIALIZED', 'VIEW'], ['EXTERNAL', 'TABLE'], ['DYNAMIC', 'TABLE'], ['HYBRID', 'TABLE'],
  ['ICEBERG', 'TABLE'], ['EVENT', 'TABLE'], ['EXTERNAL', 'FUNCTION'], ['MASKING', 'POLICY'], ['ROW', 'ACCESS', 'POLICY'],
  ['NETWORK', 'POLICY'], ['NETWORK', 'RULE'], ['PASSWORD', 'POLICY'], ['SESSION', 'POLICY'], ['RESOURCE', 'MONITOR'],
  ['STORAGE', 'INTEGRATION'], ['NOTIFICATION', 'INTEGRATION'], ['API', 'INTEGRATION'],
  ['EXTERNAL', 'ACCESS', 'INTEGRATION'],
];

/**
 * Further kinds of several words (named whole by unsupportedObjectType). Security integrations
 * are commands (lib/sql/commands/integrations.ts), so they are only named here, after those.
 */
const LONGER_KINDS: string[][] = [
  ['INTEGRATION'], ['SECURITY', 'INTEGRATION'],
  ['DATABASE', 'ROLE'], ['APPLICATION', 'ROLE'], ['APPLICATION', 'PACKAGE'], ['COMPUTE', 'POOL'], ['CORTEX', 'SEARCH', 'SERVICE'], ['SEMANTIC', 'VIEW'],
  ['GIT', 'REPOSITORY'], ['IMAGE', 'REPOSITORY'], ['AUTHENTICATION', 'POLICY'], ['CATALOG', 'INTEGRATION'], ['EXTERNAL', 'VOLUME'], ['PACKAGES', 'POLICY'],
  ['AGGREGATION', 'POLICY'], ['PROJECTION', 'POLICY'], ['JOIN', 'POLICY'], ['FEATURE', 'POLICY'], ['SNAPSHOT', 'POLICY'], ['MODEL', 'MONITOR'],
];

/** What CREATE / ALTER / DROP / DESCRIBE may name once the commands are tried: the kinds the SQL parser's statements create and drop. */
const PARSED_KINDS = new Set(['CREATE DATABASE', 'CREATE SCHEMA', 'CREATE TABLE', 'CREATE VIEW', 'DROP DATABASE', 'DROP TABLE', 'DROP VIEW']);

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

/**
 * After the commands had their turn: the statement type of a CREATE / ALTER / DROP / DESCRIBE
 * of any other kind of object (`CREATE OR REPLACE COMPUTE POOL` is CREATE_COMPUTE_POOL), or null.
 */
export function unsupportedObjectType(words: string[]): string | null {
  const [verb] = words;
  if (!OBJECT_VERBS.has(verb)) return null;
  let i = 1;
  while (words[i] !== undefined && (MODIFIERS.has(words[i]) || ['IF', 'NOT', 'EXISTS'].includes(words[i]) || (words[i] === 'ALTER' && words[i - 1] === 'OR'))) i++;
  if (words[i] === undefined || !/^[A-Z_]+$/.test(words[i])) return null;
  const kind = [...KINDS, ...LONGER_KINDS].filter((k) => k.every((w, n) => words[i + n] === w)).sort((a, b) => b.length - a.length)[0] ?? [words[i]];
  const name = verb === 'DESC' ? 'DESCRIBE' : verb;
  return PARSED_KINDS.has(`${name} ${kind.join(' ')}`) ? null : `${name}_${kind.join('_')}`;
}

export function unsupportedStatement(type: string): SqlError {
  return new SqlError('000002', '0A000', `Unsupported statement type '${type}'.`);
}
