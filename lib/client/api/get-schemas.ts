import { useQuery } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import { showNames } from './show-command';

export const schemasKey = (database: string) => ['schemas', database] as const;

export const getSchemas = (token: string, database: string) => showNames(token, 'SHOW SCHEMAS', database);

export function useSchemas(database: string | null) {
  const token = useApiToken();
  return useQuery({ queryKey: schemasKey(database ?? ''), queryFn: () => getSchemas(token, database!), enabled: !!database });
}
