/**
 * A statement failure as Snowflake reports it: a 6-digit code, an SQLSTATE and a message.
 * Everything that can fail while compiling or running a statement throws one of these, so the
 * lifecycle never has to guess how to report an error.
 */
import { ROW_VALUE_MISUSED } from '@/lib/engine/engine-errors';

export class SqlError extends Error {
  constructor(
    readonly code: string,
    readonly sqlState: string,
    message: string,
  ) {
    super(message);
    this.name = 'SqlError';
  }
}

const at = (line = 1, pos = 0) => `error line ${line} at position ${pos}`;

export const sqlErrors = {
  syntax: (near: string, line = 1, pos = 0) =>
    new SqlError('001003', '42000', `SQL compilation error:\nsyntax error line ${line} at position ${pos} unexpected '${near}'.`),
  invalidIdentifier: (name: string, line = 1, pos = 0) =>
    new SqlError('000904', '42000', `SQL compilation error: ${at(line, pos)}\ninvalid identifier '${name}'`),
  /** A call of a name no built-in has (Snowflake answers 002140, as for other compilation errors). */
  unknownFunction: (name: string) =>
    new SqlError('002139', '42601', `SQL compilation error:\nUnknown function ${name}`),
  /** A built-in called with a number of arguments none of its forms takes. */
  argumentCount: (name: string) =>
    new SqlError('002140', '42601', `SQL compilation error:\nInvalid number of arguments for function [${name}].`),
  /** An operator or function given argument types it has no form for (the types as Snowflake lists them; null: NULL). */
  invalidArgumentTypes: (name: string, argTypes: ({ text: string } | null)[]) =>
    new SqlError('001044', '42P13', `SQL compilation error: error line 1 at position 7\nInvalid argument types for function '${name}': (${argTypes.map((t) => t?.text ?? 'NULL').join(', ')})`),
  /** TABLE(f(…)) or LATERAL f(…) naming no table function Floe has. */
  unknownTableFunction: (name: string) =>
    new SqlError('002143', '42601', `SQL compilation error:\nUnknown user-defined table function ${name}`),
  objectMissing: (kind: string, name: string) =>
    new SqlError('002003', '42S02', `SQL compilation error:\n${kind} '${name}' does not exist or not authorized.`),
  alreadyExists: (kind: string, name: string) =>
    new SqlError('002002', '42710', `SQL compilation error:\nObject '${name}' already exists.`),
  /** `op`: the statement's operation as Snowflake names it (SELECT, INSERT, CREATE TABLE, …). */
  noCurrentDatabase: (op = 'CREATE TABLE') =>
    new SqlError('090105', '22000', `Cannot perform ${op}. This session does not have a current database. Call 'USE DATABASE', or use a qualified name.`),
  noCurrentSchema: (op = 'CREATE TABLE') =>
    new SqlError('090106', '22000', `Cannot perform ${op}. This session does not have a current schema. Call 'USE SCHEMA', or use a qualified name.`),
  roleNotGranted: (role: string) =>
    new SqlError('003013', '42501', `SQL compilation error:\nRequested role '${role}' is not assigned to the executing user. Specify another role to activate.`),
  insufficientPrivileges: (what: string) => new SqlError('003001', '42501', `SQL access control error:\nInsufficient privileges to ${what}`),
  /** DROP / REPLACE / changing the fixed settings of a built-in integration (FLOE_CONSOLE), or reading its secrets. */
  builtInIntegration: (name: string, what: string) =>
    new SqlError('003001', '42501', `SQL access control error:\nInsufficient privileges to ${what} integration '${name}': it is built in (the Floe console signs in through it). Only ENABLED and COMMENT can be changed.`),
  divisionByZero: () => new SqlError('100051', '22012', 'Division by zero'),
  /** A view whose definition reads the view itself, directly or through other views. */
  recursiveView: (name: string) => new SqlError('002140', '42601', `SQL compilation error:\nView '${name}' cannot be defined in terms of itself.`),
  /** INSERT / UPDATE / DELETE / MERGE / TRUNCATE naming a view. */
  viewNotWritable: () => new SqlError('002023', '42601', 'SQL compilation error:\nInvalid target for DML: a view cannot be modified'),
  /** A parenthesised list of values where one value is wanted (SQLite's "row value misused", sqlite-errors.ts). */
  rowValue: () => new SqlError('002140', '42601', `SQL compilation error:\n${ROW_VALUE_MISUSED}`),
  unsupported: (what: string) => new SqlError('002140', '42601', `SQL compilation error:\nUnsupported feature '${what}'.`),
  invalidValue: (detail: string) => new SqlError('002262', '22023', `SQL compilation error:\n${detail}`),
  cancelled: () => new SqlError('000604', '57014', 'SQL execution canceled'),
  timedOut: (seconds: number) =>
    new SqlError('000630', '57014', `Statement reached its statement or warehouse timeout of ${seconds} second(s) and was canceled.`),
  /** A statement that needs compute without a usable current warehouse (none, dropped, or suspended with AUTO_RESUME = FALSE). */
  noActiveWarehouse: () =>
    new SqlError('000606', '57P03', "No active warehouse selected in the current session.  Select an active warehouse with the 'use warehouse' command."),
  /** Compiling took longer than FLOE_COMPILE_TIMEOUT_S (a compile worker was stopped). */
  compileTimedOut: (seconds: number) =>
    new SqlError('000630', '57014', `Statement reached its compilation time limit of ${seconds} second(s) (FLOE_COMPILE_TIMEOUT_S) and was canceled.`),
  /** The parser's nesting guard: a chain of hundreds of UNION ALL branches, deeply nested expressions. */
  tooComplex: (limit: number) =>
    new SqlError('001003', '42000', `SQL compilation error:\nStatement too complex: it nests deeper than the parser's limit of ${limit} levels (for example a chain of hundreds of UNION ALL branches, or deeply nested parentheses). Split it into smaller statements.`),
  internal: (message: string) => new SqlError('000603', 'XX000', `SQL execution internal error: ${message}`),
  /** A placeholder (`?`, or `:n` as written) without a binding, at its line and position. */
  bindMissing: (written: string, line = 1, pos = 0) =>
    new SqlError('002049', '42601', `SQL compilation error: ${at(line, pos)}\nBind variable ${written} not set.`),
  /** A statement the SQL API runs only in a request of several statements (BEGIN, USE). */
  multiStatementOnly: (type: string) =>
    new SqlError('000002', '0A000', `Unsupported statement type '${type}'. The SQL API runs it only in a request of several statements: set MULTI_STATEMENT_COUNT (0 for any number).`),
  statementCount: (actual: number, desired: number) =>
    new SqlError('000008', '0A000', `Actual statement count ${actual} did not match the desired statement count ${desired}.`),
};
