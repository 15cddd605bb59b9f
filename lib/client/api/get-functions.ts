import { queryOptions } from '@tanstack/react-query';
import { showRows } from './show-command';

/** A function Floe implements, as SHOW FUNCTIONS lists it; `signature` like `IFF(BOOLEAN, ANY, ANY) RETURN ANY`, or null when unknown. */
export interface FunctionInfo { name: string; signature: string | null; aggregate: boolean }

export const functionsKey = ['functions'] as const;

export async function getFunctions(token: string): Promise<FunctionInfo[]> {
  return (await showRows(token, 'SHOW FUNCTIONS')).map((r) => ({ name: String(r.name), signature: r.arguments ? String(r.arguments) : null, aggregate: r.is_aggregate === 'Y' }));
}

/** Built-ins change only with a new server: fetched once per page load (autocomplete, signature help). */
export const functionsQuery = (token: string) => queryOptions({ queryKey: functionsKey, queryFn: () => getFunctions(token), staleTime: Infinity });
