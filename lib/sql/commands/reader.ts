/**
 * A small recursive-descent reader over lexer tokens, for the statements the SQL parser does not
 * know (or knows imperfectly): USE, SHOW, DESCRIBE, agents, users, grants…
 */
import { sqlErrors } from '../errors';
import { syntaxErrorAt } from '../error-position';
import type { Token } from '../lexer';

export class TokenReader {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  get done(): boolean { return this.i >= this.tokens.length; }
  peek(): Token | undefined { return this.tokens[this.i]; }
  /** The token read last (the last part of a name just read, with its quoting). */
  previous(): Token | undefined { return this.tokens[this.i - 1]; }

  /** Consumes the keyword (case-insensitive) when it is next. */
  accept(...words: string[]): boolean {
    const save = this.i;
    for (const w of words) {
      const t = this.tokens[this.i];
      if (!t || t.kind !== 'word' || t.text.toUpperCase() !== w) { this.i = save; return false; }
      this.i++;
    }
    return true;
  }

  expect(...words: string[]): void {
    if (!this.accept(...words)) this.fail();
  }

  /** An identifier: unquoted → upper-case, quoted → as written. */
  ident(): string {
    const t = this.tokens[this.i];
    if (!t || (t.kind !== 'word' && t.kind !== 'quoted')) this.fail();
    this.i++;
    return t.kind === 'quoted' ? t.text : t.text.toUpperCase();
  }

  /** A dotted name of one to `max` parts. */
  name(max = 3): string[] {
    const parts = [this.ident()];
    while (parts.length < max && this.tokens[this.i]?.text === '.') {
      this.i++;
      parts.push(this.ident());
    }
    return parts;
  }

  end(): void {
    if (!this.done) this.fail();
  }

  /** A syntax error at the next token, or after the last one ('<EOF>'), placed within the statement. */
  fail(): never {
    const first = this.tokens[0];
    if (!first) throw sqlErrors.syntax('<EOF>');
    throw syntaxErrorAt({ tokens: this.tokens, line: first.line, col: first.col }, this.tokens[this.i]);
  }

  /** A string literal ('…' or $$…$$). */
  string(): string {
    const t = this.tokens[this.i];
    if (!t || t.kind !== 'string') this.fail();
    this.i++;
    return t.text;
  }

  /** Consumes the punctuation when it is next. */
  acceptPunct(p: string): boolean {
    if (this.tokens[this.i]?.kind === 'punct' && this.tokens[this.i].text === p) { this.i++; return true; }
    return false;
  }

  /** An unsigned integer literal. */
  integer(): number {
    const t = this.tokens[this.i];
    if (!t || t.kind !== 'number' || !/^\d+$/.test(t.text)) this.fail();
    this.i++;
    return Number(t.text);
  }

  /** A property value: a string, a number, TRUE/FALSE or another word (upper-cased), a "quoted" name. */
  value(): string {
    const t = this.tokens[this.i];
    if (!t) this.fail();
    if (t.kind === 'string' || t.kind === 'number') { this.i++; return t.text; }
    return this.ident();
  }

  /** `NAME = value` pairs until the end of the statement (or a word in `stop`). */
  properties(stop: string[] = []): Map<string, string> {
    const out = new Map<string, string>();
    while (!this.done && !stop.some((w) => this.at(w))) {
      const name = this.ident().toUpperCase();
      if (!this.acceptPunct('=')) this.fail();
      out.set(name, this.value());
    }
    return out;
  }

  /** `CREATE [OR REPLACE] <kind> [IF NOT EXISTS]`: the modifiers a CREATE command starts with. */
  createHeader(kind: string): { orReplace: boolean; ifNotExists: boolean } {
    this.expect('CREATE');
    const orReplace = this.accept('OR', 'REPLACE');
    this.expect(kind);
    return { orReplace, ifNotExists: this.accept('IF', 'NOT', 'EXISTS') };
  }

  /**
   * The tokens of an expression: everything up to a `,` or `)` outside parentheses, one of the
   * `stop` words outside parentheses, or the end. Fails when there is none.
   */
  expression(stop: string[]): Token[] {
    const out: Token[] = [];
    let depth = 0;
    for (let t = this.tokens[this.i]; t; t = this.tokens[this.i]) {
      if (depth === 0 && ((t.kind === 'punct' && (t.text === ',' || t.text === ')')) || (t.kind === 'word' && stop.includes(t.text.toUpperCase())))) break;
      if (t.kind === 'punct' && t.text === '(') depth++;
      if (t.kind === 'punct' && t.text === ')') depth--;
      out.push(t);
      this.i++;
    }
    if (out.length === 0) this.fail();
    return out;
  }

  /** The upper-cased word `offset` tokens ahead ('' when that token is not a word). */
  wordAt(offset: number): string {
    const t = this.tokens[this.i + offset];
    return t?.kind === 'word' ? t.text.toUpperCase() : '';
  }

  /** The next token is the keyword (without consuming it). */
  at(word: string): boolean {
    const t = this.tokens[this.i];
    return !!t && t.kind === 'word' && t.text.toUpperCase() === word;
  }
}

/** Leading words of `CREATE [OR REPLACE] <kind>` (a command's `matches`). */
export const createMatches = (kind: string) => (w: string[]): boolean =>
  w[0] === 'CREATE' && (w[1] === kind || (w[1] === 'OR' && w[3] === kind));
