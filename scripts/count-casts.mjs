// Counts the type casts in lib/sql (`x as T` and `<T>x`, not `as const`) and the untyped
// `Record<string, unknown>` shapes, per folder and in total: the figure issue 19's typed tree
// brings down. `node scripts/count-casts.mjs [root]` (default lib/sql).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = process.argv[2] ?? 'lib/sql';

function* tsFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* tsFiles(path);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) yield path;
  }
}

const isConst = (type) => ts.isTypeReferenceNode(type) && type.typeName.getText() === 'const';

/** `Record<string, unknown>` as a type reference, whatever its spacing. */
const isLooseRecord = (node) =>
  ts.isTypeReferenceNode(node) && node.typeName.getText() === 'Record' && node.typeArguments?.length === 2 &&
  node.typeArguments[0].kind === ts.SyntaxKind.StringKeyword && node.typeArguments[1].kind === ts.SyntaxKind.UnknownKeyword;

function count(path) {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const tally = { casts: 0, records: 0 };
  const visit = (node) => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isConst(node.type)) tally.casts++;
    if (isLooseRecord(node)) tally.records++;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return tally;
}

const folders = new Map();
for (const path of tsFiles(root)) {
  const rel = relative(root, path);
  const folder = rel.includes('/') ? rel.slice(0, rel.indexOf('/')) : '.';
  const tally = folders.get(folder) ?? { casts: 0, records: 0, files: 0 };
  const { casts, records } = count(path);
  tally.casts += casts;
  tally.records += records;
  tally.files++;
  folders.set(folder, tally);
}

const rows = [...folders].sort(([a], [b]) => a.localeCompare(b));
const total = rows.reduce((t, [, r]) => ({ casts: t.casts + r.casts, records: t.records + r.records, files: t.files + r.files }), { casts: 0, records: 0, files: 0 });
const line = (name, r) => `${name.padEnd(30)}${String(r.files).padStart(6)}${String(r.casts).padStart(8)}${String(r.records).padStart(26)}`;
console.log(`${'folder'.padEnd(30)}${'files'.padStart(6)}${'casts'.padStart(8)}${'Record<string, unknown>'.padStart(26)}`);
for (const [name, r] of rows) console.log(line(name === '.' ? `${root}/` : `${root}/${name}/`, r));
console.log(line('total', total));
