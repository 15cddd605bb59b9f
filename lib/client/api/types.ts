/** The SQL API v2 wire shapes the console reads (the same answers any client gets). */
export interface RowType { name: string; type: string; nullable?: boolean; precision?: number | null; scale?: number | null; length?: number | null }
export interface PartitionInfo { rowCount: number; uncompressedSize?: number }
export type Cell = string | null;
export interface ResultSet {
  code: string;
  message: string;
  statementHandle: string;
  statementHandles?: string[];
  createdOn?: number;
  resultSetMetaData: { numRows: number; format: string; partitionInfo: PartitionInfo[]; rowType: RowType[]; parameters?: Record<string, string> };
  data: Cell[][];
}
export interface QueryStatus { code: string; message: string; statementHandle: string; createdOn?: number }
/** What GET /api/v2/statements/{handle} answers: still running (202) or done (200). */
export type StatementAnswer = { state: 'running'; status: QueryStatus } | { state: 'done'; result: ResultSet };
