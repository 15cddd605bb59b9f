/**
 * Agent commands: CREATE [OR REPLACE] AGENT [IF NOT EXISTS], ALTER AGENT … SET COMMENT|PROFILE,
 * ALTER AGENT … MODIFY LIVE VERSION SET SPECIFICATION, DESCRIBE|DESC AGENT, SHOW AGENTS,
 * DROP AGENT [IF EXISTS]. The objects are the ones the REST endpoints manage (lib/agents).
 */
import { isAgentError } from '@/lib/agents/errors';
import { IDENTIFIER_RULE, identifierProblem } from '@/lib/agents/names';
import { createAgent, describeAgent, dropAgent, listAgents, updateAgent, type AgentFields, type AgentPlan, type ListFilter } from '@/lib/agents/store';
import { normalizeProfile, parseSpecText } from '@/lib/agents/validate';
import type { AgentInfo, Catalog } from '@/lib/catalog/catalog';
import { displayName } from '@/lib/catalog/names';
import { ltzFromEpochMs } from '@/lib/values';
import type { Session } from '../session';
import { sqlErrors } from '../errors';
import { resolveSchema } from '../compile/names';
import { column, type Compiled } from '../compile/types';
import { types } from '../types';
import { createMatches, TokenReader } from './reader';
import type { Command, CommandContext } from './types';

/** Agent failures reported as statement failures (422). */
function asSql<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (!isAgentError(e)) throw e;
    if (e.reason === 'exists') throw sqlErrors.alreadyExists('Agent', e.objectName);
    if (e.reason === 'missing') throw sqlErrors.objectMissing('Agent', e.objectName);
    throw sqlErrors.invalidValue(e.message);
  }
}

function target(catalog: Catalog, session: Session, parts: string[]) {
  const name = parts[parts.length - 1];
  const [db, schema] = parts.length === 3 ? parts : parts.length === 2 ? [null, parts[0]] : [null, null];
  return { name, ...resolveSchema(catalog, session, db, schema) };
}

const ddl = (plan: AgentPlan): Compiled => ({ kind: 'ddl', ...plan, params: 0 });

/** `= '<string>'` after a keyword. */
function assigned(r: TokenReader): string {
  if (!r.acceptPunct('=')) r.fail();
  return r.string();
}

function compileCreate(r: TokenReader, ctx: CommandContext): Compiled {
  const { orReplace, ifNotExists } = r.createHeader('AGENT');
  if (orReplace && ifNotExists) throw sqlErrors.invalidValue('OR REPLACE and IF NOT EXISTS are incompatible.');
  const t = target(ctx.catalog, ctx.session, r.name(3));
  const written = r.previous()!;
  const problem = identifierProblem(t.name, written.kind === 'quoted');
  if (problem) throw sqlErrors.invalidValue(`Invalid agent name '${written.text.length > 300 ? `${written.text.slice(0, 300)}…` : written.text}': ${problem} (${IDENTIFIER_RULE}).`);
  let comment: string | null = null;
  let profile: string | null = null;
  for (;;) {
    if (r.accept('COMMENT')) comment = assigned(r);
    else if (r.accept('PROFILE')) profile = assigned(r);
    else break;
  }
  r.expect('FROM', 'SPECIFICATION');
  const text = r.string();
  r.end();
  return asSql(() => {
    const fields: AgentFields = { comment, profile: profile === null ? null : normalizeProfile(profile), spec: parseSpecText(text) };
    const mode = orReplace ? 'orReplace' : ifNotExists ? 'ifNotExists' : 'errorIfExists';
    return ddl(createAgent(ctx.catalog, t.schema, t.name, fields, ctx.session.role, mode));
  });
}

function compileAlter(r: TokenReader, ctx: CommandContext): Compiled {
  r.expect('ALTER', 'AGENT');
  const t = target(ctx.catalog, ctx.session, r.name(3));
  const change: { comment?: string; profile?: string; spec?: string } = {};
  if (r.accept('MODIFY', 'LIVE', 'VERSION', 'SET', 'SPECIFICATION')) {
    if (!r.acceptPunct('=')) r.fail();
    change.spec = r.string();
  } else {
    r.expect('SET');
    for (;;) {
      if (r.accept('COMMENT')) change.comment = assigned(r);
      else if (r.accept('PROFILE')) change.profile = assigned(r);
      else break;
    }
    if (change.comment === undefined && change.profile === undefined) r.fail();
  }
  r.end();
  return asSql(() => ddl(updateAgent(ctx.catalog, t.schema, t.name, {
    comment: change.comment,
    profile: change.profile === undefined ? undefined : normalizeProfile(change.profile),
    spec: change.spec === undefined ? undefined : parseSpecText(change.spec),
  }, ctx.session.role)));
}


