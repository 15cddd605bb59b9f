/**
 * node-postgres Queries made without pg's copy of their config. `new Query(config)` (and
 * `client.query(config)`, which makes one) copies the config object through
 * Object.getOwnPropertyDescriptors, about 4 µs a query on Node 20. A request on PostgreSQL sends
 * two or three statements, on the thread every request shares. A Query made from its text alone
 * is not copied; the rest of the config is set on it before it is sent.
 */
import { Query, type CustomTypesConfig, type QueryResult, type QueryResultRow } from 'pg';

export interface PgQueryConfig {
  text: string;
  values?: unknown[];
  /** A prepared statement's name (parsed and planned once per connection). */
  name?: string;
  /** Execute the portal this many rows at a time (pg 8's `rows`). */
  rows?: number;
  rowMode?: 'array';
  types?: CustomTypesConfig;
}

/** pg 8's Query fields set from its config (lib/query.js); untyped in @types/pg. */
interface QueryFields {
  name?: string;
  rows?: number;
  types?: CustomTypesConfig;
  _rowMode?: string;
  _result: object;
  _results: object;
}

export function pgQuery(config: PgQueryConfig, callback?: (err: Error | undefined, result: QueryResult) => void): Query {
  const query = new Query(config.text, config.values, callback);
  const fields = query as unknown as QueryFields;
  if (config.name !== undefined) fields.name = config.name;
  if (config.rows !== undefined) fields.rows = config.rows;
  if (config.rowMode !== undefined || config.types !== undefined) {
    fields.types = config.types;
    fields._rowMode = config.rowMode;
    // (The Result pg made has neither: made again as pg's constructor would.)
    const Result = fields._result.constructor as new (rowMode?: string, types?: CustomTypesConfig) => object;
    fields._result = fields._results = new Result(config.rowMode, config.types);
  }
  return query;
}

/** Sends `config` on `client` and resolves with its result (as `client.query(config)`, without the copy). */
export function sendQuery<R extends QueryResultRow>(client: { query(q: Query): unknown }, config: PgQueryConfig): Promise<QueryResult<R>> {
  return new Promise((resolve, reject) => {
    client.query(pgQuery(config, (err, result) => (err ? reject(err) : resolve(result as QueryResult<R>))));
  });
}
