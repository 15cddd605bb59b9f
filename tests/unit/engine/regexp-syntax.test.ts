// Snowflake (POSIX-flavoured) regular expressions translated for JS RegExp.
import { describe, expect, test } from 'vitest';
import { compileRegex, matchesFrom, parseParameters, posixToJs } from '@/lib/engine/worker/functions/regexp-syntax';

describe('posixToJs', () => {
  test.each([
    ['[[:digit:]]+', '[0-9]+'],
    ['[^[:space:]]', '[^\\s]'],
    ['[[:alpha:]_][[:alnum:]_]*', '[a-zA-Z_][a-zA-Z0-9_]*'],
    ['[]a]', '[\\]a]'],
    ['[^]a]', '[^\\]a]'],
    ['\\[[:digit:]\\]', '\\[[:digit:]\\]'],
    ['a[[]b', 'a[\\[]b'],
    // Unicode-mode JS: POSIX escapes of plain punctuation mean the character; unbound braces are literal.
    ['[+\\-]\\d{4}', '[+\\-]\\d{4}'],
    ['a\\-b\\"c\\:', 'a-b"c:'],
    ['[\\w:\\"]', '[\\w:"]'],
    ['a{', 'a\\{'],
    ['a{2,}b{1,3}}', 'a{2,}b{1,3}\\}'],
    ['x]', 'x\\]'],
  ])('%s → %s', (posix, js) => expect(posixToJs(posix)).toBe(js));
});

describe('parseParameters', () => {
  test('later letters win; e and s are kept', () => {
    expect(parseParameters('ic', 'F')).toEqual({ flags: '', extract: false });
    expect(parseParameters('ci', 'F')).toEqual({ flags: 'i', extract: false });
    expect(parseParameters('mse', 'F')).toEqual({ flags: 'ms', extract: true });
    expect(parseParameters(null, 'F')).toEqual({ flags: '', extract: false });
  });
  test('an unknown letter is an error with Snowflake code', () => {
    expect(() => parseParameters('x', 'REGEXP_LIKE')).toThrow(/FLOE\|100048\|/);
  });
});

describe('compileRegex', () => {
  test('whole-subject matching ignores multi-line anchors', () => {
    const re = compileRegex('a.*', 'm', true);
    expect(re.test('abc')).toBe(true);
    re.lastIndex = 0;
    expect(re.test('abc\nx')).toBe(false);
  });
  test('empty matches advance one character at a time', () => {
    const re = compileRegex('x*', '', false);
    expect([...matchesFrom(re, 'ab', 0)].map((m) => m.index)).toEqual([0, 1, 2]);
  });
  test('a search starts at its position as if the subject began there', () => {
    const re = compileRegex('\\b\\S*o\\S*\\b', '', false);
    const [m] = matchesFrom(re, 'Hellooo World', 2);
    expect([m.index, m[0], m.indices![0]]).toEqual([2, 'llooo', [2, 7]]);
    expect([...matchesFrom(compileRegex('^.', '', false), 'abc', 1)].map((x) => x[0])).toEqual(['b']);
  });
  test('an empty pattern finds nothing; RLIKE reads it as ^$', () => {
    expect([...matchesFrom(compileRegex('', '', false), 'abc', 0)]).toEqual([]);
    expect(compileRegex('', '', true).test('')).toBe(true);
  });
  test('. is one Unicode character', () => {
    expect([...matchesFrom(compileRegex('.', '', false), 'a😀', 0)].map((m) => m[0])).toEqual(['a', '😀']);
    expect([...matchesFrom(compileRegex('x*', '', false), '😀', 0)].map((m) => m.index)).toEqual([0, 2]);
  });
  test('an invalid pattern is Snowflake error 100048', () => {
    expect(() => compileRegex('(', '', false)).toThrow(/FLOE\|100048\|/);
  });
});
