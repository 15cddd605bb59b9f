/**
 * EXPLAIN [USING TABULAR | JSON | TEXT] <query>: the query is compiled as usual and the engine
 * plans the compiled query without running it (ExecPlan output 'plan'); its plan nodes become
 * Snowflake's operations (TableScan, Sort, Aggregate, …) with catalog names in place of storage
 * names. Floe keeps each table as one partition, so a scan's partitions are 1 of 1 and its bytes
 * the table's estimated size (the dialect's tableStatsSql). Only queries are explained.
 */
import { fromStorageName } from '@/lib/catalog/names';
import type { PlanNode } from '@/lib/engine/types';
import { STATS_SAMPLE_ROWS } from '../dialect';
import { column, type Compiled, type ExplainNames, type StaticRows } from '../compile/types';
import { sqlErrors } from '../errors';
import type { SplitStatement } from '../lexer';
import { types } from '../types';
import { TokenReader } from './reader';
import type { Command } from './types';

type Explain = Extract<Compiled, { kind: 'explain' }>;
const FORMATS = ['TABULAR', 'JSON', 'TEXT'] as const;
const QUERY_STARTS = new Set(['SELECT', 'WITH', 'VALUES', '(']);

export const explainCommand: Command = {
  name: 'EXPLAIN',
  matches: (w) => w[0] === 'EXPLAIN',
  compile(stmt, ctx) {
    const r = new TokenReader(stmt.tokens);
    r.expect('EXPLAIN');
    let format: Explain['format'] = 'TABULAR';
    if (r.accept('USING')) {
      format = FORMATS.find((f) => r.accept(f)) ?? r.fail();
    }
    const first = r.peek() ?? r.fail();
    const word = first.kind === 'word' ? first.text.toUpperCase() : first.text;
    if (!QUERY_STARTS.has(word)) {
      if (first.kind !== 'word') r.fail();
      throw sqlErrors.unsupported(`EXPLAIN ${word}: Floe explains queries (SELECT, WITH, VALUES) only`);
    }
    const from = stmt.tokens.indexOf(first);
    const inner: SplitStatement = { text: stmt.text.slice(first.start - stmt.start), tokens: stmt.tokens.slice(from), start: first.start, line: first.line, col: first.col };
    const query = ctx.compileInner(inner);
    if (query.kind !== 'query' || query.queryType) throw sqlErrors.unsupported(`EXPLAIN ${word}: Floe explains queries (SELECT, WITH, VALUES) only`);
    const aliases = aliasesIn(query.sql);
    // The stored tables the compiled SQL reads: a view's are there, expanded (query.tables names the view).
    const tables = [...new Set(aliases.map(([, id]) => id))].flatMap((id) => {
      const t = ctx.catalog.tables.get(id);
      if (!t || t.kind === 'VIEW') return [];
      const q = ctx.catalog.qualifiedName(t);
      return [{ info: t, id, name: `${q.database}.${q.schema}.${q.name}` }];
    });
    const names: ExplainNames = { columns: query.columns.map((c) => c.name), tables: tables.map(({ id, name }) => ({ id, name })), aliases };
    const statsSql = tables.length > 0 ? ctx.dialect.tableStatsSql(tables.map((t) => t.info), STATS_SAMPLE_ROWS) : null;
    return { kind: 'explain', format, sql: query.sql, statsSql, params: query.params, extraParams: query.extraParams, names };
  },
};

/**
 * `` `t12` AS `ALIAS` `` (SQLite) or `"t12" AS "ALIAS"` (PostgreSQL): how compiled queries name
 * every stored table they read (rewrite.ts, backquoteIdentifiers; the dialect's quotes).
 */
function aliasesIn(sql: string): [string, number][] {
  return [...sql.matchAll(/`t(\d+)` AS `((?:[^`]|``)*)`|"t(\d+)" AS "((?:[^"]|"")*)"/g)]
    .map((m) => (m[1] !== undefined ? [m[2].replace(/``/g, '`'), Number(m[1])] : [m[4].replace(/""/g, '"'), Number(m[3])]));
}

interface Operation {
  id: number;
  parent: number | null;
  depth: number;
  operation: string;
  objects: string | null;
  alias: string | null;
  expressions: string[];
  /** Table scans: the table's size estimate (bytes), or null when unknown. */
  bytes?: number | null;
}

