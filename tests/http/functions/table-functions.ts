import type { ColumnType, FunctionCase } from './types';

// SPLIT_TO_TABLE and STRTOK_SPLIT_TO_TABLE (https://docs.snowflake.com/en/sql-reference/functions/split_to_table,
// …/functions/strtok_split_to_table): the documented examples, every FROM spelling FLATTEN has, NULL
// and empty inputs, and the error for a table function Floe does not have.

const NUMBER: ColumnType = { type: 'fixed', precision: 38, scale: 0 };
const SPLIT_TYPES: ColumnType[] = [NUMBER, NUMBER, { type: 'text', length: 16777216 }];
const SPLIT_NAMES = ['SEQ', 'INDEX', 'VALUE'];

const SPLITTABLE = ['CREATE TABLE splittable (v VARCHAR)', "INSERT INTO splittable (v) VALUES ('a.b.c'), ('d'), ('')"];
const SPLITTABLE_STRTOK = ['CREATE TABLE splittable_strtok (v VARCHAR)', "INSERT INTO splittable_strtok (v) VALUES ('a b'), ('cde'), ('f|g'), ('')"];
const AUTHORS = [
  'CREATE TABLE authors_books_test (author VARCHAR, titles VARCHAR)',
  `INSERT INTO authors_books_test (author, titles) VALUES
    ('Nathaniel Hawthorne', 'The Scarlet Letter , The House of the Seven Gables,The Blithedale Romance'),
    ('Herman Melville', 'Moby Dick,The Confidence-Man')`,
];
const AUTHORS_2 = [
  'CREATE TABLE authors_books_test2 (author VARCHAR, titles VARCHAR)',
  `INSERT INTO authors_books_test2 (author, titles) VALUES
    ('Nathaniel Hawthorne', 'The Scarlet Letter ; The House of the Seven Gables;The Blithedale Romance'),
    ('Herman Melville', 'Moby Dick,The Confidence-Man')`,
];
const TITLES = [
  ['Herman Melville', 'Moby Dick'], ['Herman Melville', 'The Confidence-Man'],
  ['Nathaniel Hawthorne', 'The Scarlet Letter'], ['Nathaniel Hawthorne', 'The House of the Seven Gables'], ['Nathaniel Hawthorne', 'The Blithedale Romance'],
];
// A NULL row and an empty one besides lists, with an id to order by.
const T = ['CREATE TABLE t (id INT, s VARCHAR)', "INSERT INTO t VALUES (1, 'x,y'), (2, NULL), (3, ''), (4, 'z')"];

