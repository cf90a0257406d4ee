import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import { featureZones, layerZones } from './lint/boundaries.mjs';

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
  {
    // Inside a deployable: features stay out of each other, services keep their layers' direction
    // (zones worked out from the folders on disk, so a new feature or service is fenced as it comes).
    files: ['shell/**', 'mf-*/**', 'svc-*/**'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: [...featureZones(import.meta.dirname), ...layerZones(import.meta.dirname)] }],
    },
  },
  {
    // data-access stores the domain's objects, so it may name their types, but never calls the domain.
    files: ['svc-*/src/data-access/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/domain', '**/domain/**'], allowTypeImports: true, message: 'data-access is called by domain/, never the other way: import the domain\'s types only (import type).' }] },
      ],
    },
  },
);
