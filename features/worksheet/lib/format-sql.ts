/**
 * Format SQL: sql-formatter's Snowflake dialect with upper-case keywords, types and function names. Text it cannot parse
 * is left as it is (a half-written statement must not be mangled or throw in the editor).
 */
import { format } from 'sql-formatter';

export function formatSql(sql: string): string {
  if (!sql.trim()) return sql;
  try {
    return format(sql, { language: 'snowflake', keywordCase: 'upper', dataTypeCase: 'upper', functionCase: 'upper', tabWidth: 2 });
  } catch {
    return sql;
  }
}
