/**
 * CREATE [OR REPLACE] SEQUENCE [IF NOT EXISTS], ALTER SEQUENCE, DROP SEQUENCE, SHOW SEQUENCES and
 * DESCRIBE SEQUENCE. A sequence is a row of _floe_sequences; its next value changes with every
 * use (compile/sequences.ts), so SHOW and DESCRIBE read it in the engine rather than from the
 * catalog copy.
 */
import type { Catalog, SequenceInfo } from '@/lib/catalog/catalog';
import { newObjectId } from '@/lib/catalog/names';
import { addSequence, alterSequence, dropSequence, type SequenceChange } from '@/lib/catalog/sequences';
import { Access } from '@/lib/access/check';
import { accessErrors } from '@/lib/access/errors';
import { securables } from '@/lib/access/objects';
import { ltzFromEpochMs } from '@/lib/values';
import { SqlError, sqlErrors } from '../errors';
import { quoteString as s } from '../sql-text';
import { displayName, resolveSchema } from '../compile/names';
import { findSequence } from '../compile/sequences';
import { column, type Compiled } from '../compile/types';
import { types } from '../types';
import type { Session } from '../session';
import { createMatches, TokenReader } from './reader';
import { applyNameFilters, readShowClauses } from './show-filters';
import { schemasIn } from './show';
import type { Command, CommandContext } from './types';

const done = (status: string): Compiled => ({ kind: 'ddl', steps: [], status, params: 0 });

/** A 64-bit integer literal, signed. */
function signedInteger(r: TokenReader): number {
  const negative = r.acceptPunct('-');
  const n = r.integer();
  return negative ? -n : n;
}

/** `KEYWORD [word] [=] n`: START [WITH], INCREMENT [BY]. */
function numberAfter(r: TokenReader, filler: string): number {
  r.accept(filler);
  r.acceptPunct('=');
  return signedInteger(r);
}

function checkIncrement(n: number): number {
  if (n === 0) throw new SqlError('002070', '22023', 'SQL compilation error:\nSequence increment must not be 0.');
  return n;
}

/** A sequence by its one- to three-part name (002003 when there is none). */
function sequenceNamed(ctx: CommandContext, parts: string[]): SequenceInfo | undefined {
  const padded = [null, null, null, ...parts].slice(-3);
  return findSequence(ctx.catalog, ctx.session, padded);
}

const missing = (parts: string[]) => sqlErrors.objectMissing('Object', parts.map(displayName).join('.'));

/** Altering or dropping a sequence takes its ownership (or the schema's). */
function requireOwner(catalog: Catalog, session: Session, seq: SequenceInfo): void {
  const access = Access.of(catalog, session.role);
  if (access.admin || (seq.owner !== null && access.roles.has(seq.owner)) || access.owns(securables.schema(catalog, catalog.schemas.get(seq.schemaId)!))) return;
  throw accessErrors.denied('SEQUENCE', displayName(seq.name ?? ''));
}

export const createSequenceCommand: Command = {
  name: 'CREATE SEQUENCE',
  matches: createMatches('SEQUENCE'),
  compile(stmt, ctx) {
    const r = new TokenReader(stmt.tokens);
    const { orReplace, ifNotExists } = r.createHeader('SEQUENCE');
    const parts = r.name(3);
    const padded = [null, null, null, ...parts].slice(-3);
    const name = padded[2]!;
    let start = 1;
    let increment = 1;
    let ordered = false;
    let comment: string | null = null;
    r.accept('WITH');
    while (!r.done) {
      if (r.accept('START')) start = numberAfter(r, 'WITH');
      else if (r.accept('INCREMENT')) increment = checkIncrement(numberAfter(r, 'BY'));
      else if (r.accept('ORDER')) ordered = true;
      else if (r.accept('NOORDER')) ordered = false;
      else if (r.accept('COMMENT')) { r.acceptPunct('='); comment = r.string(); }
      else r.fail();
    }
    const { schema } = resolveSchema(ctx.catalog, ctx.session, padded[0], padded[1]);
    const access = Access.of(ctx.catalog, ctx.session.role);
    access.require('CREATE SEQUENCE', securables.schema(ctx.catalog, schema));
    const existing = ctx.catalog.unfiltered.sequence(schema.id, name);
    if (existing && ifNotExists) return done(`${displayName(name)} already exists, statement succeeded.`);
    if (existing && !orReplace) throw sqlErrors.alreadyExists('Object', displayName(name));
    if (existing) requireOwner(ctx.catalog, ctx.session, existing);
    return {
      kind: 'ddl', params: 0, status: `Sequence ${displayName(name)} successfully created.`,
      steps: [
        ...(existing ? dropSequence(existing.id) : []),
        ...addSequence({ id: newObjectId(), schemaId: schema.id, name, tableId: null, start, increment, ordered, owner: ctx.session.role, comment, createdOn: Date.now() }),
      ],
    };
  },
};

export const dropSequenceCommand: Command = {
  name: 'DROP SEQUENCE',
  matches: (w) => w[0] === 'DROP' && w[1] === 'SEQUENCE',
  compile(stmt, ctx) {
    const r = new TokenReader(stmt.tokens);
    r.expect('DROP', 'SEQUENCE');
    const ifExists = r.accept('IF', 'EXISTS');
    const parts = r.name(3);
    if (!r.accept('CASCADE')) r.accept('RESTRICT');
    r.end();
    const seq = sequenceNamed(ctx, parts);
    const name = displayName(parts[parts.length - 1]);
    if (!seq) {
      if (ifExists) return done(`Drop statement executed successfully (${name} already dropped).`);
      throw missing(parts);
    }
    requireOwner(ctx.catalog, ctx.session, seq);
    return { kind: 'ddl', params: 0, status: `${name} successfully dropped.`, steps: dropSequence(seq.id) };
  },
};

