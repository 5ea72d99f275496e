import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const domainRootValues = {
  name: '@coride/domain',
  allowTypeImports: true,
  message: 'Import domain values from their subpath (@coride/domain/money, ...): ADR 002.',
};

const schemaIndex = {
  group: ['**/db/schema', '**/db/schema.ts'],
  message: "Import a module's tables from their owner (modules/<owner>/tables.ts): db/schema is drizzle-kit's index only.",
};
const foreignTables = {
  regex: '^(\\.\\./)+([a-z-]+/)*(tables|[a-z-]+-tables)(\\.ts)?$',
  message:
    "Another module's tables: call its service or repository (the owner writes its tables); a read across modules is a read model in modules/reporting, or a join in your repository.ts.",
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'apps/server/drizzle/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Type-aware rules: a promise nobody awaits or catches is the likeliest silent bug in code with
    // this many background jobs and fire-and-forget calls.
    files: ['**/*.{ts,tsx}'],
    ignores: ['*.config.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // ADR 041: a form's errors appear when it is submitted, then follow each change. An error that
      // appears when a field loses focus moves what is below it between a press and its release, so
      // the tap on the next control (a checkbox, a button) is lost.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='useForm'] Property[key.name='mode'][value.value=/^(onBlur|onTouched|all)$/]",
          message: 'Forms validate on submit, then on change (ADR 041): an error shown on blur moves the next control from under the pointer.',
        },
      ],
    },
  },
  // Each module owns its tables (modules/<owner>/tables.ts, ADR 010): it imports its own from './tables'.
  // Another module's tables may be read only where the rule allows a join: a repository (reads; the
  // writes stay the owner's, test/architecture/table-ownership.test.ts), a tables file (foreign keys)
  // and the reporting module (the read models across modules). db/schema is drizzle-kit's index only.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/db/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [schemaIndex] }] },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/reporting/**', 'apps/server/src/modules/*/repository.ts', 'apps/server/src/modules/*/*tables.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [schemaIndex, foreignTables] }] },
  },
  {
    // Route handlers never touch the database: they call their module's service (docs/architecture.md).
    files: ['apps/server/src/modules/*/routes.ts', 'apps/server/src/modules/dev/test-clock.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/*', '**/db', '**/tables', '**/tables.ts', '**/*-tables', '**/*-tables.ts'],
              message:
                "Route files call services: no drizzle, no db/*, no tables in a route file. Put the query in the module's repository (writes) or the reporting module (cross-module reads).",
            },
          ],
        },
      ],
    },
  },
  {
    // ADR 002: the web app imports domain values from their subpath (`@coride/domain/money`), so a page
    // does not pull every schema; types from the root are free.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [domainRootValues] }] },
  },
  // Features never import each other (imports flow shared -> features -> app): a page that composes
  // features lives in apps/web/src/app/routes, a piece two features share in components/ or lib/.
  // One zone per folder of apps/web/src/features, read from the disk so a new feature is covered.
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [domainRootValues],
          patterns: [
            { group: ['@/app/*', '@/app'], message: 'Features must not import from the app layer.' },
            ...webFeatures
              .filter((other) => other !== feature)
              .map((other) => ({
                regex: `^(@/features/|(\\.\\./)+(features/)?)${other}(/|$)`,
                message: `The ${feature} feature must not import the ${other} feature: compose them in app/routes, or move the shared piece to components/ or lib/.`,
              })),
          ],
        },
      ],
    },
  })),
);
