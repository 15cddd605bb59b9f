import type { CorpusCase } from './types';

const T = ['CREATE TABLE T (A INT, S VARCHAR)', "INSERT INTO T VALUES (1, 'x')"];

const syntax = (line: number, pos: number, token: string) =>
  ({ error: '001003', sqlState: '42000', message: `SQL compilation error:\nsyntax error line ${line} at position ${pos} unexpected '${token}'.` });

export const errors: CorpusCase[] = [
  { name: 'syntax error', sql: 'SELEC 1', expect: { error: '001003', sqlState: '42000', message: "SQL compilation error:\nsyntax error line 1 at position 0 unexpected 'SELEC'." } },
  { name: 'syntax error message shape', sql: 'SELECT FROM WHERE', expect: { error: '001003', sqlState: '42000' } },
  { name: 'unterminated string', sql: "SELECT 'abc", expect: { error: '001003', sqlState: '42000', message: "SQL compilation error:\nsyntax error line 1 at position 11 unexpected '<EOF>'." } },
  { name: 'invalid identifier', setup: T, sql: 'SELECT NOPE FROM T', expect: { error: '000904', sqlState: '42000', message: "SQL compilation error: error line 1 at position 7\ninvalid identifier 'NOPE'" } },
  { name: 'invalid qualified identifier', setup: T, sql: 'SELECT T.NOPE FROM T', expect: { error: '000904', sqlState: '42000', message: "SQL compilation error: error line 1 at position 7\ninvalid identifier 'T.NOPE'" } },
  { name: 'invalid identifier in WHERE', setup: T, sql: 'SELECT A FROM T WHERE NOPE = 1', expect: { error: '000904', sqlState: '42000' } },
  { name: 'invalid identifier in UPDATE', setup: T, sql: 'UPDATE T SET NOPE = 1', expect: { error: '000904', sqlState: '42000' } },
  { name: 'invalid identifier in INSERT column list', setup: T, sql: 'INSERT INTO T (NOPE) VALUES (1)', expect: { error: '000904', sqlState: '42000' } },
  { name: 'missing table', sql: 'SELECT * FROM NOPE', expect: { error: '002003', sqlState: '42S02' } },
  { name: 'missing table in INSERT', sql: 'INSERT INTO NOPE VALUES (1)', expect: { error: '002003', sqlState: '42S02' } },
  { name: 'missing table in DELETE', sql: 'DELETE FROM NOPE', expect: { error: '002003', sqlState: '42S02' } },
  { name: 'missing table in UPDATE', sql: 'UPDATE NOPE SET A = 1', expect: { error: '002003', sqlState: '42S02' } },
  { name: 'missing table in TRUNCATE', sql: 'TRUNCATE TABLE NOPE', expect: { error: '002003', sqlState: '42S02' } },
  { name: 'missing table message', sql: 'DROP TABLE NOPE', expect: { error: '002003', message: "SQL compilation error:\nTable 'NOPE' does not exist or not authorized." } },
  { name: 'already exists', setup: T, sql: 'CREATE TABLE T (A INT)', expect: { error: '002002', sqlState: '42710' } },
  { name: 'unknown function', sql: 'SELECT NO_SUCH_FN(1)', expect: { error: '002139', sqlState: '42601', message: 'SQL compilation error:\nUnknown function NO_SUCH_FN' } },
  // A table function Floe does not have is Snowflake's unknown UDTF, not a syntax error at the start.
  { name: 'unknown table function', sql: "SELECT * FROM TABLE(NO_SUCH_FN('a'))", expect: { error: '002143', sqlState: '42601', message: 'SQL compilation error:\nUnknown user-defined table function NO_SUCH_FN' } },
  { name: 'unknown lateral table function', setup: T, sql: 'SELECT * FROM T, LATERAL no_such_fn(T.S) f', expect: { error: '002143', sqlState: '42601', message: 'SQL compilation error:\nUnknown user-defined table function NO_SUCH_FN' } },
  { name: 'unknown qualified table function', sql: 'SELECT * FROM TABLE(db1.s1.no_such_fn())', expect: { error: '002143', message: 'SQL compilation error:\nUnknown user-defined table function DB1.S1.NO_SUCH_FN' } },
  { name: 'numeric value not recognised in a cast', sql: "SELECT 'abc'::INT", expect: { error: '100038', sqlState: '22018', message: "Numeric value 'abc' is not recognized" } },
  { name: 'numeric value not recognised in TO_NUMBER', sql: "SELECT TO_NUMBER('x1')", expect: { error: '100038', sqlState: '22018' } },
  { name: 'division by zero', sql: 'SELECT 1 / 0', expect: { error: '100051', sqlState: '22012', message: 'Division by zero' } },
  { name: 'division by zero over a column', setup: [...T], sql: 'SELECT A / (A - 1) FROM T', expect: { error: '100051', sqlState: '22012' } },
  { name: 'NULL into NOT NULL column', setup: ['CREATE TABLE N (A INT NOT NULL)'], sql: 'INSERT INTO N VALUES (NULL)', expect: { error: '100072', sqlState: '22000', message: "NULL result in a non-nullable column 'A'" } },
  { name: 'ambiguous column', setup: ['CREATE TABLE X (A INT)', 'CREATE TABLE Y (A INT)'], sql: 'SELECT A FROM X, Y', expect: { error: '000904', sqlState: '42000' } },
  { name: 'wrong number of INSERT values', setup: T, sql: 'INSERT INTO T VALUES (1, 2, 3)', expect: { error: '002020', sqlState: '21S01' } },
  { name: 'UNION with different column counts', sql: 'SELECT 1 UNION SELECT 1, 2', expect: { error: '001789', sqlState: '42601' } },
  { name: 'no SQLite text leaks for a misuse of an aggregate', setup: T, sql: 'SELECT A FROM T WHERE COUNT(*) > 1', expect: { error: '002035', sqlState: '42601' } },
  { name: 'bad DATE literal', sql: "SELECT 'nope'::DATE", expect: { error: '100040', sqlState: '22007' } },
  { name: 'invalid identifier on a later line', setup: T, sql: 'SELECT A,\n   NOPE\nFROM T', expect: { error: '000904', message: "SQL compilation error: error line 2 at position 3\ninvalid identifier 'NOPE'" } },
  { name: 'invalid quoted lower-case identifier', setup: T, sql: 'SELECT "a" FROM T', expect: { error: '000904', message: 'SQL compilation error: error line 1 at position 7\ninvalid identifier \'"a"\'' } },
  { name: 'invalid identifier in WHERE has its position', setup: T, sql: 'SELECT A FROM T WHERE NOPE = 1', expect: { error: '000904', message: "SQL compilation error: error line 1 at position 22\ninvalid identifier 'NOPE'" } },
  { name: 'invalid identifier in UPDATE SET has its position', setup: T, sql: 'UPDATE T SET NOPE = 1', expect: { error: '000904', message: "SQL compilation error: error line 1 at position 13\ninvalid identifier 'NOPE'" } },
  // Syntax errors name the offending token as written, or <EOF>, at its line and 0-based position.
  { name: 'syntax error at a misspelt keyword', setup: T, sql: 'SELECT * FORM T', expect: syntax(1, 9, 'FORM') },
  { name: 'syntax error after an alias', setup: T, sql: 'SELECT A FORM T', expect: syntax(1, 14, 'T') },
  { name: 'syntax error at two literals in a row', sql: 'SELECT 1 1', expect: syntax(1, 9, '1') },
  { name: 'syntax error at a stray parenthesis', sql: 'SELECT 1)', expect: syntax(1, 8, ')') },
  { name: 'syntax error at the end of an expression', sql: 'SELECT 1 +', expect: syntax(1, 10, '<EOF>') },
  { name: 'syntax error at an unclosed parenthesis', sql: 'SELECT (1', expect: syntax(1, 9, '<EOF>') },
  { name: 'syntax error at the end of a later line', sql: 'SELECT *\nFROM', expect: syntax(2, 4, '<EOF>') },
  { name: 'syntax error on a later line', setup: T, sql: 'SELECT A\nFROM T\nWHERE A = = 2', expect: syntax(3, 10, '=') },
  { name: 'syntax error for an unterminated comment', sql: 'SELECT 1 /* never closed', expect: syntax(1, 24, '<EOF>') },
  { name: 'syntax error for an unterminated quoted identifier', sql: 'SELECT "abc', expect: syntax(1, 11, '<EOF>') },
  { name: 'syntax error at an extra parenthesis after TABLE(…)', sql: "SELECT * FROM TABLE(SPLIT_TO_TABLE('a', ',') )) x", expect: syntax(1, 46, ')') },
  { name: 'syntax error at an unclosed TABLE(…)', sql: "SELECT *\nFROM TABLE(SPLIT_TO_TABLE('a', ',')", expect: syntax(2, 35, '<EOF>') },
  { name: 'syntax error for MERGE without a WHEN clause', setup: [...T, 'CREATE TABLE T2 (A INT)'], sql: 'MERGE INTO T USING T2 ON T.A = T2.A', expect: syntax(1, 35, '<EOF>') },
  { name: 'syntax error for a word that starts no statement', sql: 'PRAGMA table_info(T)', expect: syntax(1, 0, 'PRAGMA') },
  { name: 'syntax error after BEGIN', sql: 'BEGIN NOPE', expect: syntax(1, 6, 'NOPE') },
  { name: 'syntax error at a backquoted name', setup: T, sql: 'SELECT `A` FROM T', expect: syntax(1, 7, '`') },
  { name: 'syntax error in SET without a name', sql: 'SET = 1', expect: syntax(1, 4, '=') },
  // Commands read by Floe's own reader point where they end too early, not at position 0.
  { name: 'syntax error at the end of USE DATABASE', sql: 'USE DATABASE', expect: syntax(1, 12, '<EOF>') },
  { name: 'syntax error at the end of SHOW … LIKE', sql: 'SHOW TABLES LIKE', expect: syntax(1, 16, '<EOF>') },
  { name: 'syntax error at the end of SHOW … IN on a later line', sql: 'SHOW TABLES\n  IN', expect: syntax(2, 4, '<EOF>') },
  { name: 'syntax error at an empty column list', sql: 'CREATE TABLE Z ()', expect: syntax(1, 16, ')') },
  // A list cannot end in a comma (Snowflake's SELECT grammar: items separated by commas).
  { name: 'syntax error at a FROM list ending in a comma', setup: T, sql: 'SELECT * FROM T,', expect: syntax(1, 16, '<EOF>') },
  { name: 'syntax error at a select list ending in a comma', setup: T, sql: 'SELECT A, FROM T', expect: syntax(1, 10, 'FROM') },
  { name: 'an unknown function (product spec: 002139 Unknown function)', sql: "SELECT PRINTF('%d', 1)", expect: { error: '002139', sqlState: '42601', message: 'SQL compilation error:\nUnknown function PRINTF' } },
  // The engine's own functions are not Snowflake's.
  { name: 'SQLite functions are unknown functions', sql: 'SELECT sqlite_version()', expect: { error: '002139', sqlState: '42601', message: 'SQL compilation error:\nUnknown function SQLITE_VERSION' } },
  { name: "Floe's engine helpers are unknown functions", sql: "SELECT FLOE_NUMERIC('1')", expect: { error: '002139', sqlState: '42601', message: 'SQL compilation error:\nUnknown function FLOE_NUMERIC' } },
  { name: 'JOIN USING a column one side lacks', setup: [...T, 'CREATE TABLE T2 (B INT)'], sql: 'SELECT * FROM T JOIN T2 USING (A)', expect: { error: '000904', sqlState: '42000' } },
];
