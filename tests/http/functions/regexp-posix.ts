import type { FunctionCase } from './types';

// Regular expressions as Snowflake reads them ("String functions (regular expressions)",
// https://docs.snowflake.com/en/sql-reference/functions-regexp, and the REGEXP_SUBSTR page):
// a search from a position sees the subject as starting there, an empty pattern finds nothing,
// '.' is one Unicode character, punctuation escapes mean the character, \\1 in replacements.

const MESSAGE = [
  'CREATE TABLE message(body VARCHAR(255))',
  "INSERT INTO message VALUES ('Hellooo World'), ('How are you doing today?'), ('the quick brown fox jumps over the lazy dog'), ('PACK MY BOX WITH FIVE DOZEN LIQUOR JUGS')",
];
const WILDCARDS = [
  'CREATE TABLE wildcards (w VARCHAR, w2 VARCHAR)',
  "INSERT INTO wildcards (w, w2) VALUES ('\\\\', '?')",
  "INSERT INTO wildcards (w, w2) VALUES (NULL, 'When I am cold, I am bold.')",
];
const LOGS = [
  'CREATE TABLE test_regexp_log (logs VARCHAR)',
  `INSERT INTO test_regexp_log (logs) VALUES ('127.0.0.1 - - [10/Jan/2018:16:55:36 -0800] "GET / HTTP/1.0" 200 2216'), ('192.168.2.20 - - [14/Feb/2018:10:27:10 -0800] "GET /cgi-bin/try/ HTTP/1.0" 200 3395')`,
];

