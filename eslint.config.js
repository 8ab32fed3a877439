import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'web/dist/',
      'cdk.out/',
      '.local-data/',
      '.test-data/',
      'test-artifacts/',
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
      'import/no-cycle': 'error',
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
    // The CloudFront Function: a plain script for the cloudfront-js-2.0 runtime.
    files: ['lib/edge/*.js'],
    languageOptions: { sourceType: 'script', ecmaVersion: 2020, globals: {} },
    rules: {
      'no-var': 'off',
      // `handler` is the runtime's entry point, called from outside the file.
      '@typescript-eslint/no-unused-vars': ['error', { varsIgnorePattern: '^handler$' }],
    },
  },
);
