/**
 * Statement text as it may be kept: the values of secret-bearing properties (passwords, keys,
 * client secrets, cloud credentials) replaced by '****', as Snowflake masks them in its query
 * history. Uses the one lexer, so a secret inside any string form ('…', $$…$$) is found and
 * nothing else is touched. Text that does not lex (an unterminated string) is cut after the
 * first secret property word, so an unfinished secret is not kept either.
 */
import { tokenize } from './lexer';

/** Properties whose value is a secret (CREATE/ALTER USER, integrations, stages, secrets). */
const SECRET_PROPERTIES = new Set([
  'PASSWORD', 'OAUTH_CLIENT_SECRET', 'CLIENT_SECRET', 'SECRET_STRING', 'PRIVATE_KEY', 'PRIVATE_KEY_PASSPHRASE',
  'AWS_SECRET_KEY', 'AWS_TOKEN', 'AWS_KEY_ID', 'AZURE_SAS_TOKEN', 'MASTER_KEY', 'TOKEN', 'API_KEY', 'OAUTH_REFRESH_TOKEN',
  'OAUTH_ACCESS_TOKEN', 'MFA_TOKEN',
]);

export const REDACTED = "'****'";

export function redactSecrets(sql: string): string {
  if (!/PASSWORD|SECRET|KEY|TOKEN/i.test(sql)) return sql;
  let tokens;
  try {
    tokens = tokenize(sql);
  } catch {
    const m = /\b(PASSWORD|[A-Z_]*SECRET[A-Z_]*|[A-Z_]*KEY[A-Z_]*|[A-Z_]*TOKEN)\b/i.exec(sql);
    return m ? `${sql.slice(0, m.index + m[0].length)} ${REDACTED}` : sql;
  }
  const cuts: { start: number; end: number }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== 'word' || !SECRET_PROPERTIES.has(t.text.toUpperCase())) continue;
    let j = i + 1;
    if (tokens[j]?.kind === 'punct' && tokens[j].text === '=') j++;
    const value = tokens[j];
    if (value && (value.kind === 'string' || value.kind === 'quoted')) cuts.push({ start: value.start, end: value.end });
  }
  if (cuts.length === 0) return sql;
  let out = '';
  let at = 0;
  for (const c of cuts) {
    out += sql.slice(at, c.start) + REDACTED;
    at = c.end;
  }
  return out + sql.slice(at);
}
