/**
 * Statements parsed from tokens, tried before the SQL parser. Add a command by adding its module
 * to this list (one file per command family).
 */
import type { SplitStatement } from '../lexer';
import { agentCommands } from './agents';
import { alterTableCommand, commentCommand } from './alter-table';
import { describeTableCommand } from './describe';
import { dropSchemaCommand } from './drop-schema';
import { alterSessionCommand } from './alter-session';
import { showCommand } from './show';
import { showFunctionsCommand, showProceduresCommand } from './show-functions';
import { showKeysCommand } from './show-keys';
import type { Command } from './types';
import { showPatsCommand } from './pats';
import { ROLE_COMMANDS } from './roles';
import { GRANT_COMMANDS } from './grants';
import { alterAccountCommand } from './account';
import { useCommand } from './use';
import { unsetCommand } from './unset';
import { USER_COMMANDS } from './users';
import { WAREHOUSE_COMMANDS } from './warehouses';
import { INTEGRATION_COMMANDS } from './integrations';
import { SEQUENCE_COMMANDS } from './sequences';
import { explainCommand } from './explain';

export const COMMANDS: Command[] = [
  useCommand,
  unsetCommand,
  ...SEQUENCE_COMMANDS,
  dropSchemaCommand,
  alterSessionCommand,
  ...agentCommands,
  ...USER_COMMANDS,
  showPatsCommand,
  ...ROLE_COMMANDS,
  ...WAREHOUSE_COMMANDS,
  ...INTEGRATION_COMMANDS,
  ...GRANT_COMMANDS,
  alterAccountCommand,
  // Before SHOW: SHOW TERSE PRIMARY KEYS is a key listing.
  showKeysCommand,
  showCommand,
  showFunctionsCommand,
  showProceduresCommand,
  describeTableCommand,
  alterTableCommand,
  commentCommand,
  explainCommand,
];

/** Leading keywords of a statement: words upper-cased, other tokens as written. */
export function leadingWords(stmt: SplitStatement, n = 4): string[] {
  return stmt.tokens.slice(0, n).map((t) => (t.kind === 'word' ? t.text.toUpperCase() : t.text));
}

export function findCommand(stmt: SplitStatement): Command | undefined {
  const words = leadingWords(stmt);
  return COMMANDS.find((c) => c.matches(words));
}

export type { Command, CommandContext } from './types';
