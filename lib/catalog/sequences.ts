/**
 * Catalog operations on sequences (_floe_sequences): CREATE SEQUENCE's and the hidden ones of
 * IDENTITY columns (no name, their table's id). next_value is the engine's to advance (the
 * compiler's FLOE_SEQ_SAVE steps); these write the definition. Each returns the engine steps; the
 * caller applies them through the one catalog write path (lib/statements/catalog-writes.ts).
 */
import type { SqlStep } from '@/lib/engine/types';
import type { SequenceInfo } from './catalog';

/** A new sequence, its first value `start`. */
export const addSequence = (q: SequenceInfo): SqlStep[] => [{
  sql: 'INSERT INTO _floe_sequences(id, schema_id, name, table_id, start_value, next_value, increment, ordered, owner, comment, created_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  params: [q.id, q.schemaId, q.name, q.tableId, q.start, q.start, q.increment, q.ordered ? 1 : 0, q.owner, q.comment, q.createdOn],
}];

export const dropSequence = (id: number): SqlStep[] => [{ sql: 'DELETE FROM _floe_sequences WHERE id = ?', params: [id] }];

/** What ALTER SEQUENCE changes (absent: unchanged; comment null: unset). */
export type SequenceChange = Partial<Pick<SequenceInfo, 'schemaId' | 'name' | 'increment' | 'ordered' | 'comment'>>;

const COLUMNS: Record<keyof SequenceChange, string> = { name: 'name', schemaId: 'schema_id', increment: 'increment', ordered: 'ordered', comment: 'comment' };

export function alterSequence(id: number, change: SequenceChange): SqlStep[] {
  const sets = Object.entries(change).map(([k, v]) => [COLUMNS[k as keyof SequenceChange], typeof v === 'boolean' ? (v ? 1 : 0) : (v ?? null)] as const);
  if (sets.length === 0) return [];
  return [{ sql: `UPDATE _floe_sequences SET ${sets.map(([c]) => `${c} = ?`).join(', ')} WHERE id = ?`, params: [...sets.map(([, v]) => v), id] }];
}
