/**
 * Statements parsed from tokens, tried before the SQL parser. Add a command by adding its module
 * to this list (one file per command family).
 */
import type { SplitStatement } from '../lexer';
import { dropSchemaCommand } from './drop-schema';
import type { Command } from './types';
import { showPatsCommand } from './pats';
import { ROLE_COMMANDS } from './roles';
import { useCommand } from './use';
import { USER_COMMANDS } from './users';

export const COMMANDS: Command[] = [useCommand, dropSchemaCommand, ...USER_COMMANDS, showPatsCommand, ...ROLE_COMMANDS];

/** Leading keywords of a statement: words upper-cased, other tokens as written. */
export function leadingWords(stmt: SplitStatement, n = 4): string[] {
  return stmt.tokens.slice(0, n).map((t) => (t.kind === 'word' ? t.text.toUpperCase() : t.text));
}

export function findCommand(stmt: SplitStatement): Command | undefined {
  const words = leadingWords(stmt);
  return COMMANDS.find((c) => c.matches(words));
}

export type { Command, CommandContext } from './types';
