// DATEDIFF's part is spelled canonically before parsing (the parser would read m as MONTH).
import { describe, expect, test } from 'vitest';
import { canonicalDiffParts } from '@/lib/sql/date-part-spelling';

describe('canonicalDiffParts', () => {
  test.each([
    ['SELECT DATEDIFF(m, a, b)', 'SELECT DATEDIFF(minute, a, b)'],
    ["SELECT timestampdiff('M', a, b), TIMEDIFF(mm, a, b)", "SELECT timestampdiff('minute', a, b), TIMEDIFF(month, a, b)"],
    ['SELECT DATEDIFF(minute, a, b)', 'SELECT DATEDIFF(minute, a, b)'],
    ['SELECT DATEDIFF(fortnight, a, b)', 'SELECT DATEDIFF(fortnight, a, b)'],
    ["SELECT 'DATEDIFF(m, a, b)', DATEADD(m, 1, x)", "SELECT 'DATEDIFF(m, a, b)', DATEADD(m, 1, x)"],
  ])('%s', (text, spelled) => expect(canonicalDiffParts(text)).toBe(spelled));
});
