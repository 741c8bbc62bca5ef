import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.tmp/**', 'examples/**/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'List every public export by name.' },
      ],
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      // Library code must work in any runner: no test framework, no console noise.
      'no-restricted-imports': ['error', { patterns: ['vitest', 'vitest/*', '@jest/*', 'node:test'] }],
      'no-console': 'error',
    },
  },
  {
    // The runner entries adapt the matchers to one runner each: each imports its own, and no other.
    files: ['src/vitest.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@jest/*', 'node:test'] }] },
  },
  {
    files: ['src/jest.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['vitest', 'vitest/*', 'node:test'] }] },
  },
);
