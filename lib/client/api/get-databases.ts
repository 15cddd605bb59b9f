import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import { showNames } from './show-command';

export const databasesKey = ['databases'] as const;

export const getDatabases = (token: string) => showNames(token, 'SHOW DATABASES');

/** Shared by the pickers, the schema browser and autocomplete (one cache entry). */
export const databasesQuery = (token: string) => queryOptions({ queryKey: databasesKey, queryFn: () => getDatabases(token), staleTime: 60_000 });

export const useDatabases = () => useQuery(databasesQuery(useApiToken()));
