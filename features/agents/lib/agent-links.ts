/** Console URLs of the agents screens (schema and name in the query string). */
const q = (params: Record<string, string | null>) => {
  const s = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => !!e[1])).toString();
  return s ? `?${s}` : '';
};

export const agentsHref = (database: string | null, schema: string | null) => `/agents${q({ db: database, schema })}`;
export const editorHref = (database: string, schema: string, name: string | null) => `/agents/edit${q({ db: database, schema, name })}`;
