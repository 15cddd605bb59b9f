/** A worksheet as /api/console/worksheets keeps it for the signed-in user (shared by server and browser). */
export interface Worksheet {
  id: string;
  name: string;
  sql: string;
  role: string | null;
  warehouse: string | null;
  database: string | null;
  schema: string | null;
  createdOn: number;
  updatedOn: number;
}
