import type { FunctionCase } from './types';

// String and binary functions (https://docs.snowflake.com/en/sql-reference/functions-string):
// documented examples with the values Snowflake answers.
const LIKE_SETUP = [
  'CREATE TABLE LIKE_EX (NAME VARCHAR(20))',
  "INSERT INTO LIKE_EX VALUES ('John  Dddoe'), ('Joe   Doe'), ('John_down'), ('Joe down'), ('Elaine'), (''), (NULL)",
];
const LIKE_ANY_SETUP = [
  'CREATE TABLE LIKE_EXAMPLE (NAME VARCHAR(20))',
  "INSERT INTO LIKE_EXAMPLE VALUES ('John  Dddoe'), ('Joe   Doe'), ('John_down'), ('Joe down'), ('Tom   Doe'), ('Tim down'), (NULL)",
];
const CITIES_SETUP = ['CREATE TABLE CITIES (CITY VARCHAR(20))', "INSERT INTO CITIES VALUES ('Sacramento'), ('San Francisco'), ('San Jose'), (NULL)"];
const BEST = "'It was the best of times, it was the worst of times.'";

export const string: FunctionCase[] = [
  // CONCAT / || : NULL when any argument is NULL; the length is the sum of the lengths
  { sql: "SELECT CONCAT('George Washington ', 'Carver')", rows: [['George Washington Carver']], types: [{ type: 'text', length: 24, nullable: false }] },
  { sql: "SELECT CONCAT('a', 'b', 'c')", rows: [['abc']], types: [{ type: 'text', length: 3 }] },
  { sql: "SELECT CONCAT('a', NULL)", rows: [[null]], types: [{ type: 'text', nullable: true }] },
  {
    sql: "SELECT 'This ' || 'is ' || 'another ' || 'concatenation ' || 'technique.'",
    rows: [['This is another concatenation technique.']],
    types: [{ type: 'text', length: 40 }],
  },
  { sql: "SELECT 'a' || NULL", rows: [[null]] },
  // Non-text arguments concatenate as their text: NUMBER keeps its scale, BOOLEAN is true/false.
  { sql: "SELECT CONCAT('price: ', 1.50), 'n=' || 42, CONCAT('flag: ', TRUE)", rows: [['price: 1.50', 'n=42', 'flag: true']] },
  // Two numbers concatenate too (PostgreSQL has no || of numbers), and an operand that is an
  // expression stays one (SQLite's || binds tighter than +: this was '2y').
  { sql: "SELECT 1 || 2, CONCAT(1, 2, 3), CONCAT('x', 1 + 2, 'y'), CONCAT(1 + 2, 'y'), 'x' || (1 + 2) || 'y', CONCAT(-1.5, 2 * 3)", rows: [['12', '123', 'x3y', '3y', 'x3y', '-1.56']] },
  { sql: "SELECT CONCAT_WS(',', 'one', 'two', 'three')", rows: [['one,two,three']], types: [{ type: 'text', length: 13 }] },
  { sql: "SELECT CONCAT_WS(',', 'one', NULL, 'two')", rows: [[null]] },
  { sql: "SELECT CONCAT_WS(',', 'one')", rows: [['one']] },
  // SPLIT → ARRAY
  { sql: "SELECT SPLIT('127.0.0.1', '.')", types: [{ type: 'array' }] },
  { sql: "SELECT SPLIT('127.0.0.1', '.')::VARCHAR", rows: [['["127","0","0","1"]']] },
  { sql: "SELECT SPLIT('|a||', '|')::VARCHAR", rows: [['["","a","",""]']] },
  { sql: "SELECT SPLIT(NULL, ',')", rows: [[null]] },
  // SPLIT_PART: 0 means 1, negative parts count from the end, out of range is ''
  { sql: "SELECT SPLIT_PART('11.22.33', '.', 0)", rows: [['11']], types: [{ type: 'text' }] },
  { sql: "SELECT SPLIT_PART('11.22.33', '.', 1)", rows: [['11']] },
  { sql: "SELECT SPLIT_PART('11.22.33', '.', 2)", rows: [['22']] },
  { sql: "SELECT SPLIT_PART('11.22.33', '.', 3)", rows: [['33']] },
  { sql: "SELECT SPLIT_PART('11.22.33', '.', 4)", rows: [['']] },
  { sql: "SELECT SPLIT_PART('11.22.33', '.', -1)", rows: [['33']] },
  { sql: "SELECT SPLIT_PART('11.22.33', '.', -2)", rows: [['22']] },
  { sql: "SELECT SPLIT_PART('11.22.33', '.', -4)", rows: [['']] },
  { sql: "SELECT SPLIT_PART('127.0.0.1', '.', 1), SPLIT_PART('127.0.0.1', '.', -1)", rows: [['127', '1']] },
  { sql: "SELECT SPLIT_PART('|a|b|c|', '|', 1), SPLIT_PART('|a|b|c|', '|', 2)", rows: [['', 'a']] },
  { sql: "SELECT SPLIT_PART('aaa--bbb-BBB--ccc', '--', 2)", rows: [['bbb-BBB']] },
  { sql: "SELECT SPLIT_PART('user@snowflake.com', '', 1)", rows: [['user@snowflake.com']] },
  { sql: "SELECT SPLIT_PART(NULL, '.', 1)", rows: [[null]] },
  // STRTOK: a set of delimiter characters, never an empty token, NULL out of range
  { sql: "SELECT STRTOK('a.b.c', '.', 1)", rows: [['a']], types: [{ type: 'text' }] },
  { sql: "SELECT STRTOK('a.b.c')", rows: [['a.b.c']] },
  { sql: "SELECT STRTOK('a.b.c', '.', 2)", rows: [['b']] },
  { sql: "SELECT STRTOK('user@snowflake.com', '@.', 1)", rows: [['user']] },
  { sql: "SELECT STRTOK('user@snowflake.com', '@.', 2)", rows: [['snowflake']] },
  { sql: "SELECT STRTOK('user@snowflake.com', '@.', 3)", rows: [['com']] },
  { sql: "SELECT STRTOK('user@snowflake.com.', '@.', 4)", rows: [[null]] },
  { sql: "SELECT STRTOK('', '', 1)", rows: [[null]] },
  { sql: "SELECT STRTOK_TO_ARRAY('a.b.c', '.')::VARCHAR", rows: [['["a","b","c"]']] },
  { sql: "SELECT STRTOK_TO_ARRAY('user@snowflake.com', '.@')::VARCHAR", rows: [['["user","snowflake","com"]']] },
  { sql: "SELECT STRTOK_TO_ARRAY('a b  c')", types: [{ type: 'array' }] },
  // CONTAINS / STARTSWITH / ENDSWITH
  { sql: "SELECT CONTAINS('ice tea', 'te')", rows: [['true']], types: [{ type: 'boolean', nullable: false }] },
  { sql: "SELECT CONTAINS('coffee', 'te')", rows: [['false']] },
  { sql: "SELECT CONTAINS(NULL, 'te')", rows: [[null]], types: [{ type: 'boolean', nullable: true }] },
  { sql: "SELECT STARTSWITH('tea', 'te'), STARTSWITH('latte', 'te')", rows: [['true', 'false']], types: ['boolean', 'boolean'] },
  { sql: "SELECT ENDSWITH('latte', 'te'), ENDSWITH('tea', 'te')", rows: [['true', 'false']], types: ['boolean', 'boolean'] },
  // LIKE / ILIKE, with ESCAPE, ANY and ALL
  { sql: "SELECT 'abc' LIKE 'a%'", rows: [['true']], types: ['boolean'] },
  { sql: "SELECT 'abc' LIKE 'A%'", rows: [['false']] },
  { sql: "SELECT 'abc' ILIKE 'A%'", rows: [['true']], types: ['boolean'] },
  { sql: "SELECT 'abc' LIKE 'a_c', 'abbc' LIKE 'a_c'", rows: [['true', 'false']] },
  { sql: "SELECT NULL LIKE 'a%'", rows: [[null]] },
  { sql: "SELECT LIKE('abc', 'a%'), ILIKE('ABC', 'a%'), LIKE('a_c', 'a^_c', '^')", rows: [['true', 'true', 'true']], types: ['boolean', 'boolean', 'boolean'] },
  { sql: "SELECT 'a_c' LIKE 'a^_c' ESCAPE '^', 'abc' LIKE 'a^_c' ESCAPE '^'", rows: [['true', 'false']] },
  // No default escape character: a backslash in the pattern is an ordinary character.
  { sql: "SELECT 'a\\\\bc' LIKE 'a\\\\_c', 'a_c' LIKE 'a\\\\_c'", rows: [['true', 'false']] },
  { sql: "SELECT '100%' LIKE '%\\\\%' ESCAPE '\\\\', '100' LIKE '%\\\\%' ESCAPE '\\\\'", rows: [['true', 'false']] },
  // The wildcards match newlines.
  { sql: "SELECT 'a\\nb' LIKE 'a_b', 'a\\nb' LIKE 'a%'", rows: [['true', 'true']] },
  {
    name: 'LIKE over the documented table',
    setup: LIKE_SETUP,
    sql: "SELECT NAME FROM LIKE_EX WHERE NAME LIKE '%Jo%oe%' ORDER BY NAME",
    rows: [['Joe   Doe'], ['John  Dddoe']],
  },
  {
    name: 'NOT LIKE over the documented table',
    setup: LIKE_SETUP,
    sql: "SELECT NAME FROM LIKE_EX WHERE NAME NOT LIKE '%Jo%oe%' ORDER BY NAME",
    rows: [[''], ['Elaine'], ['Joe down'], ['John_down']],
  },
  {
    name: 'LIKE with an ESCAPE character',
    setup: LIKE_SETUP,
    sql: "SELECT NAME FROM LIKE_EX WHERE NAME LIKE '%J%h%^_do%' ESCAPE '^' ORDER BY NAME",
    rows: [['John_down']],
  },
  {
    name: 'ILIKE with an ESCAPE character',
    setup: LIKE_SETUP,
    sql: "SELECT NAME FROM LIKE_EX WHERE NAME ILIKE '%j%h%^_do%' ESCAPE '^' ORDER BY NAME",
    rows: [['John_down']],
  },
  {
    name: 'LIKE ANY',
    setup: LIKE_ANY_SETUP,
    sql: "SELECT NAME FROM LIKE_EXAMPLE WHERE NAME LIKE ANY ('%Jo%oe%', 'T%e') ORDER BY NAME",
    rows: [['Joe   Doe'], ['John  Dddoe'], ['Tom   Doe']],
  },
  {
    name: 'ILIKE ANY',
    setup: LIKE_ANY_SETUP,
    sql: "SELECT NAME FROM LIKE_EXAMPLE WHERE NAME ILIKE ANY ('%jo%oe%', 't%e') ORDER BY NAME",
    rows: [['Joe   Doe'], ['John  Dddoe'], ['Tom   Doe']],
  },
  {
    name: 'LIKE ALL',
    setup: LIKE_ANY_SETUP,
    sql: "SELECT NAME FROM LIKE_EXAMPLE WHERE NAME LIKE ALL ('%Jo%oe%', 'J%e') ORDER BY NAME",
    rows: [['Joe   Doe'], ['John  Dddoe']],
  },
  // RLIKE / REGEXP_LIKE: the whole subject must match
  { sql: "SELECT RLIKE('800-456-7891', '[2-9]\\\\d{2}-\\\\d{3}-\\\\d{4}')", rows: [['true']], types: [{ type: 'boolean', nullable: false }] },
  { sql: "SELECT 'San Jose' RLIKE 'San'", rows: [['false']] },
  { sql: "SELECT REGEXP_LIKE('San Jose', 'san.*', 'i')", rows: [['true']] },
  { sql: "SELECT 'San Francisco' REGEXP 'San* [fF].*'", rows: [['true']] },
  {
    name: 'REGEXP_LIKE is case-sensitive by default',
    setup: CITIES_SETUP,
    sql: "SELECT CITY FROM CITIES WHERE REGEXP_LIKE(CITY, 'san.*') ORDER BY CITY",
    rows: [],
  },
  {
    name: "REGEXP_LIKE with the 'i' parameter",
    setup: CITIES_SETUP,
    sql: "SELECT CITY FROM CITIES WHERE REGEXP_LIKE(CITY, 'san.*', 'i') ORDER BY CITY",
    rows: [['San Francisco'], ['San Jose']],
  },
  {
    name: 'RLIKE over the documented table',
    setup: CITIES_SETUP,
    sql: "SELECT CITY FROM CITIES WHERE RLIKE(CITY, 'San* [fF].*') ORDER BY CITY",
    rows: [['San Francisco']],
  },
  { sql: "SELECT REGEXP_LIKE('a\\nb', 'a.b'), REGEXP_LIKE('a\\nb', 'a.b', 's')", rows: [['false', 'true']] },
  { sql: "SELECT REGEXP_LIKE('abc', '[[:alpha:]]+'), REGEXP_LIKE('ab1', '[[:alpha:]]+')", rows: [['true', 'false']] },
  // REGEXP_SUBSTR
  { sql: `SELECT REGEXP_SUBSTR(${BEST}, 'the\\\\W+\\\\w+')`, rows: [['the best']], types: [{ type: 'text', nullable: true }] },
  { sql: `SELECT REGEXP_SUBSTR(${BEST}, 'the\\\\W+\\\\w+', 1, 2)`, rows: [['the worst']] },
  { sql: `SELECT REGEXP_SUBSTR(${BEST}, 'the\\\\W+(\\\\w+)', 1, 2, 'e', 1)`, rows: [['worst']] },
  { sql: "SELECT REGEXP_SUBSTR('In    the   string   the   extra   spaces  are   redundant.', 'the\\\\W+\\\\w+')", rows: [['the   string']] },
  { sql: "SELECT REGEXP_SUBSTR('A thespian theater is nearby.', 'the\\\\W+\\\\w+')", rows: [[null]] },
  { sql: "SELECT REGEXP_SUBSTR('abc', 'a(b)c', 1, 1, 'e')", rows: [['b']] },
  { sql: "SELECT REGEXP_SUBSTR('Customer 42 ordered', '[[:digit:]]+')", rows: [['42']] },
  { sql: `SELECT REGEXP_SUBSTR(${BEST}, 'THE\\\\W+\\\\w+', 1, 1, 'i')`, rows: [['the best']] },
  { sql: "SELECT REGEXP_SUBSTR(NULL, 'a')", rows: [[null]] },
  // REGEXP_SUBSTR_ALL → ARRAY
  { sql: "SELECT REGEXP_SUBSTR_ALL('a1_a2a3_a4A5a6', 'a[[:digit:]]')::VARCHAR", rows: [['["a1","a2","a3","a4","a6"]']] },
  { sql: "SELECT REGEXP_SUBSTR_ALL('a1_a2a3_a4A5a6', 'a[[:digit:]]', 1, 1, 'i')::VARCHAR", rows: [['["a1","a2","a3","a4","A5","a6"]']] },
  { sql: "SELECT REGEXP_SUBSTR_ALL('a1_a2a3_a4A5a6', '(a)([[:digit:]])', 1, 1, 'ie')::VARCHAR", rows: [['["a","a","a","a","A","a"]']] },
  { sql: "SELECT REGEXP_SUBSTR_ALL('a1_a2a3_a4A5a6', 'a[[:digit:]]', 2)::VARCHAR", rows: [['["a2","a3","a4","a6"]']] },
  { sql: "SELECT REGEXP_SUBSTR_ALL('abc', 'x')", rows: [['[]']], types: [{ type: 'array' }] },
  // REGEXP_REPLACE: occurrence 0 replaces every match; \\1 … \\9 name groups
  { sql: "SELECT REGEXP_REPLACE('Customers - (NY)', '\\\\(|\\\\)', '')", rows: [['Customers - NY']], types: ['text'] },
  { sql: `SELECT REGEXP_REPLACE('It was the best of times, it was the worst of times', '( ){1,}', '')`, rows: [['Itwasthebestoftimes,itwastheworstoftimes']] },
  {
    sql: "SELECT REGEXP_REPLACE('It was the best of times, it was the worst of times', 'times', 'days', 1, 2)",
    rows: [['It was the best of times, it was the worst of days']],
  },
  { sql: "SELECT REGEXP_REPLACE('firstname middlename lastname', '(.*) (.*) (.*)', '\\\\3, \\\\1 \\\\2')", rows: [['lastname, firstname middlename']] },
  { sql: "SELECT REGEXP_REPLACE('abcbd', 'b')", rows: [['acd']] },
  { sql: "SELECT REGEXP_REPLACE('TEST test Test', 'test', 'x', 1, 0, 'i')", rows: [['x x x']] },
  // REGEXP_COUNT
  { sql: "SELECT REGEXP_COUNT('It was the best of times, it was the worst of times', '\\\\bwas\\\\b', 1)", rows: [['2']], types: [{ type: 'fixed', scale: 0 }] },
  { sql: "SELECT REGEXP_COUNT('apple', 'a'), REGEXP_COUNT('banana', 'a'), REGEXP_COUNT('peach', 'a')", rows: [['1', '3', '1']] },
  { sql: "SELECT REGEXP_COUNT('qqqabcrtrababcbcd', 'abc')", rows: [['2']] },
  { sql: "SELECT REGEXP_COUNT('banana', 'A', 1, 'i')", rows: [['3']] },
  // REGEXP_INSTR: option 1 is the position after the match; 'e' reports the group
  { sql: `SELECT REGEXP_INSTR(${BEST}, '\\\\bwas\\\\b')`, rows: [['4']], types: [{ type: 'fixed', scale: 0 }] },
  { sql: `SELECT REGEXP_INSTR(${BEST}, '\\\\bwas\\\\b', 1, 2)`, rows: [['30']] },
  { sql: `SELECT REGEXP_INSTR(${BEST}, 'the\\\\W+\\\\w+', 1, 1, 1)`, rows: [['16']] },
  { sql: `SELECT REGEXP_INSTR(${BEST}, 'the\\\\W+(\\\\w+)', 1, 1, 0, 'e')`, rows: [['12']] },
  { sql: `SELECT REGEXP_INSTR(${BEST}, 'nothing')`, rows: [['0']] },
  { sql: "SELECT REGEXP_SUBSTR('a', '(')", error: '100048' },
  // LPAD / RPAD: truncate to the length, repeat the padding
  { sql: "SELECT LPAD('123.50', 19, '*')", rows: [['*************123.50']], types: ['text'] },
  { sql: "SELECT RPAD('123.50', 19, '*')", rows: [['123.50*************']] },
  { sql: "SELECT LPAD('abc', 10, '12345'), RPAD('abc', 10, '12345')", rows: [['1234512abc', 'abc1234512']] },
  { sql: "SELECT LPAD('abc', 2), RPAD('abc', 2)", rows: [['ab', 'ab']] },
  { sql: "SELECT LPAD('abc', 5), RPAD('abc', 5)", rows: [['  abc', 'abc  ']] },
  { sql: "SELECT LPAD('abc', 5, '')", rows: [['abc']] },
  { sql: "SELECT LPAD('abc', 'five')", error: '100038' },
  // INITCAP
  { sql: "SELECT INITCAP('hello world')", rows: [['Hello World']], types: ['text'] },
  { sql: "SELECT INITCAP('iqamaH')", rows: [['Iqamah']] },
  { sql: "SELECT INITCAP('hello-world, we.are(here)')", rows: [['Hello-World, We.Are(Here)']] },
  { sql: "SELECT INITCAP('HELLO WORLD', '')", rows: [['Hello world']] },
  { sql: "SELECT INITCAP('hello#world$here', '#')", rows: [['Hello#World$here']] },
  // UPPER / LOWER keep the length
  { sql: "SELECT UPPER('Hello')", rows: [['HELLO']], types: [{ type: 'text', length: 5, nullable: false }] },
  { sql: "SELECT LOWER('Hello')", rows: [['hello']], types: [{ type: 'text', length: 5 }] },
  { sql: "SELECT UPPER('àéîõü'), LOWER('ÀÉÎÕÜ')", rows: [['ÀÉÎÕÜ', 'àéîõü']] },
  { sql: 'SELECT UPPER(NULL)', rows: [[null]] },
  // TRIM / LTRIM / RTRIM with characters
  { sql: "SELECT TRIM('❄-❄ABC-❄-', '❄-')", rows: [['ABC']], types: ['text'] },
  { sql: "SELECT LTRIM('#000000123', '0#')", rows: [['123']] },
  { sql: "SELECT RTRIM('$125.00', '0.')", rows: [['$125']] },
  { sql: "SELECT '[' || TRIM('  x  ') || ']', '[' || LTRIM('  x  ') || ']', '[' || RTRIM('  x  ') || ']'", rows: [['[x]', '[x  ]', '[  x]']] },
  // LEFT / RIGHT / SUBSTR (1-based, negative start counts from the end)
  { sql: "SELECT LEFT('ABCDEF', 3), RIGHT('ABCDEF', 3)", rows: [['ABC', 'DEF']], types: ['text', 'text'] },
  // A value of another type is coerced to VARCHAR as a cast would be (https://docs.snowflake.com/en/sql-reference/data-type-conversion:
  // 17 || '76' is '1776'; BOOLEAN is 'true'/'false', a NUMBER keeps its scale, FLOAT's infinity is 'inf').
  { sql: "SELECT 17 || '76', UPPER(TRUE), LENGTH(1.50), REVERSE(12.30), CONCAT('inf'::FLOAT, '/', -0.5::FLOAT), INITCAP(FALSE)", rows: [['1776', 'TRUE', '4', '03.21', 'inf/-0.5', 'False']] },
  // Of a BINARY they count bytes and return BINARY (https://docs.snowflake.com/en/sql-reference/functions/left, …/right, …/reverse).
  { sql: "SELECT LEFT(X'414243444546', 3), RIGHT(X'414243444546', 3), REVERSE(X'414243'), RIGHT(X'4142', 0), LEFT(X'4142', -1)", rows: [['414243', '444546', '434241', '', '']], types: ['binary', 'binary', 'binary', 'binary', 'binary'] },
  { sql: "SELECT SUBSTR('testing 1 2 3', 9, 3)", rows: [['1 2']], types: ['text'] },
  { sql: "SELECT SUBSTR('abcdef', 3)", rows: [['cdef']] },
  { sql: "SELECT SUBSTR('abcdef', -3, 2)", rows: [['de']] },
  { sql: "SELECT SUBSTRING('abcdef', 2, 3)", rows: [['bcd']] },
  { sql: "SELECT SUBSTR('abcdef', 2, -1)", rows: [['']] },
  { sql: "SELECT SUBSTR('❄❄abc', 3, 2)", rows: [['ab']] },
  // CHARINDEX / POSITION
  { sql: "SELECT CHARINDEX('an', 'banana')", rows: [['2']], types: [{ type: 'fixed', scale: 0 }] },
  { sql: "SELECT CHARINDEX('an', 'banana', 3)", rows: [['4']] },
  { sql: "SELECT CHARINDEX('x', 'banana')", rows: [['0']] },
  { sql: "SELECT POSITION('an', 'banana', 1)", rows: [['2']] },
  { sql: "SELECT POSITION('nan' IN 'banana')", rows: [['3']], types: [{ type: 'fixed', scale: 0 }] },
  { sql: "SELECT POSITION('❄', 'ab❄c')", rows: [['3']] },
  // REPEAT / REVERSE / REPLACE / TRANSLATE
  { sql: "SELECT REPEAT('xy', 5)", rows: [['xyxyxyxyxy']], types: ['text'] },
  { sql: "SELECT REPEAT('xy', 0)", rows: [['']] },
  { sql: "SELECT REVERSE('Hello, world!')", rows: [['!dlrow ,olleH']], types: ['text'] },
  { sql: "SELECT REPLACE('down', 'down', 'up')", rows: [['up']], types: ['text'] },
  { sql: "SELECT REPLACE('Vacation in Athens', 'Athens', 'Rome')", rows: [['Vacation in Rome']] },
  { sql: "SELECT REPLACE('abcd', 'bc')", rows: [['ad']] },
  { sql: "SELECT TRANSLATE('abcdef', 'abc', 'ABC'), TRANSLATE('abba', 'abc', 'ABC')", rows: [['ABCdef', 'ABBA']], types: ['text', 'text'] },
  { sql: "SELECT TRANSLATE('file with spaces.txt', ' \t', '_'), TRANSLATE('\ttest', ' \t', '_')", rows: [['file_with_spaces.txt', 'test']] },
  { sql: "SELECT TRANSLATE('❄a❄bX❄dYZ❄', '❄XYZ', 'c')", rows: [['cacbcdc']] },
  // INSERT
  { sql: "SELECT INSERT('abc', 1, 2, 'Z')", rows: [['Zc']], types: ['text'] },
  { sql: "SELECT INSERT('abcdef', 3, 2, 'zzz')", rows: [['abzzzef']] },
  // LENGTH / LEN count characters
  { sql: "SELECT LENGTH('Joyeux Noël')", rows: [['11']], types: [{ type: 'fixed', scale: 0, nullable: false }] },
  { sql: "SELECT LEN('❄'), LENGTH('')", rows: [['1', '0']] },
  { sql: 'SELECT LENGTH(NULL)', rows: [[null]] },
  // ASCII / CHR
  { sql: "SELECT ASCII('!'), ASCII('A'), ASCII('a'), ASCII('bcd'), ASCII(''), ASCII(NULL)", rows: [['33', '65', '97', '98', '0', null]] },
  { sql: 'SELECT CHR(83), CHR(33), CHR(10052)', rows: [['S', '!', '❄']], types: ['text', 'text', 'text'] },
  { sql: 'SELECT CHAR(65)', rows: [['A']] },
  // Hashes
  { sql: "SELECT MD5('Snowflake')", rows: [['edf1439075a83a447fb8b630ddc9c8de']], types: [{ type: 'text', length: 32 }] },
  { sql: "SELECT MD5_HEX('Snowflake')", rows: [['edf1439075a83a447fb8b630ddc9c8de']] },
  { sql: "SELECT SHA1('Snowflake')", rows: [['fda76b0bcc1e87cf259b1d1e3271d76f590fb5dd']], types: [{ type: 'text', length: 40 }] },
  { sql: "SELECT SHA2('Snowflake', 224)", rows: [['6267d3d7a59929e6864dd4b737d98e3ef8569d9f88a7466647838532']], types: ['text'] },
  { sql: "SELECT SHA2('Snowflake')", rows: [['1dbd59f661d68b90724f21084396b865497173e4d2714f4d91cf05fa5fc5e18d']], types: ['text'] },
  { sql: 'SELECT MD5(NULL)', rows: [[null]] },
  // BASE64 / HEX
  { sql: "SELECT BASE64_ENCODE('Snowflake')", rows: [['U25vd2ZsYWtl']], types: ['text'] },
  { sql: "SELECT BASE64_DECODE_STRING('U25vd2ZsYWtl')", rows: [['Snowflake']] },
  {
    sql: "SELECT BASE64_ENCODE('Snowflake ❄❄❄ Snowman ☃☃☃', 32, '$')",
    rows: [['U25vd2ZsYWtlIOKdhOKdhOKdhCBTbm93\nbWFuIOKYg$KYg$KYgw==']],
  },
  { sql: "SELECT BASE64_DECODE_STRING('U25vd2ZsYWtlIOKdhOKdhOKdhCBTbm93bWFuIOKYg$KYg$KYgw==', '$')", rows: [['Snowflake ❄❄❄ Snowman ☃☃☃']] },
  { sql: "SELECT HEX_ENCODE('Snowflake')", rows: [['536E6F77666C616B65']], types: ['text'] },
  { sql: "SELECT HEX_ENCODE('Snowflake', 0)", rows: [['536e6f77666c616b65']] },
  { sql: "SELECT HEX_DECODE_STRING('536E6F77666C616B65')", rows: [['Snowflake']] },
  { sql: "SELECT TRY_HEX_DECODE_STRING('536E6F77666C616B65'), TRY_HEX_DECODE_STRING('Z')", rows: [['Snowflake', null]] },
  // HEX_DECODE_BINARY (documentation examples): hex digits to BINARY, shown as hex again.
  { sql: "SELECT HEX_DECODE_BINARY(HEX_ENCODE('HELLO'))", rows: [['48454C4C4F']], types: ['binary'] },
  { name: 'HEX_DECODE_BINARY into a BINARY column', setup: ['CREATE TABLE binary_table (v VARCHAR, b BINARY)', "INSERT INTO binary_table (v, b) SELECT 'HELLO', HEX_DECODE_BINARY(HEX_ENCODE('HELLO'))"],
    sql: 'SELECT v, b, HEX_DECODE_STRING(TO_VARCHAR(b)) FROM binary_table', rows: [['HELLO', '48454C4C4F', 'HELLO']], types: ['text', 'binary', 'text'] },
  { sql: "SELECT TRY_HEX_DECODE_BINARY('48656c6c6f'), TRY_HEX_DECODE_BINARY('Z'), HEX_DECODE_BINARY(NULL)", rows: [['48656C6C6F', null, null]] },
  { sql: "SELECT HEX_DECODE_BINARY('Z')", error: '100040' },
  { sql: "SELECT TRY_BASE64_DECODE_STRING('U25vd2ZsYWtl'), TRY_BASE64_DECODE_STRING('not base64!')", rows: [['Snowflake', null]] },
  // UUID_STRING: version 5 from a namespace and a name; version 4 random (seeded per statement)
  {
    sql: "SELECT UUID_STRING('fe971b24-9572-4005-b22f-351e9c09274d', 'foo')",
    rows: [['dc0b6f65-fca6-5b4b-9d37-ccc3fde1f3e2']],
    types: [{ type: 'text', length: 36 }],
  },
  { sql: 'SELECT UUID_STRING()', types: [{ type: 'text', length: 36, nullable: false }] },
  {
    sql: "SELECT RLIKE(UUID_STRING(), '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}')",
    rows: [['true']],
  },
  { sql: 'SELECT UUID_STRING() = UUID_STRING()', rows: [['false']] },
  // EDITDISTANCE
  { sql: "SELECT EDITDISTANCE('abc', 'def'), EDITDISTANCE('abcdef', 'abc'), EDITDISTANCE('snow', 'flake')", rows: [['3', '3', '5']], types: [{ type: 'fixed', scale: 0 }, 'fixed', 'fixed'] },
  { sql: "SELECT EDITDISTANCE('abc', 'def', 2), EDITDISTANCE('snow', 'flake', 2)", rows: [['2', '2']] },
  { sql: "SELECT EDITDISTANCE('', ''), EDITDISTANCE('Gute nacht', 'Ich weiß nicht')", rows: [['0', '8']] },
  { sql: "SELECT EDITDISTANCE('Ich weiß nicht', 'Ich wei? nicht'), EDITDISTANCE('Ich weiß nicht', 'Ich weiss nicht')", rows: [['1', '2']] },
  { sql: "SELECT EDITDISTANCE('Snowflake', 'Oracle'), EDITDISTANCE('Snowflake', 'Oracle', 3), EDITDISTANCE('Snowflake', 'Oracle', -1)", rows: [['7', '3', '0']] },
  { sql: "SELECT EDITDISTANCE('Ich weiß nicht', NULL)", rows: [[null]] },
  // A result column is named by its item as written, upper-cased: literals keep their quoting (data-types-text).
  { sql: "SELECT 'Today''s sales projections', '-''''-'", rows: [["Today's sales projections", "-''-"]], names: ["'TODAY''S SALES PROJECTIONS'", "'-''''-'"] },
  // SPACE(n): n spaces ('' for n <= 0).
  { sql: "SELECT '[' || SPACE(3) || ']' AS s, SPACE(0) AS e, SPACE(-2) AS n", rows: [['[   ]', '', '']], types: ['text', 'text', 'text'] },
  { sql: 'SELECT SPACE(NULL) AS s', rows: [[null]], types: [{ type: 'text', nullable: true }] },
  { sql: "SELECT SPACE('x')", error: '100038' },
  { sql: 'SELECT SPACE()', error: '000938' },
  // SOUNDEX: the first letter and three digits; letters apart only by H or W share a digit.
  { sql: "SELECT SOUNDEX('Marsha') AS a, SOUNDEX('Marcia') AS b, SOUNDEX('Pfister') AS c, SOUNDEX('Lloyd') AS d", rows: [['M620', 'M620', 'P236', 'L300']], types: ['text', 'text', 'text', 'text'] },
  { sql: "SELECT SOUNDEX('Levine') = SOUNDEX('Lavine') AS names, SOUNDEX('to') = SOUNDEX('too') AS words, SOUNDEX('Ashcraft') AS h, SOUNDEX('Tymczak') AS v", rows: [['true', 'true', 'A261', 'T522']] },
  { sql: "SELECT SOUNDEX('robert') AS lower, SOUNDEX('O''Hara') AS apostrophe, SOUNDEX('') AS empty, SOUNDEX(NULL) AS n", rows: [['R163', 'O600', '', null]] },
  // SOUNDEX_P123 keeps the second letter's digit when it equals the first letter's.
  { sql: "SELECT SOUNDEX_P123('Pfister') AS a, SOUNDEX_P123('Lloyd') AS b, SOUNDEX_P123('Smith') AS c, SOUNDEX_P123('Johnson') AS d, SOUNDEX_P123(NULL) AS n", rows: [['P123', 'L430', 'S530', 'J525', null]] },
  { sql: "SELECT SOUNDEX('a', 'b')", error: '000939' },
  // MD5_NUMBER_UPPER64 / LOWER64: halves of the digest as unsigned NUMBER(38,0), exact beyond 2^53 and int64.
  { sql: "SELECT MD5_NUMBER_UPPER64('Snowflake') AS u, MD5_NUMBER_LOWER64('Snowflake') AS l", rows: [['17145559544104499780', '9203306159527282910']], types: [{ type: 'fixed', precision: 38, scale: 0 }, { type: 'fixed', precision: 38, scale: 0 }] },
  { sql: "SELECT MD5_NUMBER_LOWER64('Snowflake') - 9203306159527282909 AS d, MD5_NUMBER_UPPER64('Snowflake') = 17145559544104499780 AS eq", rows: [['1', 'true']] },
  { sql: "SELECT MD5_NUMBER_LOWER64('test') AS l, MD5_NUMBER_UPPER64('test') AS u, MD5_NUMBER_UPPER64(NULL) AS n", rows: [['14618207765679027446', '688887797400064883', null]] },
  { sql: 'SELECT MD5_NUMBER_LOWER64()', error: '000938' },
];
