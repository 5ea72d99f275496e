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
    },
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
