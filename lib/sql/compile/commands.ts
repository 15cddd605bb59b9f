/**
 * Statements parsed from tokens because the SQL parser does not know them (or knows them
 * imperfectly): USE, DROP SCHEMA, CALL. A tiny recursive-descent reader over lexer tokens.
 */
import { sqlErrors } from '../errors';
import type { Token } from '../lexer';

export class TokenReader {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  get done(): boolean { return this.i >= this.tokens.length; }
  peek(): Token | undefined { return this.tokens[this.i]; }

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

  fail(): never {
    const t = this.tokens[this.i];
    throw sqlErrors.syntax(t ? t.text : '<EOF>', t?.line ?? 1, t?.col ?? 0);
  }
}

export type UseCommand = { kind: 'database' | 'schema' | 'warehouse' | 'role'; parts: string[] };

export function parseUse(tokens: Token[]): UseCommand {
  const r = new TokenReader(tokens);
  r.expect('USE');
  let kind: UseCommand['kind'] = 'database';
  let explicit = true;
  if (r.accept('DATABASE')) kind = 'database';
  else if (r.accept('SCHEMA')) kind = 'schema';
  else if (r.accept('WAREHOUSE')) kind = 'warehouse';
  else if (r.accept('ROLE')) kind = 'role';
  else explicit = false;
  const parts = r.name(kind === 'schema' || !explicit ? 2 : 1);
  r.end();
  if (!explicit && parts.length === 2) kind = 'schema';
  return { kind, parts };
}

export function parseDropSchema(tokens: Token[]): { parts: string[]; ifExists: boolean } {
  const r = new TokenReader(tokens);
  r.expect('DROP', 'SCHEMA');
  const ifExists = r.accept('IF', 'EXISTS');
  const parts = r.name(2);
  r.accept('CASCADE') || r.accept('RESTRICT');
  r.end();
  return { parts, ifExists };
}
