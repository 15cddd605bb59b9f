/**
 * Views are expanded where a statement names them, as Snowflake does: the stored definition is
 * compiled again, in the view's database and schema, each time a statement is compiled. Names
 * resolve then, so a view follows a table that was replaced or re-created, and fails in Snowflake's
 * words when one it reads is gone. The body runs with the owner's rights: the caller needs SELECT
 * on the view only, not on the tables under it. No SQLite view exists: a view is its catalog rows.
 */
import { visibleCatalog } from '@/lib/access/visible';
import type { TableInfo } from '@/lib/catalog/catalog';
import { displayName } from '@/lib/catalog/names';
import { SqlError, sqlErrors } from '../errors';
import { asKind, kindOf, parseOne, type Node } from '../parse';
import type { Session } from '../session';
import { aliasNode, columnNode, firstSelect, selectNode } from '../tree/ast';
import { storedIdent } from './names';
import { queryContext, scopeOf, type RewriteContext } from './context';

/** Where a view lives, for resolving the names in its body and for naming it in errors. */
export interface ViewPlace { database: string; schema: string }

const qualified = (view: TableInfo, at: ViewPlace) => [at.database, at.schema, view.name].map(displayName).join('.');

/** The session with the view's database and schema current; every other field read through to the caller's. */
function inViewSchema(session: Session, at: ViewPlace): Session {
  return new Proxy(session, {
    get: (target, prop) => (prop === 'database' ? at.database : prop === 'schema' ? at.schema : Reflect.get(target, prop) as unknown),
  });
}

/** The query of a stored CREATE VIEW text. */
function definition(view: TableInfo): Node {
  const root = parseOne(view.text ?? '');
  const create = asKind(root, 'create_view');
  if (!create) throw sqlErrors.internal(`the definition of view ${view.name} is not a CREATE VIEW`);
  return create.query;
}

const column = (name: string) => columnNode(storedIdent(name));

const subquery = (body: Node, alias: string | null): Node => ({
  subquery: { this: body, alias: alias === null ? null : storedIdent(alias), column_aliases: [], alias_explicit_as: alias !== null, alias_keyword: alias === null ? null : 'AS', order_by: null, limit: null, offset: null, lateral: false, modifiers_inside: false, trailing_comments: [] },
});

/**
 * The view's body as a rewritten query whose columns have the view's names, for a FROM item.
 * Throws Snowflake's compilation errors, prefixed with the view that failed to expand.
 */
export function expandView(view: TableInfo, at: ViewPlace, ctx: RewriteContext): Node {
  const chain = ctx.viewChain ?? [];
  if (chain.includes(view.id)) throw sqlErrors.recursiveView(qualified(view, at));
  // The owner's rights: names resolve in what the view's owner role sees (this session's temporary
  // objects included). The body's bindings, types and sequences are the statement's.
  const scope = { ...scopeOf(ctx), catalog: visibleCatalog(ctx.catalog.unfiltered, view.owner, ctx.session.id), session: inViewSchema(ctx.session, at) };
  const output = { virtualParams: ctx.virtualParams, typed: ctx.typed, expandedViews: ctx.expandedViews, sequences: (ctx.sequences ??= new Set()) };
  const sub = queryContext(scope, output, { viewChain: [...chain, view.id] });
  ctx.expandedViews?.add(view.id);
  let body!: Node;
  let produced: string[];
  try {
    const q = ctx.compileQuery(definition(view), sub, (ast) => { body = ast; });
    produced = q.columns.map((c) => c.name);
    if (sub.answerOnce) ctx.answerOnce = true;
  } catch (e) {
    if (!(e instanceof SqlError)) throw e;
    throw new SqlError(e.code, e.sqlState, `SQL compilation error:\nFailure during expansion of view '${qualified(view, at)}': ${e.message}`);
  }
  const names = view.columns.map((c) => c.name);
  if (produced.length !== names.length) {
    throw new SqlError('002057', '42601', `SQL compilation error:\nView definition for '${qualified(view, at)}' declared ${names.length} column(s), but view query produces ${produced.length} column(s).`);
  }
  if (produced.every((n, i) => n === names[i])) return body;
  // A view with its own column names (CREATE VIEW v (a, b) AS …) renames the body's columns: by
  // name from outside when the body's names are distinct (its ORDER BY may use them), else in place.
  if (new Set(produced).size !== produced.length) {
    firstSelect(body)?.expressions.forEach((e, i) => {
      const aliased = asKind(e, 'alias');
      if (aliased) aliased.alias = storedIdent(names[i]);
    });
    return body;
  }
  const renamed = names.map((n, i) => aliasNode(column(produced[i]), storedIdent(n)));
  return selectNode({ expressions: renamed, from: { expressions: [subquery(body, null)] } });
}

/** A FROM item over an expanded view, under the alias the statement gives it. */
export const viewSubquery = (body: Node, alias: string): Node => subquery(body, alias);
