import type { Catalog } from '@/lib/catalog/catalog';
import type { SplitStatement } from '../lexer';
import type { Session } from '../session';
import type { Compiled } from '../compile/types';
import type { CompileServices } from '../compile/virtual-tables';
import type { SqlDialect } from '../dialect';

export interface CommandContext {
  catalog: Catalog;
  session: Session;
  statementId: string;
  services: CompileServices;
  /** The engine's dialect (storage types of ALTER TABLE ADD COLUMN, statistics queries). */
  dialect: SqlDialect;
  /** Compiles a statement a command wraps (EXPLAIN's query) as a statement of its own. */
  compileInner(stmt: SplitStatement): Compiled;
}

/**
 * A statement Floe parses from tokens. `matches` looks at the leading keywords (upper-cased
 * words, punctuation as written); the first command that matches compiles the statement.
 */
export interface Command {
  name: string;
  matches(words: string[]): boolean;
  compile(stmt: SplitStatement, ctx: CommandContext): Compiled;
}
