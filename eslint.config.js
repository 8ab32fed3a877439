import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The web app's feature folders: each imports another only through that one's index.ts. */
const features = readdirSync(join(import.meta.dirname, 'web/src/features'), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'web/dist/',
      'cdk.out/',
      '.local-data/',
      '.test-data/',
      'test-artifacts/',
      '.scratch/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      // Keep the three parts apart: the web app reaches the backend only through the
      // shared contract; handlers know nothing of CDK or the local runner.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './web',
              from: './lambdas',
              except: ['./shared/contract'],
              message: 'The web app may import only lambdas/shared/contract.',
            },
            { target: './web', from: ['./lib', './bin', './test'] },
            { target: './lambdas', from: ['./web', './lib', './bin', './test'] },
            { target: './lib', from: ['./web', './bin', './test'] },
            // The light pages (search.html, login.html) and their shared machinery stay light
            // and apart.
            {
              target: [
                './web/src/search.tsx',
                './web/src/features/report-center',
                './web/src/light',
              ],
              from: './web/src/features',
              except: ['./report-center'],
              message: 'The public report page imports no back-office feature.',
            },
            {
              target: [
                './web/src/search.tsx',
                './web/src/login.tsx',
                './web/src/features/report-center',
                './web/src/features/auth/sign-in',
                './web/src/light',
              ],
              from: [
                './web/src/app/app.tsx',
                './web/src/main.tsx',
                './web/src/routes/router.tsx',
                './web/src/routes/route-guard.tsx',
                './web/src/routes/route-table.ts',
                './web/src/layouts',
                './web/src/components/page-loader.tsx',
                './web/src/components/language-menu.tsx',
                './web/src/components/preferences',
                './web/src/components/shell',
                './web/src/lib/api-client.ts',
                './web/src/lib/config.ts',
                './web/src/lib/config-context.tsx',
                './web/src/lib/use-config.ts',
                './web/src/lib/use-schema-form.ts',
                './web/src/lib/password-rules.ts',
                './web/src/i18n/index.ts',
                './web/src/i18n/resources.ts',
                './web/src/i18n/use-language.ts',
                './web/src/i18n/cloudscape-i18n-provider.tsx',
                './web/src/features/auth/auth-provider.tsx',
                './web/src/features/auth/use-auth.ts',
                './web/src/features/auth/pages',
              ],
              message:
                'The light pages stay light: no back-office shell, router, zod config or i18next.',
            },
            {
              target: [
                './web/src/search.tsx',
                './web/src/features/report-center',
                './web/src/light',
              ],
              from: [
                './web/src/app',
                './web/src/routes',
                './web/src/components',
                './web/src/lib/amplify.ts',
              ],
              message: 'The public report page has no sign-in, router or back-office pieces.',
            },
            {
              target: [
                './web/src/main.tsx',
                './web/src/app',
                './web/src/routes',
                './web/src/layouts',
                './web/src/components',
                './web/src/lib',
                './web/src/i18n',
              ],
              from: './web/src/features/report-center',
              message: 'The back office links to /search; it does not import the public page.',
            },
            // A feature is reached through its index.ts: what it offers the others is there.
            ...features.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [
                `./${feature}`,
                ...features.flatMap((other) => [`./${other}/index.ts`, `./${other}/index.tsx`]),
              ],
              message: 'Import another feature through its index.ts.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The public Test Report Center (search.html) is its own light page: no sign-in
    // library, router, back-office code or i18next (it has its own small `t`). The web
    // build also fails if any of these reach it indirectly (web/build/page-guards.ts).
    files: [
      'web/src/search.tsx',
      'web/src/features/report-center/**/*.{ts,tsx}',
      'web/src/light/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['aws-amplify', 'aws-amplify/*', '@aws-amplify/*'],
              message: 'The public report page must not load the sign-in library.',
            },
            {
              group: ['react-router', 'react-router-dom'],
              message: 'The public report page is one page: plain links, no router.',
            },
            {
              group: ['i18next', 'react-i18next'],
              message: "Use the report center's own useText() (features/report-center/i18n).",
            },
          ],
        },
      ],
    },
  },
  {
    // The sign-in page (login.html) is a light page too: Amplify's sign-in, but no router
    // and no i18next (its own useText()); zod only in the checks' chunk, loaded on first
    // input. The web build also fails if these reach it indirectly (web/build/page-guards.ts).
    files: ['web/src/login.tsx', 'web/src/features/auth/sign-in/**/*.{ts,tsx}'],
    ignores: ['web/src/features/auth/sign-in/validation.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react-router', 'react-router-dom'],
              message: 'The sign-in page is one page: plain links, no router.',
            },
            {
              group: ['i18next', 'react-i18next'],
              message: "Use the sign-in page's own useText() (features/auth/sign-in/texts).",
            },
            {
              group: ['zod', '**/contract/schemas/*'],
              allowTypeImports: true,
              message: 'zod loads with the checks (sign-in/validation.ts), on first input.',
            },
          ],
        },
      ],
    },
  },
  {
    // One data path (docs/data-model.md): keys come from lambdas/shared/keys.ts, table
    // commands from lambdas/shared/data/, so every write is a transaction with per-item
    // failures and its audit entry, and every read is parsed.
    files: ['lambdas/**/*.ts'],
    ignores: ['lambdas/shared/keys.ts', 'lambdas/shared/data/**', 'lambdas/shared/aws/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@aws-sdk/lib-dynamodb',
              message: 'Read and write through lambdas/shared/data/ (read, write, transaction).',
            },
            {
              name: '@aws-sdk/client-dynamodb',
              importNames: ['TransactionCanceledException', 'ConditionalCheckFailedException'],
              message: 'A failed condition means what its item says (data/transaction.ts).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^[A-Z][A-Z0-9_]{2,}#/]',
          message: 'Key strings are built in lambdas/shared/keys.ts only.',
        },
        {
          selector: 'TemplateElement[value.raw=/^[A-Z][A-Z0-9_]{2,}#/]',
          message: 'Key strings are built in lambdas/shared/keys.ts only.',
        },
        {
          selector: 'Literal[value=/^(PRODUCTS|RANGES|REPORTREQS|RESULTS|MACHINES|DAILY|STATS)$/]',
          message: 'Index partitions are named in lambdas/shared/keys.ts only.',
        },
        {
          selector: "MemberExpression[property.name='TABLE_NAME']",
          message: 'The table is named by lambdas/shared/data/table-name.ts.',
        },
      ],
    },
  },
  {
    // The CloudFront Function: a plain script for the cloudfront-js-2.0 runtime.
    files: ['lib/edge/*.js'],
    languageOptions: { sourceType: 'script', ecmaVersion: 2020, globals: {} },
    rules: {
      'no-var': 'off',
      // `handler` is the runtime's entry point, called from outside the file.
      '@typescript-eslint/no-unused-vars': ['error', { varsIgnorePattern: '^handler$' }],
    },
  },
  {
    // Type-aware rules for the functions, the web app, the CDK app and the local runner:
    // promises awaited or handled, handlers given where a promise is not expected, switches
    // over unions exhaustive.
    files: [
      'lambdas/**/*.ts',
      'web/src/**/*.{ts,tsx}',
      'web/build/**/*.ts',
      'lib/**/*.ts',
      'bin/**/*.ts',
    ],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  {
    // No test left focused or skipped: every test runs, every time.
    files: ['test/**/*.ts', 'web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'MemberExpression[object.name=/^(it|test|describe|suite)$/][property.name=/^(only|skip|todo|skipIf|runIf)$/]',
          message: 'Focused, skipped or to-do tests do not belong in the suite.',
        },
        {
          selector: 'CallExpression[callee.name=/^(fit|fdescribe|xit|xdescribe|xtest)$/]',
          message: 'Focused or skipped tests do not belong in the suite.',
        },
      ],
    },
  },
);