const DESCRIBE_COLUMNS = [
  column('name', types.varchar(), false), column('database_name', types.varchar(), false), column('schema_name', types.varchar(), false),
  column('owner', types.varchar()), column('comment', types.varchar()), column('profile', types.varchar()),
  column('agent_spec', types.varchar()), column('created_on', types.timestampLtz(3), false),
];

const SHOW_COLUMNS = [
  column('created_on', types.timestampLtz(3), false), column('name', types.varchar(), false), column('database_name', types.varchar(), false),
  column('schema_name', types.varchar(), false), column('owner', types.varchar()), column('comment', types.varchar()),
  column('profile', types.varchar()), column('is_secure', types.boolean(), false),
];

function compileDescribe(r: TokenReader, ctx: CommandContext): Compiled {
  if (!r.accept('DESCRIBE')) r.expect('DESC');
  r.expect('AGENT');
  const t = target(ctx.catalog, ctx.session, r.name(3));
  r.end();
  const a = asSql(() => describeAgent(ctx.catalog, t.schema, t.name));
  return { kind: 'rows', columns: DESCRIBE_COLUMNS, rows: [[a.name, t.db.name, t.schema.name, a.owner, a.comment, a.profile, a.spec, ltzFromEpochMs(a.createdOn)]] };
}

/** Schemas SHOW AGENTS looks in: IN ACCOUNT | DATABASE [d] | SCHEMA [d.]s; none ⇒ current database, else account. */
function showScope(r: TokenReader, catalog: Catalog, session: Session): number[] {
  const account = () => [...catalog.schemas.keys()];
  const database = (name: string | null) => {
    if (name === null) return account();
    const db = catalog.database(name);
    if (!db) throw sqlErrors.objectMissing('Database', displayName(name));
    return catalog.schemasOf(db.id).map((s) => s.id);
  };
  if (!r.accept('IN')) return database(session.database);
  if (r.accept('ACCOUNT')) return account();
  const nameFollows = () => r.peek()?.kind === 'quoted' || (r.peek()?.kind === 'word' && !r.at('STARTS') && !r.at('LIMIT'));
  if (r.accept('DATABASE')) return database(nameFollows() ? r.ident() : session.database);
  r.expect('SCHEMA');
  if (!nameFollows()) return [resolveSchema(catalog, session, null, null).schema.id];
  const parts = r.name(2);
  return [resolveSchema(catalog, session, parts.length === 2 ? parts[0] : null, parts[parts.length - 1]).schema.id];
}

function compileShow(r: TokenReader, ctx: CommandContext): Compiled {
  r.expect('SHOW', 'AGENTS');
  const filter: ListFilter = {};
  if (r.accept('LIKE')) filter.like = r.string();
  const scope = showScope(r, ctx.catalog, ctx.session);
  if (r.accept('STARTS', 'WITH')) filter.startsWith = r.string();
  if (r.accept('LIMIT')) {
    filter.limit = Math.min(r.integer(), 10_000);
    if (r.accept('FROM')) filter.fromName = r.string();
  }
  r.end();
  const row = (a: AgentInfo) => {
    const p = ctx.catalog.schemaPath(a.schemaId);
    return [ltzFromEpochMs(a.createdOn), a.name, p.database, p.schema, a.owner, a.comment, a.profile, false];
  };
  return { kind: 'rows', columns: SHOW_COLUMNS, rows: listAgents(ctx.catalog, scope, filter).agents.map(row) };
}

function compileDrop(r: TokenReader, ctx: CommandContext): Compiled {
  r.expect('DROP', 'AGENT');
  const ifExists = r.accept('IF', 'EXISTS');
  const parts = r.name(3);
  r.end();
  const schema = (() => {
    try {
      return target(ctx.catalog, ctx.session, parts).schema;
    } catch (e) {
      if (ifExists) return undefined;
      throw e;
    }
  })();
  return asSql(() => ddl(dropAgent(ctx.catalog, schema, parts[parts.length - 1], ifExists, ctx.session.role)));
}

const command = (name: string, matches: (w: string[]) => boolean, compile: (r: TokenReader, ctx: CommandContext) => Compiled): Command =>
  ({ name, matches, compile: (stmt, ctx) => compile(new TokenReader(stmt.tokens), ctx) });

export const agentCommands: Command[] = [
  command('CREATE AGENT', createMatches('AGENT'), compileCreate),
  command('ALTER AGENT', (w) => w[0] === 'ALTER' && w[1] === 'AGENT', compileAlter),
  command('DESCRIBE AGENT', (w) => (w[0] === 'DESCRIBE' || w[0] === 'DESC') && w[1] === 'AGENT', compileDescribe),
  command('SHOW AGENTS', (w) => w[0] === 'SHOW' && w[1] === 'AGENTS', compileShow),
  command('DROP AGENT', (w) => w[0] === 'DROP' && w[1] === 'AGENT', compileDrop),
];