export const tableFunctions: FunctionCase[] = [
  // SPLIT_TO_TABLE: the documented examples.
  {
    sql: "SELECT table1.value FROM TABLE(SPLIT_TO_TABLE('a.b', '.')) AS table1 ORDER BY table1.value",
    rows: [['a'], ['b']], names: ['VALUE'],
  },
  {
    name: 'SPLIT_TO_TABLE: LATERAL over a table (documented splittable example)', setup: SPLITTABLE,
    sql: "SELECT * FROM splittable, LATERAL SPLIT_TO_TABLE(splittable.v, '.') ORDER BY SEQ, INDEX",
    rows: [['a.b.c', '1', '1', 'a'], ['a.b.c', '1', '2', 'b'], ['a.b.c', '1', '3', 'c'], ['d', '2', '1', 'd'], ['', '3', '1', '']],
    names: ['V', ...SPLIT_NAMES], types: [{ type: 'text', length: 16777216 }, ...SPLIT_TYPES],
  },
  {
    name: 'SPLIT_TO_TABLE: TRIM of the unqualified VALUE (documented authors example)', setup: AUTHORS,
    sql: "SELECT author, TRIM(value) AS title FROM authors_books_test, LATERAL SPLIT_TO_TABLE(titles, ',') ORDER BY author, index",
    rows: TITLES, names: ['AUTHOR', 'TITLE'],
  },
  // Every FROM spelling, with and without an alias.
  {
    sql: "SELECT * FROM TABLE(SPLIT_TO_TABLE('a,b', ','))",
    rows: [['1', '1', 'a'], ['1', '2', 'b']], names: SPLIT_NAMES, types: SPLIT_TYPES,
  },
  {
    sql: "SELECT x.value, x.index FROM TABLE(SPLIT_TO_TABLE('a,b', ',')) AS x ORDER BY x.index DESC",
    rows: [['b', '2'], ['a', '1']], names: ['VALUE', 'INDEX'],
  },
  {
    sql: "SELECT x.* FROM TABLE(SPLIT_TO_TABLE('a,b', ',')) x",
    rows: [['1', '1', 'a'], ['1', '2', 'b']], names: SPLIT_NAMES, types: SPLIT_TYPES,
  },
  {
    name: 'SPLIT_TO_TABLE: LATERAL with an alias, NULL input has no rows, SEQ per input row', setup: T,
    sql: "SELECT t.id, p.seq, p.index, p.value FROM t, LATERAL SPLIT_TO_TABLE(t.s, ',') p ORDER BY t.id, p.index",
    rows: [['1', '1', '1', 'x'], ['1', '1', '2', 'y'], ['3', '3', '1', ''], ['4', '4', '1', 'z']],
    names: ['ID', ...SPLIT_NAMES], types: [NUMBER, ...SPLIT_TYPES],
  },
  {
    name: 'SPLIT_TO_TABLE: TABLE(…) joined to a table, with AS', setup: T,
    sql: "SELECT t.id, x.value FROM t, TABLE(SPLIT_TO_TABLE(t.s, ',')) AS x ORDER BY t.id, x.index",
    rows: [['1', 'x'], ['1', 'y'], ['3', ''], ['4', 'z']],
  },
  {
    name: 'SPLIT_TO_TABLE: TABLE(…) joined to a table, unaliased', setup: T,
    sql: "SELECT * FROM t, TABLE(SPLIT_TO_TABLE(t.s, ',')) WHERE t.id < 3 ORDER BY t.id, index",
    rows: [['1', 'x,y', '1', '1', 'x'], ['1', 'x,y', '1', '2', 'y']],
    names: ['ID', 'S', ...SPLIT_NAMES],
  },
  {
    name: 'SPLIT_TO_TABLE: x.* beside a table column', setup: T,
    sql: "SELECT t.id, x.* FROM t, LATERAL SPLIT_TO_TABLE(t.s, ',') x ORDER BY t.id, x.index",
    rows: [['1', '1', '1', 'x'], ['1', '1', '2', 'y'], ['3', '3', '1', ''], ['4', '4', '1', 'z']],
    names: ['ID', ...SPLIT_NAMES], types: [NUMBER, ...SPLIT_TYPES],
  },
  {
    name: 'SPLIT_TO_TABLE: JOIN TABLE(…) ON a condition', setup: T,
    sql: "SELECT t.id, x.value FROM t JOIN TABLE(SPLIT_TO_TABLE(t.s, ',')) x ON x.value <> 'y' ORDER BY t.id, x.index",
    rows: [['1', 'x'], ['3', ''], ['4', 'z']],
  },
  {
    name: 'SPLIT_TO_TABLE: column aliases name its columns',
    sql: "SELECT * FROM TABLE(SPLIT_TO_TABLE('a,b', ',')) AS x (s, i, v) ORDER BY i DESC",
    rows: [['1', '2', 'b'], ['1', '1', 'a']], names: ['S', 'I', 'V'], types: SPLIT_TYPES,
  },
  {
    name: 'SPLIT_TO_TABLE: values grouped across input rows', setup: ["CREATE TABLE words (s VARCHAR)", "INSERT INTO words VALUES ('a b a'), ('b c'), ('a')"],
    sql: "SELECT value, COUNT(*) AS n FROM words, LATERAL SPLIT_TO_TABLE(words.s, ' ') GROUP BY value ORDER BY value",
    rows: [['a', '3'], ['b', '2'], ['c', '1']],
  },
  {
    name: 'SPLIT_TO_TABLE: in a CTE and a subquery',
    sql: "WITH w AS (SELECT value AS part FROM TABLE(SPLIT_TO_TABLE('x-y-z', '-'))) SELECT part FROM w WHERE part IN (SELECT value FROM TABLE(SPLIT_TO_TABLE('y,z', ','))) ORDER BY part",
    rows: [['y'], ['z']],
  },
  {
    name: 'SPLIT_TO_TABLE: unqualified VALUE on both sides of a UNION',
    sql: "SELECT value FROM TABLE(SPLIT_TO_TABLE('a,b', ',')) UNION ALL SELECT value FROM TABLE(STRTOK_SPLIT_TO_TABLE('c'))",
    rows: [['a'], ['b'], ['c']],
  },
  {
    name: 'FLATTEN: unqualified VALUE on both sides of a UNION',
    sql: 'SELECT value FROM TABLE(FLATTEN(input => ARRAY_CONSTRUCT(1))) UNION ALL SELECT value FROM TABLE(FLATTEN(input => ARRAY_CONSTRUCT(2)))',
    rows: [['1'], ['2']],
  },
  {
    name: 'SPLIT_TO_TABLE: an outer query over a subquery of its columns',
    sql: "SELECT value, index FROM (SELECT * FROM TABLE(SPLIT_TO_TABLE('p;q', ';'))) s ORDER BY index",
    rows: [['p', '1'], ['q', '2']], names: ['VALUE', 'INDEX'], types: [{ type: 'text', length: 16777216 }, NUMBER],
  },
  {
    name: 'SPLIT_TO_TABLE then FLATTEN of its values in one FROM',
    sql: "SELECT p.index, f.index, f.value::STRING FROM TABLE(SPLIT_TO_TABLE('a:b;c', ';')) p, LATERAL FLATTEN(input => SPLIT(p.value, ':')) f ORDER BY p.index, f.index",
    rows: [['1', '0', 'a'], ['1', '1', 'b'], ['2', '0', 'c']],
  },
  // Inputs: NULL, empty, no delimiter found, empty delimiter, multi-character delimiter.
  { sql: "SELECT * FROM TABLE(SPLIT_TO_TABLE(NULL, ','))", rows: [], names: SPLIT_NAMES },
  { sql: "SELECT * FROM TABLE(SPLIT_TO_TABLE('a,b', NULL))", rows: [] },
  { sql: "SELECT * FROM TABLE(SPLIT_TO_TABLE('', ','))", rows: [['1', '1', '']] },
  { sql: "SELECT * FROM TABLE(SPLIT_TO_TABLE('abc', ','))", rows: [['1', '1', 'abc']] },
  { sql: "SELECT * FROM TABLE(SPLIT_TO_TABLE('a,b', ''))", rows: [['1', '1', 'a,b']] },
  { sql: "SELECT value FROM TABLE(SPLIT_TO_TABLE('a::b:c', '::'))", rows: [['a'], ['b:c']] },
  { sql: "SELECT value FROM TABLE(SPLIT_TO_TABLE(',a,,b,', ','))", rows: [[''], ['a'], [''], ['b'], ['']] },
  { sql: "SELECT value FROM TABLE(SPLIT_TO_TABLE(12.50::NUMBER(10, 2), '.'))", rows: [['12'], ['50']] },
  { name: 'SPLIT_TO_TABLE needs a delimiter', sql: "SELECT * FROM TABLE(SPLIT_TO_TABLE('a'))", error: '000938' },

  // STRTOK_SPLIT_TO_TABLE: the documented examples.
  {
    sql: "SELECT table1.value FROM TABLE(STRTOK_SPLIT_TO_TABLE('a.b', '.')) AS table1 ORDER BY table1.value",
    rows: [['a'], ['b']], names: ['VALUE'],
  },
  {
    name: 'STRTOK_SPLIT_TO_TABLE: LATERAL over a table, the empty row has no tokens (documented example)', setup: SPLITTABLE_STRTOK,
    sql: "SELECT * FROM splittable_strtok, LATERAL STRTOK_SPLIT_TO_TABLE(splittable_strtok.v, ' ') ORDER BY SEQ, INDEX",
    rows: [['a b', '1', '1', 'a'], ['a b', '1', '2', 'b'], ['cde', '2', '1', 'cde'], ['f|g', '3', '1', 'f|g']],
    names: ['V', ...SPLIT_NAMES], types: [{ type: 'text', length: 16777216 }, ...SPLIT_TYPES],
  },
  {
    name: 'STRTOK_SPLIT_TO_TABLE: a set of delimiters (documented example)', setup: SPLITTABLE_STRTOK,
    sql: "SELECT * FROM splittable_strtok, LATERAL STRTOK_SPLIT_TO_TABLE(splittable_strtok.v, ' |') ORDER BY SEQ, INDEX",
    rows: [['a b', '1', '1', 'a'], ['a b', '1', '2', 'b'], ['cde', '2', '1', 'cde'], ['f|g', '3', '1', 'f'], ['f|g', '3', '2', 'g']],
  },
  {
    name: 'STRTOK_SPLIT_TO_TABLE: titles split on , or ; (documented authors example)', setup: AUTHORS_2,
    sql: "SELECT author, TRIM(value) AS title FROM authors_books_test2, LATERAL STRTOK_SPLIT_TO_TABLE(titles, ',;') ORDER BY author, index",
    rows: TITLES,
  },
  {
    sql: "SELECT * FROM TABLE(STRTOK_SPLIT_TO_TABLE('  a  b '))",
    rows: [['1', '1', 'a'], ['1', '2', 'b']], names: SPLIT_NAMES, types: SPLIT_TYPES,
  },
  {
    name: 'STRTOK_SPLIT_TO_TABLE: TABLE(…) joined to a table, with AS', setup: T,
    sql: "SELECT t.id, x.index, x.value FROM t, TABLE(STRTOK_SPLIT_TO_TABLE(t.s, ',')) AS x ORDER BY t.id, x.index",
    rows: [['1', '1', 'x'], ['1', '2', 'y'], ['4', '1', 'z']],
  },
  // Each delimiter character splits on its own and empty tokens are dropped, unlike SPLIT_TO_TABLE.
  { sql: "SELECT value FROM TABLE(STRTOK_SPLIT_TO_TABLE('a::b:c', '::'))", rows: [['a'], ['b'], ['c']] },
  { sql: "SELECT value FROM TABLE(STRTOK_SPLIT_TO_TABLE(',a,,b,', ','))", rows: [['a'], ['b']] },
  { sql: "SELECT * FROM TABLE(STRTOK_SPLIT_TO_TABLE(NULL))", rows: [] },
  { sql: "SELECT * FROM TABLE(STRTOK_SPLIT_TO_TABLE('a b', NULL))", rows: [] },
  { sql: "SELECT * FROM TABLE(STRTOK_SPLIT_TO_TABLE('', ','))", rows: [] },
  { sql: "SELECT * FROM TABLE(STRTOK_SPLIT_TO_TABLE(',,,', ','))", rows: [] },
  { sql: "SELECT * FROM TABLE(STRTOK_SPLIT_TO_TABLE('abc', ','))", rows: [['1', '1', 'abc']] },
  { sql: "SELECT * FROM TABLE(STRTOK_SPLIT_TO_TABLE('a b', ''))", rows: [['1', '1', 'a b']] },
  { name: 'STRTOK_SPLIT_TO_TABLE takes at most two arguments', sql: "SELECT * FROM TABLE(STRTOK_SPLIT_TO_TABLE('a', ',', 1))", error: '000939' },

  // A table function Floe does not have.
  { sql: "SELECT * FROM TABLE(NO_SUCH_TABLE_FN('a,b', ','))", error: '002143' },
  { sql: "SELECT * FROM TABLE(NO_SUCH_TABLE_FN('a,b', ',')) AS x", error: '002143' },
  { sql: 'SELECT * FROM t, LATERAL NO_SUCH_TABLE_FN(t.s) x', setup: T, error: '002143' },
  { sql: 'SELECT * FROM TABLE(some_db.some_schema.no_such_table_fn(1))', error: '002143' },
];
