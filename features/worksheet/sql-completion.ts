/**
 * SQL autocomplete and signature help for Monaco: keywords, Floe's functions (SHOW FUNCTIONS,
 * with their signatures), and catalog names (databases, schemas, tables/views, columns) read
 * through the same cached queries as the schema browser. Only complete names are looked up: a
 * schema must be in its database's SHOW SCHEMAS, a table in its schema's SHOW OBJECTS, before
 * DESCRIBE runs, and the name being typed is never described. Aliases resolve to their tables.
 * The providers are registered once per page; the mounted worksheet supplies the catalog source.
 */
import type * as Monaco from 'monaco-editor';
import type { ColumnInfo } from '@/lib/client/api/get-columns';
import type { FunctionInfo } from '@/lib/client/api/get-functions';
import type { SchemaObject } from '@/lib/client/api/get-schema-objects';
import { quoteIdent } from '@/lib/client/sql-ident';
import { callAtCursor, completionContext, resolveQualifier, signatureParameters, tableReferences, type TableReference } from './lib/completion-context';
import { splitStatements } from './lib/statement-at-cursor';
import { KEYWORDS } from './lib/sql-words';

export interface CatalogSource {
  context(): { database: string | null; schema: string | null };
  databases(): Promise<string[]>;
  schemas(database: string): Promise<string[]>;
  objects(database: string, schema: string): Promise<SchemaObject[]>;
  columns(database: string, schema: string, table: string): Promise<ColumnInfo[]>;
  functions(): Promise<FunctionInfo[]>;
}

let source: CatalogSource | null = null;
export const setCatalogSource = (s: CatalogSource | null) => { source = s; };

let registered = false;

/** A lookup that fails (unknown schema…) simply offers nothing. */
const quiet = async <T>(p: Promise<T[]> | undefined): Promise<T[]> => { try { return (await p) ?? []; } catch { return []; } };

type Item = Omit<Monaco.languages.CompletionItem, 'range'>;

/** Catalog lookups of complete names only, each answered from the cached SHOW/DESCRIBE queries. */
function catalog(s: CatalogSource) {
  const hasSchema = async (db: string, sc: string) => (await quiet(s.databases())).includes(db) && (await quiet(s.schemas(db))).includes(sc);
  const objects = async (db: string, sc: string) => ((await hasSchema(db, sc)) ? (await quiet(s.objects(db, sc))).filter((o) => o.kind !== 'AGENT') : []);
  return {
    objects,
    hasSchema,
    /** Columns of a table named by 1–3 parts (the worksheet's database and schema fill the rest), when it exists. */
    async columns(parts: string[]): Promise<{ table: string; columns: ColumnInfo[] }> {
      const { database, schema } = s.context();
      const [t, sc, db] = [...parts].reverse();
      const d = db ?? database;
      const x = sc ?? schema;
      if (!d || !x || !(await objects(d, x)).some((o) => o.name === t)) return { table: t, columns: [] };
      return { table: t, columns: await quiet(s.columns(d, x, t)) };
    },
  };
}

