// Layering, enforced in `npm test` (scripts/test.mjs) and `npm run lint`: the layer table of
// docs/architecture.md. Only import rules run (no style rules, no type-aware linting: it would
// cost a TypeScript program per run for nothing these rules need).
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

/**
 * lib/ folders from the bottom up: a folder imports only folders of lower rank (same rank:
 * neither imports the other). Derived from the real imports; lib/floe is the composition root.
 */
const LIB_LAYERS = [
  ['values', 'config'], // pure: the value system, the environment (read in one place)
  ['limits'], // resource errors, object sizes, fair share, rate limiter
  ['storage'], // durable files, free space, the layout of stored results
  ['engine'], // sql.js replicas in workers, journal, checkpoints; LIKE and SYSTEM$WAIT semantics
  ['catalog'], // the catalog and its names
  ['access'], // roles, grants, visibility
  ['auth', 'agents'], // credentials and OAuth clients; agent specifications and their store
  ['sql'], // lexer, parser, compiler, commands, functions, compile workers
  ['warehouses'], // warehouse queues: admission, concurrency, queued timeouts, reader shares
  ['statements', 'migrations'], // statement lifecycle; boot-time upgrades of older data dirs
  ['floe'], // composition root: boots the engine, wires the services (getFloe)
  ['http'], // request handling: validation, auth step, wire bodies, OAuth endpoints, console session
  ['console'], // server side of the console's own APIs
];

/**
 * Modules browser code (lib/client, components, features) may import from the rest of lib/: pure
 * ones, without Node or server state. Everything else in lib/ is server-only.
 */
const BROWSER_SAFE = [
  'lib/values/**',
  'lib/sql/lexer.ts',
  'lib/sql/sql-text.ts',
  'lib/auth/safe-next.ts',
  'lib/auth/sign-in-messages.ts',
  'lib/agents/spec-schema.ts',
  'lib/console/worksheet.ts',
];

/** Cross-feature imports: the existing directions, nothing else (so no cycle between features). */
const FEATURE_DEPENDENCIES = {
  worksheet: ['schema-browser', 'shell', 'statement'],
  agents: ['shell', 'statement'],
  history: ['statement'],
  statement: ['results', 'explore'],
  explore: ['results', 'shell'],
  shell: ['auth'],
};

/** Import patterns naming lib/sql folders, relatively (from a sibling folder) or by alias. */
const sqlFolders = (names) => names.flatMap((n) => [`../${n}`, `../${n}/*`, `@/lib/sql/${n}`, `@/lib/sql/${n}/*`]);

const LIB = LIB_LAYERS.flat();
const rank = Object.fromEntries(LIB_LAYERS.flatMap((names, i) => names.map((n) => [n, i])));
const lib = (names) => ({ element: { type: 'lib', captured: { name: names } } });
const browserSafe = { file: { categories: 'browser-safe' } };

const policies = [
  // Top to bottom: app → features → components → lib/client → lib.
  { from: { element: { type: 'app' } }, allow: { to: { element: { types: { anyOf: ['app', 'feature', 'components', 'client', 'lib'] } } } } },
  ...Object.entries(FEATURE_DEPENDENCIES).map(([name, deps]) => ({
    from: { element: { type: 'feature', captured: { name } } },
    allow: { to: { element: { type: 'feature', captured: { name: deps } } } },
  })),
  { from: { element: { type: 'feature' } }, allow: { to: [{ element: { types: { anyOf: ['components', 'client'] } } }, browserSafe] } },
  { from: { element: { type: 'components' } }, allow: { to: [{ element: { types: { anyOf: ['components', 'client'] } } }, browserSafe] } },
  { from: { element: { type: 'client' } }, allow: { to: [{ element: { type: 'client' } }, browserSafe] } },
  // Type-only imports are erased at build: browser code may share the server's wire types.
  { from: { element: { types: { anyOf: ['feature', 'components', 'client'] } } }, allow: { to: { element: { type: 'lib' } }, dependency: { kind: 'type' } } },
  ...LIB.map((name) => ({
    from: lib([name]),
    allow: { to: lib(LIB.filter((other) => other === name || rank[other] < rank[name])) },
  })),
];

export default tseslint.config(
  { ignores: ['node_modules/**', '.next/**', 'build/**', 'test-results/**', 'playwright-report/**', 'coverage/**', '**/*.d.ts'] },
  {
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'features/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx}', 'proxy.ts', 'instrumentation.ts'],
    plugins: { boundaries, 'import-x': importX },
    settings: {
      // TypeScript sources are parsed for the module graph (no-cycle), not only .js.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // eslint-plugin-boundaries resolves through eslint-plugin-import's setting (the same resolver).
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'boundaries/elements': [
        { type: 'app', pattern: 'app' },
        { type: 'feature', pattern: 'features/*', capture: ['name'] },
        { type: 'components', pattern: 'components' },
        { type: 'client', pattern: 'lib/client' },
        { type: 'lib', pattern: 'lib/*', capture: ['name'] },
      ],
      // The version (CURRENT_VERSION) is read from the manifest: not an element of any layer.
      'boundaries/ignore': ['package.json'],
      'boundaries/files': [{ category: 'browser-safe', pattern: BROWSER_SAFE }],
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies }],
      'boundaries/no-unknown-dependencies': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
    },
  },
  {
    // Inside lib/sql, one-way: tree (builders, casts, exact numbers) ← functions ← compile.
    // Types may cross (erased at build); values may not.
    files: ['lib/sql/tree/**/*.ts', 'lib/sql/dialect/**/*.ts'],
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{
        group: sqlFolders(['compile', 'functions', 'commands']),
        allowTypeImports: true,
        message: 'lib/sql/tree and lib/sql/dialect are the base layer: they import no compiler, function library or command.',
      }] }],
    },
  },
  {
    files: ['lib/sql/functions/**/*.ts'],
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{
        group: sqlFolders(['compile', 'commands']),
        allowTypeImports: true,
        message: 'The function library sits under the compiler: build with lib/sql/tree, not lib/sql/compile.',
      }] }],
    },
  },
);