export const regexpPosix: FunctionCase[] = [
  // Alternations of literal words, groups and repetition: what PostgreSQL runs as sql.js does,
  // and a repeated multi-character group, which it refuses (leftmost-longest could differ): listed.
  { sql: "SELECT REGEXP_SUBSTR_ALL('cat, dog and bird', 'cat|dog|bird')::VARCHAR AS animals", rows: [['["cat","dog","bird"]']] },
  { sql: "SELECT REGEXP_REPLACE('2024-02-29', '([0-9]{4})-([0-9]{2})-([0-9]{2})', '\\\\3.\\\\2.\\\\1') AS d", rows: [['29.02.2024']] },
  { sql: "SELECT REGEXP_INSTR('GET /index.html HTTP/1.0', '^(GET|POST) ([^ ]+)', 1, 1, 0, 'e', 2) AS path_at", rows: [['5']] },
  { name: 'REGEXP_COUNT of a repeated multi-character group', sql: "SELECT REGEXP_COUNT('abcabc abc', '(abc)+') AS runs", rows: [['2']] },
  { sql: "SELECT REGEXP_COUNT('snow', 'SNOW', 1, 'c') AS case_sensitive_matching, REGEXP_COUNT('snow', 'SNOW', 1, 'i') AS case_insensitive_matching", rows: [['0', '1']], names: ['CASE_SENSITIVE_MATCHING', 'CASE_INSENSITIVE_MATCHING'] },
  { sql: "SELECT REGEXP_SUBSTR('Release 24', 'Release\\\\W+(\\\\d+)', 1, 1, 'e') AS release_number", rows: [['24']] },
  { sql: "SELECT REGEXP_SUBSTR('Customers - (NY)','\\\\([[:alnum:]]+\\\\)') AS location", rows: [['(NY)']] },
  { sql: 'SELECT REGEXP_SUBSTR(\'Customers - (NY)\',$$\\([[:alnum:]]+\\)$$) AS location', rows: [['(NY)']] },
  { name: 'REGEXP_LIKE with an escaped question mark', setup: WILDCARDS, sql: "SELECT w2 FROM wildcards WHERE REGEXP_LIKE(w2, '\\\\?')", rows: [['?']] },
  { name: 'REGEXP_LIKE with the escape built by concatenation', setup: WILDCARDS, sql: "SELECT w2 FROM wildcards WHERE REGEXP_LIKE(w2, '\\\\' || '?')", rows: [['?']] },
  { name: 'REGEXP_LIKE with a pattern from columns', setup: WILDCARDS, sql: 'SELECT w, w2, w || w2 AS escape_sequence, w2 FROM wildcards WHERE REGEXP_LIKE(w2, w || w2)', rows: [['\\', '?', '\\?', '?']] },
  {
    name: 'REGEXP_REPLACE backreference in a single-quoted replacement', setup: WILDCARDS,
    sql: "SELECT w2, REGEXP_REPLACE(w2, '(.old)', 'very \\\\1') FROM wildcards ORDER BY w2",
    rows: [['?', '?'], ['When I am cold, I am bold.', 'When I am very cold, I am very bold.']],
    // The name is the text as written, literals upper-cased too.
    names: ['W2', "REGEXP_REPLACE(W2, '(.OLD)', 'VERY \\\\1')"],
  },
  { name: 'REGEXP_REPLACE backreference in a dollar-quoted replacement', setup: WILDCARDS, sql: 'SELECT REGEXP_REPLACE(w2, \'(.old)\', $$very \\1$$) FROM wildcards ORDER BY w2', rows: [['?'], ['When I am very cold, I am very bold.']] },

  // A search from a position reads the subject from there: \b matches at the position.
  { name: 'REGEXP_SUBSTR word containing o', setup: MESSAGE, sql: "SELECT body, REGEXP_SUBSTR(body, '\\\\b\\\\S*o\\\\S*\\\\b') AS result FROM message ORDER BY body", rows: [['Hellooo World', 'Hellooo'], ['How are you doing today?', 'How'], ['PACK MY BOX WITH FIVE DOZEN LIQUOR JUGS', null], ['the quick brown fox jumps over the lazy dog', 'brown']] },
  { name: 'REGEXP_SUBSTR from the third character', setup: MESSAGE, sql: "SELECT body, REGEXP_SUBSTR(body, '\\\\b\\\\S*o\\\\S*\\\\b', 3) AS result FROM message ORDER BY body", rows: [['Hellooo World', 'llooo'], ['How are you doing today?', 'you'], ['PACK MY BOX WITH FIVE DOZEN LIQUOR JUGS', null], ['the quick brown fox jumps over the lazy dog', 'brown']] },
  { name: 'REGEXP_SUBSTR third match from the third character', setup: MESSAGE, sql: "SELECT body, REGEXP_SUBSTR(body, '\\\\b\\\\S*o\\\\S*\\\\b', 3, 3) AS result FROM message ORDER BY body", rows: [['Hellooo World', null], ['How are you doing today?', 'today'], ['PACK MY BOX WITH FIVE DOZEN LIQUOR JUGS', null], ['the quick brown fox jumps over the lazy dog', 'over']] },
  { name: 'REGEXP_SUBSTR third match from the third character, case-insensitive', setup: MESSAGE, sql: "SELECT body, REGEXP_SUBSTR(body, '\\\\b\\\\S*o\\\\S*\\\\b', 3, 3, 'i') AS result FROM message ORDER BY body", rows: [['Hellooo World', null], ['How are you doing today?', 'today'], ['PACK MY BOX WITH FIVE DOZEN LIQUOR JUGS', 'LIQUOR'], ['the quick brown fox jumps over the lazy dog', 'over']] },
  { name: 'REGEXP_SUBSTR with empty parameters', setup: MESSAGE, sql: "SELECT body, REGEXP_SUBSTR(body, '(H\\\\S*o\\\\S*\\\\b).*', 1, 1, '') AS result FROM message ORDER BY body", rows: [['Hellooo World', 'Hellooo World'], ['How are you doing today?', 'How are you doing today?'], ['PACK MY BOX WITH FIVE DOZEN LIQUOR JUGS', null], ['the quick brown fox jumps over the lazy dog', null]] },
  {
    name: 'REGEXP_SUBSTR overlapping occurrences',
    setup: ['CREATE TABLE overlap (id NUMBER, a STRING)', "INSERT INTO overlap VALUES (1, ',abc,def,ghi,jkl,')", "INSERT INTO overlap VALUES (2, ',abc,,def,,ghi,,jkl,')"],
    sql: "SELECT id, REGEXP_SUBSTR(a,'[[:punct:]][[:alnum:]]+[[:punct:]]', 1, 2) AS result FROM overlap ORDER BY id",
    rows: [['1', ',ghi,'], ['2', ',def,']],
  },
  {
    // The fields of the documented query one by one (the whole query follows).
    name: 'REGEXP_SUBSTR over an access log (escaped punctuation, bounds)', setup: LOGS,
    sql: `SELECT REGEXP_SUBSTR (logs,'\\\\b\\\\d{1,3}\\.\\\\d{1,3}\\.\\\\d{1,3}\\.\\\\d{1,3}\\\\b'),
       REGEXP_SUBSTR (logs,'([\\\\w:\\/]+\\\\s[+\\-]\\\\d{4})'),
       REGEXP_SUBSTR (logs,'\\"((\\\\S+) (\\\\S+) (\\\\S+))\\"', 1, 1, 'e'),
       REGEXP_SUBSTR (logs,'(\\\\d{3}) \\\\d+', 1, 1, 'e'),
       REGEXP_SUBSTR (logs,'\\\\d{3} (\\\\d+)', 1, 1, 'e')
  FROM test_regexp_log ORDER BY logs`,
    rows: [
      ['127.0.0.1', '10/Jan/2018:16:55:36 -0800', 'GET / HTTP/1.0', '200', '2216'],
      ['192.168.2.20', '14/Feb/2018:10:27:10 -0800', 'GET /cgi-bin/try/ HTTP/1.0', '200', '3395'],
    ],
  },
  {
    name: 'REGEXP_SUBSTR over an access log, concatenated into JSON text', setup: LOGS,
    sql: `SELECT '{ "ip_addr":"'
       || REGEXP_SUBSTR (logs,'\\\\b\\\\d{1,3}\\.\\\\d{1,3}\\.\\\\d{1,3}\\.\\\\d{1,3}\\\\b')
       || '", "date":"'
       || REGEXP_SUBSTR (logs,'([\\\\w:\\/]+\\\\s[+\\-]\\\\d{4})')
       || '", "request":"'
       || REGEXP_SUBSTR (logs,'\\"((\\\\S+) (\\\\S+) (\\\\S+))\\"', 1, 1, 'e')
       || '", "status":"'
       || REGEXP_SUBSTR (logs,'(\\\\d{3}) \\\\d+', 1, 1, 'e')
       || '", "size":"'
       || REGEXP_SUBSTR (logs,'\\\\d{3} (\\\\d+)', 1, 1, 'e')
       || '"}' as Apache_HTTP_Server_Access
  FROM test_regexp_log ORDER BY logs`,
    rows: [
      ['{ "ip_addr":"127.0.0.1", "date":"10/Jan/2018:16:55:36 -0800", "request":"GET / HTTP/1.0", "status":"200", "size":"2216"}'],
      ['{ "ip_addr":"192.168.2.20", "date":"14/Feb/2018:10:27:10 -0800", "request":"GET /cgi-bin/try/ HTTP/1.0", "status":"200", "size":"3395"}'],
    ],
    names: ['APACHE_HTTP_SERVER_ACCESS'],
  },
  { name: 'REGEXP_SUBSTR in WHERE with alternation', setup: ['CREATE TABLE demo2 (id INT, string1 VARCHAR)', "INSERT INTO demo2 (id, string1) VALUES (2, 'It was the best of times, it was the worst of times.'), (3, 'In    the   string   the   extra   spaces  are   redundant.'), (4, 'A thespian theater is nearby.')"], sql: "SELECT id, string1 FROM demo2 WHERE REGEXP_SUBSTR(string1, '(best|thespian)') IS NOT NULL AND REGEXP_SUBSTR(string1, '^It') IS NOT NULL", rows: [['2', 'It was the best of times, it was the worst of times.']] },

  // RLIKE / REGEXP_LIKE match the whole subject: any alternation or quantified group runs on both
  // engines (which match is found does not matter); a backreference may fail closed (listed).
  { name: 'RLIKE with alternations and repeated groups', sql: "SELECT 'abcabc' RLIKE '(abc)+', RLIKE('cat', 'dog|cat|bird'), REGEXP_LIKE('ab', 'a|abc'), 'aba' RLIKE '(ab)*', REGEXP_LIKE('AbAB', '(ab|cd){2}', 'i'), 'x12y' RLIKE 'x(\\\\d|[a-z])+?y'", rows: [['true', 'true', 'false', 'false', 'true', 'true']] },
  { name: 'RLIKE in WHERE with an alternation of patterns', setup: ['CREATE TABLE codes (c VARCHAR)', "INSERT INTO codes VALUES ('AB-12'), ('ab-1'), ('XYZ'), ('Q-9-9')"], sql: "SELECT c FROM codes WHERE c RLIKE '[A-Z]+(-[0-9]+)+|[a-z]{2}-[0-9]' ORDER BY c", rows: [['AB-12'], ['Q-9-9'], ['ab-1']] },
  { name: 'RLIKE with a backreference', sql: "SELECT 'abab' RLIKE '(ab)\\\\1', 'abba' RLIKE '(ab)\\\\1'", rows: [['true', 'false']] },

  // An empty pattern matches nothing, except in REGEXP_LIKE / RLIKE where it is '^$'.
  { name: 'an empty pattern finds nothing', sql: "SELECT REGEXP_COUNT('abc', ''), REGEXP_SUBSTR('abc', ''), REGEXP_INSTR('abc', ''), REGEXP_REPLACE('abc', '', 'x'), REGEXP_COUNT('', '')", rows: [['0', null, '0', 'abc', '0']] },
  { name: 'an empty pattern in REGEXP_LIKE matches the empty subject', sql: "SELECT REGEXP_LIKE('', ''), REGEXP_LIKE('a', ''), '' RLIKE ''", rows: [['true', 'false', 'true']] },
  { name: 'an empty group matches between characters', sql: "SELECT REGEXP_COUNT('abc', '()')", rows: [['4']] },
  // One Unicode character is one character, for '.' and for positions.
  { name: "'.' matches one Unicode character", sql: "SELECT REGEXP_SUBSTR('😀b', '.'), REGEXP_COUNT('a😀b', '.'), REGEXP_INSTR('a😀b', 'b'), REGEXP_SUBSTR('😀😀x', '.x', 2)", rows: [['😀', '3', '3', '😀x']] },
];
