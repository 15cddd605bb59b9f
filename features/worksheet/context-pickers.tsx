'use client';
import { useDatabases } from '@/lib/client/api/get-databases';
import { useRoles } from '@/lib/client/api/get-roles';
import { useSchemas } from '@/lib/client/api/get-schemas';
import { useWarehouses } from '@/lib/client/api/get-warehouses';
import type { WorksheetContext } from './lib/session-context';

export type { WorksheetContext };

function Picker({ label, value, options, none, disabled, onChange }: {
  label: string; value: string | null; options: string[] | undefined; none: string; disabled?: boolean; onChange: (v: string | null) => void;
}) {
  // A saved value the list no longer holds (dropped database…) stays visible rather than vanishing.
  const all = value && options && !options.includes(value) ? [value, ...options] : options ?? (value ? [value] : []);
  return (
    <select aria-label={label} value={value ?? ''} disabled={disabled} onChange={(e) => onChange(e.target.value || null)}>
      <option value="">{none}</option>
      {all.map((o) => <option key={o} value={o}>{o}</option>)}
    </select>
  );
}

/** Role, warehouse, database and schema of the worksheet's statements, filled from SHOW commands. */
export function ContextPickers({ value, onChange }: { value: WorksheetContext; onChange: (next: Partial<WorksheetContext>) => void }) {
  const roles = useRoles();
  const warehouses = useWarehouses();
  const dbs = useDatabases();
  const schemas = useSchemas(value.database);
  return (
    <span className="pickers">
      <Picker label="Role" value={value.role} options={roles.data} none="(default role)" onChange={(role) => onChange({ role })} />
      <Picker label="Warehouse" value={value.warehouse} options={warehouses.data} none="(default warehouse)" onChange={(warehouse) => onChange({ warehouse })} />
      <Picker label="Database" value={value.database} options={dbs.data} none="(no database)"
        onChange={(database) => onChange({ database, schema: database ? 'PUBLIC' : null })} />
      <Picker label="Schema" value={value.schema} options={schemas.data} none="(no schema)" disabled={!value.database} onChange={(schema) => onChange({ schema })} />
    </span>
  );
}
