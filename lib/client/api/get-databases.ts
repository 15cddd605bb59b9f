import { useQuery } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import { showNames } from './show-command';

export const databasesKey = ['databases'] as const;

export const getDatabases = (token: string) => showNames(token, 'SHOW DATABASES');

export function useDatabases() {
  const token = useApiToken();
  return useQuery({ queryKey: databasesKey, queryFn: () => getDatabases(token) });
}
