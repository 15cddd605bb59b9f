import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import { quoteIdent } from '@/lib/client/sql-ident';
import { showNames } from './show-command';

export const schemasKey = (database: string) => ['schemas', database] as const;

export const getSchemas = (token: string, database: string) => showNames(token, `SHOW SCHEMAS IN DATABASE ${quoteIdent(database)}`);

export const schemasQuery = (token: string, database: string) =>
  queryOptions({ queryKey: schemasKey(database), queryFn: () => getSchemas(token, database), staleTime: 60_000 });

export function useSchemas(database: string | null) {
  const token = useApiToken();
  return useQuery({ ...schemasQuery(token, database ?? ''), enabled: !!database });
}
