/** What a data-dir migration at boot needs of the engine: reads, and journaled writes of system SQL. */
export interface MigrationEngine {
  query(sql: string): Promise<{ rows: unknown[][] }>;
  write(steps: string[]): Promise<void>;
}