/** Snowflake's join operations by PostgreSQL's join type. */
const JOIN_OPERATIONS: Record<string, string> = { Inner: 'InnerJoin', Left: 'LeftOuterJoin', Right: 'RightOuterJoin', Full: 'FullOuterJoin', Semi: 'SemiJoin', Anti: 'AntiJoin' };

/** Text that would show the engine underneath: storage tables, Floe's own names, SQLite's. */
const ENGINE_TEXT = /\bt\d+\b|_floe_|sqlite_|json_each|FLOE_/;

/** A fragment of plan text as the user may see it: storage-encoded names decoded, nothing of the engine. */
function shown(text: string): string | null {
  if (!text || ENGINE_TEXT.test(text)) return null;
  return fromStorageName(text);
}

/** The condition a SEARCH or a scan through an index uses: `(A=? AND B>?)`. */
const indexCondition = (rest: string): string[] => {
  const m = /\((.*)\)\s*$/.exec(rest);
  const text = m ? shown(m[1]) : null;
  return text ? [text] : [];
};

/** Snowflake's operations for the engine's plan nodes, under one Result operation (id 0). */
function operations(nodes: PlanNode[], names: ExplainNames, bytes: Map<number, number>): Operation[] {
  const ops: Operation[] = [{ id: 0, parent: null, depth: 0, operation: 'Result', objects: null, alias: null, expressions: names.columns.map((c) => shown(c) ?? c) }];
  const ids = new Map<number, Operation>();
  const tableName = new Map(names.tables.map((t) => [t.id, t.name]));
  // Longest aliases first: `SCAN ORDERS O2` must not be read as alias ORDERS.
  const aliases = [...names.aliases].sort((a, b) => b[0].length - a[0].length);
  const ctes = new Set<string>();
  for (const node of nodes) {
    const parent = ids.get(node.parent) ?? ops[0];
    const op: Operation = { id: ops.length, parent: parent.id, depth: parent.depth + 1, operation: 'Operation', objects: null, alias: null, expressions: [] };
    describe(op, node.detail);
    ids.set(node.id, op);
    ops.push(op);
  }
  return ops;

  function describe(op: Operation, detail: string): void {
    const scan = /^(SCAN|SEARCH) (.*)$/.exec(detail);
    if (scan) {
      const rest = scan[2];
      if (rest === 'CONSTANT ROW') { op.operation = 'Generator'; return; }
      const found = aliases.find(([a]) => rest === a || rest.startsWith(`${a} `));
      const name = found ? tableName.get(found[1]) : undefined;
      if (found && name) {
        const alias = fromStorageName(found[0]);
        Object.assign(op, { operation: 'TableScan', objects: name, alias: name.endsWith(`.${alias}`) ? null : alias, expressions: indexCondition(rest.slice(found[0].length)), bytes: bytes.get(found[1]) ?? null });
        return;
      }
      const ref = rest.split(' ')[0];
      if (ctes.has(ref)) { Object.assign(op, { operation: 'WithReference', expressions: [shown(ref)].filter((e) => e !== null) }); return; }
      // Table functions (FLATTEN, SPLIT_TO_TABLE …), INFORMATION_SCHEMA and RESULT_SCAN rows.
      op.operation = 'InternalObject';
      return;
    }
    const temp = /^USE TEMP B-TREE FOR (.*)$/.exec(detail);
    if (temp) {
      op.operation = /GROUP BY|DISTINCT/.test(temp[1]) ? 'Aggregate' : 'Sort';
      op.expressions = [temp[1]];
      return;
    }
    const sub = /^(CO-ROUTINE|MATERIALIZE) (.*)$/.exec(detail);
    if (sub) {
      ctes.add(sub[2]);
      op.operation = 'WithClause';
      op.expressions = [shown(sub[2])].filter((e) => e !== null);
      return;
    }
    if (detail === 'COMPOUND QUERY' || detail.startsWith('MERGE (')) {
      op.operation = 'SetOperation';
      op.expressions = [/\((.*)\)/.exec(detail)?.[1] ?? 'UNION ALL'];
      return;
    }
    if (/SUBQUERY|^LEFT$|^RIGHT$|^(UNION|EXCEPT|INTERSECT)\b/.test(detail)) { op.operation = 'Subquery'; op.expressions = [detail.replace(/ USING TEMP B-TREE$/, '')]; return; }
    // PostgreSQL's joins, sorts and window aggregates (lib/engine/postgres/plan.ts); SQLite names none of them.
    const join = /^JOIN (\w+)(?: (.*))?$/.exec(detail);
    if (join) {
      const on = join[2] ? shown(join[2]) : null;
      op.operation = join[1] === 'Inner' && !join[2] ? 'CartesianJoin' : JOIN_OPERATIONS[join[1]] ?? 'Join';
      op.expressions = on ? [`joinKey: ${on}`] : [];
      return;
    }
    const sort = /^SORT (.*)$/.exec(detail);
    if (sort) {
      const keys = shown(sort[1]);
      op.operation = 'Sort';
      op.expressions = keys ? [`sortKey: [${keys}]`] : [];
      return;
    }
    if (detail === 'WINDOW') { op.operation = 'WindowFunction'; return; }
    if (/BLOOM FILTER/.test(detail)) { op.operation = 'JoinFilter'; op.expressions = indexCondition(detail); return; }
    if (/^(MULTI-INDEX OR|INDEX \d+)$/.test(detail)) { op.operation = 'Filter'; return; }
    const text = shown(detail);
    op.expressions = text ? [text] : [];
  }
}

