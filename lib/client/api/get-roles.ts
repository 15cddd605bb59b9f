import { useQuery } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import { showRows } from './show-command';

export const rolesKey = ['roles'] as const;

/**
 * The roles the signed-in user may use (granted to him, directly or through other roles, within
 * his token's restriction): CURRENT_AVAILABLE_ROLES(), not SHOW ROLES, which lists every role
 * the user can see, including roles he cannot switch to.
 */
export async function getRoles(token: string): Promise<string[]> {
  const [row] = await showRows(token, 'SELECT CURRENT_AVAILABLE_ROLES() AS ROLES');
  return (JSON.parse(String(row?.roles ?? '[]')) as string[]).sort();
}

export const useRoles = () => {
  const token = useApiToken();
  return useQuery({ queryKey: rolesKey, queryFn: () => getRoles(token), staleTime: 60_000 });
};
