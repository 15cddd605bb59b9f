/**
 * SQL LIKE patterns (% and _) as regular expressions. By default matched case-insensitively with
 * backslash escapes, as SHOW … LIKE and the agent list do; the LIKE operator passes its own
 * case rule and ESCAPE character.
 */
export function likeToRegExp(pattern: string, opts: { caseSensitive?: boolean; escape?: string } = {}): RegExp {
  const escape = opts.escape ?? '\\';
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (escape !== '' && c === escape && i + 1 < pattern.length) re += pattern[++i].replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    else if (c === '%') re += '[\\s\\S]*';
    else if (c === '_') re += '[\\s\\S]';
    else re += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${re}$`, opts.caseSensitive ? 'u' : 'iu');
}