const num = (name: string) => column(name, types.number(38, 0));
const text = (name: string) => column(name, types.varchar());
const TABULAR = [num('step'), num('id'), text('parentOperators'), text('operation'), text('objects'), text('alias'), text('expressions'), num('partitionsTotal'), num('partitionsAssigned'), num('bytesAssigned')];

/** The plan the engine gave (and the sizes of the tables read) as EXPLAIN's result in its format. */
export function explainResult(explain: Explain, plan: PlanNode[], statsRows: unknown[][]): StaticRows {
  const bytes = new Map(statsRows.map(([id, , b]) => [Number(id), Number(b ?? 0)]));
  const ops = operations(plan, explain.names, bytes);
  const scanned = new Map<string, number>();
  for (const op of ops) if (op.objects) scanned.set(op.objects, op.bytes ?? 0);
  const global = { partitionsTotal: scanned.size, partitionsAssigned: scanned.size, bytesAssigned: [...scanned.values()].reduce((a, b) => a + b, 0) };
  const parts = (op: Operation) => (op.objects ? { partitionsTotal: 1, partitionsAssigned: 1, bytesAssigned: op.bytes ?? 0 } : null);
  if (explain.format === 'TABULAR') {
    return {
      columns: TABULAR,
      rows: [
        [null, null, null, 'GlobalStats', null, null, null, global.partitionsTotal, global.partitionsAssigned, global.bytesAssigned],
        ...ops.map((op) => {
          const p = parts(op);
          return [1, op.id, op.parent === null ? null : `[${op.parent}]`, op.operation, op.objects, op.alias, op.expressions.length ? op.expressions.join(', ') : null, p?.partitionsTotal ?? null, p?.partitionsAssigned ?? null, p?.bytesAssigned ?? null];
        }),
      ],
    };
  }
  if (explain.format === 'JSON') {
    const operations = ops.map((op) => ({
      id: op.id,
      ...(op.parent === null ? {} : { parentOperators: [op.parent] }),
      operation: op.operation,
      ...(op.objects ? { objects: [op.objects] } : {}),
      ...(op.alias ? { alias: op.alias } : {}),
      ...(op.expressions.length ? { expressions: op.expressions } : {}),
      ...parts(op),
    }));
    return { columns: [text('content')], rows: [[JSON.stringify({ GlobalStats: global, Operations: [operations] })]] };
  }
  const lines = ['GlobalStats:', ...Object.entries(global).map(([k, v]) => `    ${k}=${v}`), 'Operations:'];
  for (const op of ops) {
    const p = parts(op);
    const fields = [op.objects, op.alias, op.expressions.join(', '), p && `{${Object.entries(p).map(([k, v]) => `${k}=${v}`).join(', ')}}`].filter((f) => f);
    lines.push(`${`1:${op.id}`.padEnd(8)}${' '.repeat(5 * op.depth)}->${[op.operation, ...fields].join('  ')}`);
  }
  return { columns: [text('content')], rows: [[lines.join('\n')]] };
}
