import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.tools/**', '.data/**', '.test-artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Remotes and the shell are separate deployables: no reaching into each other's source.
    files: ['shell/**', 'mf-*/**', 'svc-*/**', 'gateway/**', 'packages/**', 'standins/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/shell/**', '**/mf-*/**', '**/svc-*/**', '**/gateway/**', '**/standins/**'], message: 'Deployables share code only through packages/.' }] },
      ],
    },
  },
);
