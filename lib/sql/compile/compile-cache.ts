/**
 * Compiled queries reused while nothing they were compiled from has changed: the same text and
 * bind types, the same catalog object (every reload makes a new one) and equal values of the
 * session fields compiling actually read (tracked through a proxy, so CURRENT_SESSION(), which
 * reads the session id, is never reused). Only plain queries are kept: none that read a compile
 * service (QUERY_HISTORY, RESULT_SCAN, a dynamic PIVOT's pre-query), bind virtual-table rows or embed their statement id, so
 * a hit is exactly what compiling again would give. Parsing and rewriting a short query costs
 * more than the rest of its trip through the request thread.
 */
import type { Catalog } from '@/lib/catalog/catalog';
import type { BindType } from '@/lib/values';
import { Memo } from '@/lib/values/memo';
import type { SplitStatement } from '../lexer';
import type { Session } from '../session';
import type { Compiled } from './types';
import type { CompileServices } from './virtual-tables';
import type { CompileInput } from './context';

type Query = Extract<Compiled, { kind: 'query' }>;

interface Entry {
  catalog: Catalog;
  /** Session fields the compile read, with the JSON of their values then. */
  reads: [keyof Session, string | undefined][];
  compiled: Query;
}

export type CompileFn = (stmt: SplitStatement, input: CompileInput) => Compiled;

const same = (session: Session, reads: Entry['reads']) => reads.every(([k, json]) => JSON.stringify(session[k]) === json);

export class CompileCache {
  private readonly memo: Memo<Entry>;

  constructor(private readonly compile: CompileFn, max = 500) {
    this.memo = new Memo(max);
  }

  compileStatement(stmt: SplitStatement, input: CompileInput & { services: CompileServices }): Compiled {
    const { session, catalog, statementId, paramTypes = [], services } = input;
    const key = `${paramTypes.join(',')}\u0000${stmt.text}`;
    const hit = this.memo.get(key);
    if (hit && hit.catalog === catalog && same(session, hit.reads)) return hit.compiled;

    const read = new Set<keyof Session>();
    const tracked = new Proxy(session, {
      get(target, prop, receiver) {
        if (typeof prop === 'string') read.add(prop as keyof Session);
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    let usedService = false;
    const watched: CompileServices = {
      queryHistory: (...a) => { usedService = true; return services.queryHistory(...a); },
      resultScan: (...a) => { usedService = true; return services.resultScan(...a); },
      warehouseLoad: (...a) => { usedService = true; return services.warehouseLoad(...a); },
      prequery: (...a) => { usedService = true; return services.prequery(...a); },
    };
    const compiled = this.compile(stmt, { ...input, session: tracked, services: watched });
    // A secret compiled into the query (answerOnce) is not kept either.
    if (compiled.kind === 'query' && !usedService && !compiled.answerOnce && compiled.extraParams.length === 0 && !compiled.sql.includes(statementId)) {
      this.memo.set(key, { catalog, reads: [...read].map((k) => [k, JSON.stringify(session[k])]), compiled });
    }
    return compiled;
  }
}