async function catalogItems(m: typeof Monaco, s: CatalogSource, qualifier: string[], refs: TableReference[]): Promise<Item[]> {
  const K = m.languages.CompletionItemKind;
  const c = catalog(s);
  const { database, schema } = s.context();
  const name = (label: string, kind: Monaco.languages.CompletionItemKind, detail: string): Item => ({ label, kind, detail, insertText: quoteIdent(label), sortText: `0${label}` });
  const objectItems = async (db: string, sc: string) => (await c.objects(db, sc)).map((o) => name(o.name, K.Struct, `${o.kind.toLowerCase()} ${db}.${sc}`));
  const columnItems = async (parts: string[]) => {
    const { table, columns } = await c.columns(parts);
    return columns.map((col) => name(col.name, K.Field, `${col.type} · ${table}`));
  };
  const [a, b] = qualifier;
  if (qualifier.length >= 3) return columnItems(qualifier.slice(0, 3));
  if (qualifier.length === 2) return [...await objectItems(a, b), ...await columnItems([a, b])];
  if (qualifier.length === 1) {
    // `a.`: an alias (or a table named in the statement) completes its table's columns only.
    const ref = resolveQualifier(refs, a);
    if (ref) return columnItems(ref.parts);
    const dbs = await quiet(s.databases());
    return [
      ...(dbs.includes(a) ? (await quiet(s.schemas(a))).map((x) => name(x, K.Folder, `schema in ${a}`)) : []),
      ...(database ? await objectItems(database, a) : []),
      ...await columnItems([a]),
    ];
  }
  const items: Item[] = (await quiet(s.databases())).map((d) => name(d, K.Module, 'database'));
  if (database) items.push(...(await quiet(s.schemas(database))).map((x) => name(x, K.Folder, `schema in ${database}`)));
  if (database && schema) items.push(...await objectItems(database, schema));
  for (const ref of refs) items.push(...await columnItems(ref.parts));
  for (const ref of refs) if (ref.alias) items.push(name(ref.alias, K.Variable, `alias of ${ref.parts.join('.')}`));
  return items;
}

/** The statement around the cursor and the cursor's offset in it. */
function statementAt(model: Monaco.editor.ITextModel, position: Monaco.Position): { text: string; cursor: number } {
  const offset = model.getOffsetAt(position);
  const sp = splitStatements(model.getValue()).find((x) => offset >= x.start && offset <= x.end + 1);
  return sp ? { text: sp.text, cursor: offset - sp.start } : { text: '', cursor: 0 };
}

export function registerSqlCompletion(m: typeof Monaco): void {
  if (registered) return;
  registered = true;
  const K = m.languages.CompletionItemKind;
  const keywords: Item[] = KEYWORDS.map((k) => ({ label: k, kind: K.Keyword, insertText: k, sortText: `2${k}` }));
  const functionItems = (fns: FunctionInfo[]): Item[] => fns.map((f) => ({
    label: f.name, kind: K.Function, insertText: `${f.name}($0)`, insertTextRules: m.languages.CompletionItemInsertTextRule.InsertAsSnippet,
    detail: f.signature ?? (f.aggregate ? 'aggregate function' : 'function'), sortText: `1${f.name}`,
  }));
  m.languages.registerCompletionItemProvider('sql', {
    triggerCharacters: ['.'],
    async provideCompletionItems(model, position) {
      const { text, cursor } = statementAt(model, position);
      const ctx = completionContext(model.getValueInRange({ startLineNumber: position.lineNumber, startColumn: 1, endLineNumber: position.lineNumber, endColumn: position.column }));
      const range = { startLineNumber: position.lineNumber, endLineNumber: position.lineNumber, startColumn: position.column - ctx.partial.length, endColumn: position.column };
      const refs = tableReferences(text, cursor);
      const items = [
        ...(source ? await catalogItems(m, source, ctx.qualifier, refs) : []),
        ...(ctx.qualifier.length ? [] : [...functionItems(source ? await quiet(source.functions()) : []), ...keywords]),
      ];
      const seen = new Set<string>();
      return {
        suggestions: items.filter((i) => { const k = `${String(i.label)}|${i.kind}`; return !seen.has(k) && seen.add(k); }).map((i) => ({ ...i, range })),
      };
    },
  });
  m.languages.registerSignatureHelpProvider('sql', {
    signatureHelpTriggerCharacters: ['(', ','],
    signatureHelpRetriggerCharacters: [','],
    async provideSignatureHelp(model, position) {
      const { text, cursor } = statementAt(model, position);
      const call = callAtCursor(text.slice(0, cursor));
      if (!call || !source) return null;
      const fn = (await quiet(source.functions())).find((f) => f.name === call.name);
      if (!fn) return null;
      const label = fn.signature ?? `${fn.name}(…)`;
      const parameters = signatureParameters(label).map((p) => ({ label: p }));
      return {
        value: { signatures: [{ label, parameters }], activeSignature: 0, activeParameter: Math.min(call.argIndex, Math.max(0, parameters.length - 1)) },
        dispose: () => undefined,
      };
    },
  });
}
