// JSON strings as the variant parser reads them: runs of plain text are copied whole (a string
// built a character at a time cost ~20× its length, issue 16), escapes and quotes as before.
import { describe, expect, it } from 'vitest';
import { ValueConversionError, parseVariant, readVariant, stringifyVariant } from '../../../lib/values';

describe('variant strings', () => {
  it('escapes between and around plain runs', () => {
    expect(parseVariant(String.raw`"a\"b\\c\/d\n\t\r\b\f\u00e9z"`)).toBe('a"b\\c/d\n\t\r\b\féz');
    expect(parseVariant(String.raw`"\\"`)).toBe('\\');
    expect(parseVariant('""')).toBe('');
    expect(parseVariant(String.raw`"\u0041\u0042"`)).toBe('AB');
  });

  it("single-quoted strings and a quote of the other kind inside", () => {
    expect(parseVariant(`{'k': 'it"s', "q": "it's"}`)).toEqual(new Map([['k', 'it"s'], ['q', "it's"]]));
  });

  it('unterminated strings and bad escapes fail', () => {
    for (const bad of ['"abc', `'abc`, '"ab\\', String.raw`"\u12"`, '["a", "b']) expect(() => parseVariant(bad), bad).toThrow(ValueConversionError);
  });

  it('long strings in a large array round-trip', () => {
    const values = Array.from({ length: 20_000 }, (_, i) => `${'x'.repeat(90)}"${i}\\\n`);
    const text = stringifyVariant(values);
    expect(readVariant(text)).toEqual(values);
  });
});
