/**
 * SQL autocomplete for Monaco: keywords, functions, and catalog names (databases, schemas,
 * tables/views, columns) read through the same cached queries as the schema browser. The
 * provider is registered once per page; the mounted worksheet supplies the catalog source.
 */
import type * as Monaco from 'monaco-editor';
import type { ColumnInfo } from '@/lib/client/api/get-columns';
import type { SchemaObject } from '@/lib/client/api/get-schema-objects';
import { quoteIdent } from '@/lib/client/sql-ident';
import { completionContext, referencedTables } from './lib/completion-context';
import { splitStatements } from './lib/statement-at-cursor';
import { FUNCTIONS, KEYWORDS } from './lib/sql-words';

export interface CatalogSource {
  context(): { database: string | null; schema: string | null };
  databases(): Promise<string[]>;
  schemas(database: string): Promise<string[]>;
  objects(database: string, schema: string): Promise<SchemaObject[]>;
  columns(database: string, schema: string, table: string): Promise<ColumnInfo[]>;
}

let source: CatalogSource | null = null;
export const setCatalogSource = (s: CatalogSource | null) => { source = s; };

let registered = false;

/** A lookup that fails (unknown schema…) simply offers nothing. */
const quiet = async <T>(p: Promise<T[]> | undefined): Promise<T[]> => { try { return (await p) ?? []; } catch { return []; } };

type Item = Omit<Monaco.languages.CompletionItem, 'range'>;

async function catalogItems(m: typeof Monaco, s: CatalogSource, qualifier: string[], statement: string): Promise<Item[]> {
  const K = m.languages.CompletionItemKind;
  const { database, schema } = s.context();
  const name = (label: string, kind: Monaco.languages.CompletionItemKind, detail: string): Item => ({ label, kind, detail, insertText: quoteIdent(label), sortText: `0${label}` });
  const objects = async (db: string, sc: string) => (await quiet(s.objects(db, sc))).filter((o) => o.kind !== 'AGENT')
    .map((o) => name(o.name, K.Struct, `${o.kind.toLowerCase()} ${db}.${sc}`));
  const columns = async (db: string, sc: string, t: string) => (await quiet(s.columns(db, sc, t))).map((c) => name(c.name, K.Field, `${c.type} · ${t}`));
  const [a, b, c] = qualifier;
  if (qualifier.length >= 3) return columns(a, b, c);
  if (qualifier.length === 2) {
    return [...await objects(a, b), ...(database ? await columns(database, a, b) : [])];
  }
  if (qualifier.length === 1) {
    const dbs = await quiet(s.databases());
    return [
      ...(dbs.includes(a) ? (await quiet(s.schemas(a))).map((x) => name(x, K.Folder, `schema in ${a}`)) : []),
      ...(database ? await objects(database, a) : []),
      ...(database && schema ? await columns(database, schema, a) : []),
    ];
  }
  const items: Item[] = (await quiet(s.databases())).map((d) => name(d, K.Module, 'database'));
  if (database) items.push(...(await quiet(s.schemas(database))).map((x) => name(x, K.Folder, `schema in ${database}`)));
  if (database && schema) items.push(...await objects(database, schema));
  for (const parts of referencedTables(statement)) {
    const [t, sc, db] = [...parts].reverse();
    const d = db ?? database;
    const x = sc ?? schema;
    if (d && x) items.push(...await columns(d, x, t));
  }
  return items;
}

export function registerSqlCompletion(m: typeof Monaco): void {
  if (registered) return;
  registered = true;
  const K = m.languages.CompletionItemKind;
  const words: Item[] = [
    ...KEYWORDS.map((k) => ({ label: k, kind: K.Keyword, insertText: k, sortText: `2${k}` })),
    ...FUNCTIONS.map((f) => ({ label: f, kind: K.Function, insertText: `${f}($0)`, insertTextRules: m.languages.CompletionItemInsertTextRule.InsertAsSnippet, detail: 'function', sortText: `1${f}` })),
  ];
  m.languages.registerCompletionItemProvider('sql', {
    triggerCharacters: ['.'],
    async provideCompletionItems(model, position) {
      const offset = model.getOffsetAt(position);
      const text = model.getValue();
      const statement = splitStatements(text).find((sp) => offset >= sp.start && offset <= sp.end + 1)?.text ?? '';
      const ctx = completionContext(model.getValueInRange({ startLineNumber: position.lineNumber, startColumn: 1, endLineNumber: position.lineNumber, endColumn: position.column }));
      const range = { startLineNumber: position.lineNumber, endLineNumber: position.lineNumber, startColumn: position.column - ctx.partial.length, endColumn: position.column };
      const items = [...(source ? await catalogItems(m, source, ctx.qualifier, statement) : []), ...(ctx.qualifier.length ? [] : words)];
      const seen = new Set<string>();
      return {
        suggestions: items.filter((i) => { const k = `${String(i.label)}|${i.kind}`; return !seen.has(k) && seen.add(k); }).map((i) => ({ ...i, range })),
      };
    },
  });
}
