import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import { qualified } from '@/lib/client/sql-ident';
import { showRows } from './show-command';

export interface ColumnInfo { name: string; type: string }

export const columnsKey = (database: string, schema: string, table: string) => ['columns', database, schema, table] as const;

/** Columns of a table or view (DESCRIBE TABLE works for both). */
export async function getColumns(token: string, database: string, schema: string, table: string): Promise<ColumnInfo[]> {
  const rows = await showRows(token, `DESCRIBE TABLE ${qualified(database, schema, table)}`);
  return rows.map((r) => ({ name: String(r.name), type: String(r.type) }));
}

export const columnsQuery = (token: string, database: string, schema: string, table: string) =>
  queryOptions({ queryKey: columnsKey(database, schema, table), queryFn: () => getColumns(token, database, schema, table), staleTime: 60_000 });

export const useColumns = (database: string, schema: string, table: string, enabled = true) =>
  useQuery({ ...columnsQuery(useApiToken(), database, schema, table), enabled });