/** ALTER SEQUENCE [IF EXISTS] s RENAME TO n | [SET] INCREMENT [BY] [=] n | SET [ORDER|NOORDER] [COMMENT = '…'] | UNSET COMMENT. */
export const alterSequenceCommand: Command = {
  name: 'ALTER SEQUENCE',
  matches: (w) => w[0] === 'ALTER' && w[1] === 'SEQUENCE',
  compile(stmt, ctx) {
    const r = new TokenReader(stmt.tokens);
    r.expect('ALTER', 'SEQUENCE');
    const ifExists = r.accept('IF', 'EXISTS');
    const parts = r.name(3);
    const seq = sequenceNamed(ctx, parts);
    if (!seq) {
      if (ifExists) return done('Statement executed successfully.');
      throw missing(parts);
    }
    requireOwner(ctx.catalog, ctx.session, seq);
    const change: SequenceChange = {};
    if (r.accept('RENAME', 'TO')) {
      const to = r.name(3);
      const padded = [null, null, null, ...to].slice(-3);
      const { schema } = resolveSchema(ctx.catalog, ctx.session, padded[0] ?? null, padded[1] ?? null);
      if (ctx.catalog.unfiltered.sequence(schema.id, padded[2]!)) throw sqlErrors.alreadyExists('Object', displayName(padded[2]!));
      Object.assign(change, { name: padded[2]!, schemaId: schema.id });
    } else if (r.accept('UNSET')) {
      r.expect('COMMENT');
      change.comment = null;
    } else {
      r.accept('SET');
      while (!r.done) {
        if (r.accept('INCREMENT')) change.increment = checkIncrement(numberAfter(r, 'BY'));
        else if (r.accept('ORDER')) change.ordered = true;
        else if (r.accept('NOORDER')) change.ordered = false;
        else if (r.accept('COMMENT')) { r.acceptPunct('='); change.comment = r.string(); }
        else r.fail();
      }
      if (Object.keys(change).length === 0) r.fail();
    }
    r.end();
    return { kind: 'ddl', params: 0, status: 'Statement executed successfully.', steps: alterSequence(seq.id, change) };
  },
};

/** SHOW SEQUENCES and DESCRIBE SEQUENCE output columns (Snowflake's, with `ordered` from the 2023_06 bundle). */
const OUTPUT = ['created_on', 'name', 'schema_name', 'database_name', 'next_value', 'interval', 'owner', 'comment', 'owner_role_type', 'ordered'];

/**
 * Rows of sequences as a query: everything but next_value is known here; next_value is read in
 * the engine, where the last use of the sequence left it.
 */
function sequenceRows(catalog: Catalog, list: SequenceInfo[], queryType: 'SHOW' | 'DESCRIBE'): Compiled {
  const columns = OUTPUT.map((n) => column(n, n === 'created_on' ? types.timestampLtz(3) : n === 'next_value' || n === 'interval' ? types.number(38, 0) : types.varchar()));
  const row = (q: SequenceInfo) => {
    const { database, schema } = catalog.schemaPath(q.schemaId);
    return `SELECT ${s(ltzFromEpochMs(q.createdOn))}, ${s(q.name)}, ${s(schema)}, ${s(database)}, (SELECT next_value FROM _floe_sequences WHERE id = ${q.id}), ${q.increment}, `
      + `${s(q.owner ?? '')}, ${s(q.comment ?? '')}, ${s(q.owner ? 'ROLE' : '')}, ${s(q.ordered ? 'Y' : 'N')}`;
  };
  const sql = list.length === 0 ? `SELECT ${OUTPUT.map(() => 'NULL').join(', ')} WHERE 0` : list.map(row).join(' UNION ALL ');
  return { kind: 'query', sql, columns, params: 0, extraParams: [], tables: [], rowSources: list.length === 0 ? 0 : 1, queryType };
}

export const showSequencesCommand: Command = {
  name: 'SHOW SEQUENCES',
  matches: (w) => w[0] === 'SHOW' && w[1] === 'SEQUENCES',
  compile(stmt, ctx) {
    const r = new TokenReader(stmt.tokens);
    r.expect('SHOW', 'SEQUENCES');
    const c = readShowClauses(r);
    r.end();
    const all = schemasIn(ctx.catalog, ctx.session, c).flatMap(({ db, schema }) => ctx.catalog.sequencesOf(schema.id).map((q) => ({ db, schema, q })));
    const items = applyNameFilters(all, (x) => x.q.name!, c, (x) => [x.db.name, x.schema.name, x.q.name!]);
    return sequenceRows(ctx.catalog, items.map((x) => x.q), 'SHOW');
  },
};

export const describeSequenceCommand: Command = {
  name: 'DESCRIBE SEQUENCE',
  matches: (w) => (w[0] === 'DESCRIBE' || w[0] === 'DESC') && w[1] === 'SEQUENCE',
  compile(stmt, ctx) {
    const r = new TokenReader(stmt.tokens);
    if (!r.accept('DESCRIBE')) r.expect('DESC');
    r.expect('SEQUENCE');
    const parts = r.name(3);
    r.end();
    const seq = sequenceNamed(ctx, parts);
    if (!seq) throw missing(parts);
    return sequenceRows(ctx.catalog, [seq], 'DESCRIBE');
  },
};

export const SEQUENCE_COMMANDS: Command[] = [createSequenceCommand, dropSequenceCommand, alterSequenceCommand, showSequencesCommand, describeSequenceCommand];
