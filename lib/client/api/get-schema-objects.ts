import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiToken } from '@/lib/client/session';
import { qualified } from '@/lib/client/sql-ident';
import { showRows } from './show-command';

export type ObjectKind = 'TABLE' | 'VIEW' | 'AGENT';
export interface SchemaObject { name: string; kind: ObjectKind }

export const schemaObjectsKey = (database: string, schema: string) => ['schema-objects', database, schema] as const;

/** Tables and views (SHOW OBJECTS) and agents (SHOW AGENTS) of a schema, by name. */
export async function getSchemaObjects(token: string, database: string, schema: string): Promise<SchemaObject[]> {
  const where = qualified(database, schema);
  const [objects, agents] = await Promise.all([
    showRows(token, `SHOW OBJECTS IN SCHEMA ${where}`),
    showRows(token, `SHOW AGENTS IN SCHEMA ${where}`),
  ]);
  const list: SchemaObject[] = [
    ...objects.map((r) => ({ name: String(r.name), kind: (r.kind === 'VIEW' ? 'VIEW' : 'TABLE') as ObjectKind })),
    ...agents.map((r) => ({ name: String(r.name), kind: 'AGENT' as const })),
  ];
  return list.sort((a, b) => a.name.localeCompare(b.name));
}

export const schemaObjectsQuery = (token: string, database: string, schema: string) =>
  queryOptions({ queryKey: schemaObjectsKey(database, schema), queryFn: () => getSchemaObjects(token, database, schema), staleTime: 60_000 });

export const useSchemaObjects = (database: string, schema: string, enabled = true) =>
  useQuery({ ...schemaObjectsQuery(useApiToken(), database, schema), enabled });
