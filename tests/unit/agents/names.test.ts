import { describe, expect, test } from 'vitest';
import { identifierProblem, parseIdentifier } from '@/lib/agents/names';

describe('agent names as Snowflake identifiers', () => {
  test('unquoted: [A-Za-z_][A-Za-z0-9_$]*, upper-cased', () => {
    expect(parseIdentifier('my_agent$2')).toBe('MY_AGENT$2');
    expect(parseIdentifier('  _x ')).toBe('_X');
    for (const bad of ['', '1a', 'a-b', 'a b', '$a', 'é', 'a"b']) expect(parseIdentifier(bad), bad).toBeNull();
  });

  test('quoted: any characters, "" for a quote, case kept', () => {
    expect(parseIdentifier('"my agent"')).toBe('my agent');
    expect(parseIdentifier('"say ""hi"""')).toBe('say "hi"');
    for (const bad of ['""', '"a"b"', '"a']) expect(parseIdentifier(bad), bad).toBeNull();
  });

  test('at most 255 characters, counted as characters', () => {
    expect(parseIdentifier('A'.repeat(255))).toBe('A'.repeat(255));
    expect(parseIdentifier('A'.repeat(256))).toBeNull();
    expect(parseIdentifier(`"${'😀'.repeat(255)}"`)).toBe('😀'.repeat(255));
    expect(identifierProblem('x'.repeat(256), true)).toBe('it is longer than 255 characters');
  });
});
