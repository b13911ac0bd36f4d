// Lint for the whole repository. The boundary rules below keep the layering of
// docs/architecture.md: db/ and sandbox/ never reach into the app, the renderer
// never touches Node and imports only the contract, the sync engine knows nothing of what
// runs it, logging knows nothing of sync, and only main/electron/ may import electron.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeModules = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

const appFolders = (...names) =>
  names.map((name) => ({
    group: [`**/${name}/**`, `${name}/**`],
    message: `This folder must not import from ${name}/ (see docs/architecture.md).`,
  }));

const drizzleOnlyFromDb = [
  'ImportDeclaration',
  'ExportNamedDeclaration',
  'ExportAllDeclaration',
].map((node) => ({
  selector: `${node}[source.value=/^drizzle-orm/]:not([importKind='type']):not([exportKind='type'])`,
  message: 'Take drizzle-orm from db/drizzle.ts (Node 24 loads its ES build slowly).',
}));

const WORDS_FROM_CATALOG =
  'Take the words from the catalog: useWords().t(key) (see README, Languages).';

const NO_SQL = 'No SQL outside db/: add a function there and call it.';
// What writes or runs SQL: the driver, drizzle (its builder and its `sql`, from db/drizzle.ts
// too) and the typed raw SQL of db/typed-sql.ts. Type imports as well: none is needed there.
const SQL_MODULES = String.raw`/^(better-sqlite3|drizzle-orm)(\/|$)|(^|\/)db\/(drizzle|typed-sql)(\.[jt]s)?$/`;
const sqlOnlyInDb = [
  { selector: 'CallExpression[callee.property.name=/^(prepare|pragma)$/]', message: NO_SQL },
  {
    selector: "CallExpression[callee.property.name='exec'][callee.object.name='sqlite']",
    message: NO_SQL,
  },
  {
    selector: "CallExpression[callee.property.name='exec'][callee.object.property.name='sqlite']",
    message: NO_SQL,
  },
  ...[
    'ImportDeclaration',
    'ImportExpression',
    'ExportNamedDeclaration',
    'ExportAllDeclaration',
  ].map((node) => ({ selector: `${node}[source.value=${SQL_MODULES}]`, message: NO_SQL })),
  // The connection and drizzle's handle stay in db/: the app passes the database to db/.
  { selector: "MemberExpression[property.name='sqlite']", message: NO_SQL },
  { selector: "ObjectPattern > Property[key.name='sqlite']", message: NO_SQL },
  { selector: "MemberExpression[property.name='db'][object.name='database']", message: NO_SQL },
  {
    selector: "MemberExpression[property.name='db'][object.property.name='database']",
    message: NO_SQL,
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'test-artifacts/**',
      'renderer/dist/**',
      'scratch/**',
      '.stryker-tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify takes a route's answer from an async handler's return value, with or
      // without an await inside it.
      '@typescript-eslint/require-await': 'off',
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'Only main/electron/ may import electron.' }] },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'db/ runs under plain Node.' }],
          patterns: appFolders('main', 'renderer', 'sandbox'),
        },
      ],
    },
  },
  // The vocabulary every layer shares: plain TypeScript and zod, nothing else: no Node
  // (the renderer reads it too), no other folder, no other package. Its views, one folder
  // down, may also reach up one level (into domain/, never out of it).
  ...[
    { files: ['domain/*.ts'], ownFiles: String.raw`\./` },
    { files: ['domain/views/**'], ownFiles: String.raw`\./|\.\./(?!\.\.)` },
  ].map(({ files, ownFiles }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(?!zod$|${ownFiles})`,
              message: 'domain/ imports only zod and its own files (see docs/architecture.md).',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['sandbox/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The sandbox runs under plain Node.' }],
          patterns: appFolders('main', 'renderer'),
        },
      ],
    },
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...nodeModules.map((name) => ({
              name,
              message: 'The renderer runs in a sandboxed page: no Node modules.',
            })),
            {
              name: 'electron',
              message: 'The renderer reaches the agent only through the contract.',
            },
            { name: 'better-sqlite3', message: 'The renderer never opens the database.' },
          ],
          patterns: [
            ...appFolders('db', 'sandbox'),
            {
              regex: '(^|/)main/(?!contract/)',
              message: 'The renderer imports only the contract (main/contract/).',
            },
          ],
        },
      ],
    },
  },
  {
    // The sync engine knows nothing of what runs it: the agent, the CLI, the console or
    // the desktop shell.
    files: ['main/sync/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'Only main/electron/ may import electron.' }],
          patterns: ['agent', 'cli', 'console', 'electron'].map((name) => ({
            group: [`../${name}/**`, `**/main/${name}/**`],
            message: `main/sync/ must not import from main/${name}/ (it is run by them).`,
          })),
        },
      ],
    },
  },
  {
    files: ['main/log/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'Only main/electron/ may import electron.' }],
          patterns: [
            {
              group: ['../sync/**', '**/main/sync/**'],
              message: 'Logging must not import the sync engine (the engine logs through it).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['main/electron/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // drizzle-orm's values come from db/drizzle.ts, which loads its CommonJS build (why:
    // see there); a type import costs nothing at run time.
    rules: { 'no-restricted-syntax': ['error', ...drizzleOnlyFromDb] },
  },
  {
    // The till's SQL lives in db/, beside the schema it must follow: the app asks db/.
    files: ['main/**', 'renderer/**', 'domain/**'],
    rules: { 'no-restricted-syntax': ['error', ...drizzleOnlyFromDb, ...sqlOnlyInDb] },
  },
  {
    // Every word a person reads on a screen comes from the catalog (domain/i18n): no text
    // written into the markup, nor into the attributes a screen reader says (after the SQL
    // rules above, whose list it repeats: a later block's list replaces an earlier one's).
    files: ['renderer/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...drizzleOnlyFromDb,
        ...sqlOnlyInDb,
        { selector: 'JSXText[value=/[A-Za-z]{2,}/]', message: WORDS_FROM_CATALOG },
        {
          selector: `JSXAttribute[name.name=/^(aria-label|title|placeholder|alt|label)$/] > Literal[value=/[A-Za-z]{2,}/]`,
          message: WORDS_FROM_CATALOG,
        },
        {
          selector: 'JSXExpressionContainer > Literal[value=/[A-Za-z]{2,}/]',
          message: WORDS_FROM_CATALOG,
        },
      ],
    },
  },
);
