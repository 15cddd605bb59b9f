'use client';
import { useDatabases } from '@/lib/client/api/get-databases';
import { useSchemas } from '@/lib/client/api/get-schemas';

/** Database and schema whose agents are shown (SHOW DATABASES / SHOW SCHEMAS). */
export function SchemaPicker({ database, schema, onChange }: { database: string | null; schema: string | null; onChange: (db: string | null, schema: string | null) => void }) {
  const dbs = useDatabases();
  const schemas = useSchemas(database);
  return (
    <span className="pickers">
      <select aria-label="Database" value={database ?? ''} onChange={(e) => onChange(e.target.value || null, e.target.value ? 'PUBLIC' : null)}>
        <option value="">(choose a database)</option>
        {dbs.data?.map((d) => <option key={d} value={d}>{d}</option>)}
      </select>
      <select aria-label="Schema" value={schema ?? ''} disabled={!database} onChange={(e) => onChange(database, e.target.value || null)}>
        <option value="">(choose a schema)</option>
        {schemas.data?.filter((s) => s !== 'INFORMATION_SCHEMA').map((s) => <option key={s} value={s}>{s}</option>)}
      </select>
    </span>
  );
}
