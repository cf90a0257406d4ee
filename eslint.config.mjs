import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import { featureZones, layerZones } from './lint/boundaries.mjs';

// An /api address written out by hand drifts from the route table: every call of the study's API
// names its definition, routes.<name> from @study/contracts, and goes through @study/api-client
// (callApi for JSON, apiPath for a download, a link or an EventSource). Open Humans' own API
// (/api/direct-sharing/...) is an outside party's and is not in the table.
const API_LITERAL_MESSAGE = "Write no /api address by hand: use routes.<name> from @study/contracts through @study/api-client (callApi, or apiPath for a download, link or stream).";
const NOT_OUR_API = '(?!direct-sharing\\/)';

/** Where the deployables and the packages they share live: the fence applies inside them. */
const DEPLOYABLE_FOLDERS = ['shell', 'mf-*', 'svc-*', 'gateway', 'packages', 'standins'];
const DEPLOYABLE_MESSAGE = 'Deployables share code only through packages/.';
const TOOLS_MESSAGE = 'The tools reach a deployable over HTTP, its database or its own commands, never through its source.';
const DEPLOYABLE_PATHS = { group: ['**/shell/**', '**/mf-*/**', '**/svc-*/**', '**/gateway/**', '**/standins/**'], message: DEPLOYABLE_MESSAGE };
const DEPLOYABLE_NAMES = { group: ['@study/shell', '@study/shell/**', '@study/mf-*', '@study/svc-*', '@study/gateway', '@study/gateway/**', '@study/standin-*'], message: DEPLOYABLE_MESSAGE };

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
    // Remotes and the shell are separate deployables: no reaching into each other's source, by
    // path or by package name (a package importing a deployable would ship it inside another).
    files: DEPLOYABLE_FOLDERS.map((folder) => `${folder}/**`),
    rules: {
      'no-restricted-imports': ['error', { patterns: [DEPLOYABLE_PATHS, DEPLOYABLE_NAMES] }],
    },
  },
  {
    // The tools reach the system over HTTP, the database driver and the services' own commands
    // (bench/dist/bench-*.js), never through a deployable's source.
    files: ['scripts/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ ...DEPLOYABLE_PATHS, message: TOOLS_MESSAGE }, { ...DEPLOYABLE_NAMES, message: TOOLS_MESSAGE }] }],
    },
  },
  {
    // Their tests may start an outside party's stand-in (or another deployable) by its package name.
    files: DEPLOYABLE_FOLDERS.flatMap((folder) => [`${folder}/**/*.test.ts`, `${folder}/**/*.test.tsx`, `${folder}/**/test-support/**`]),
    rules: {
      'no-restricted-imports': ['error', { patterns: [DEPLOYABLE_PATHS] }],
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
    // No /api address written by hand (API_LITERAL_MESSAGE above).
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: [
      // The route table and the typed client are where the addresses live.
      'packages/contracts/src/**',
      'packages/api-client/src/**',
      // Tests check the addresses themselves (e2e/**/*.e2e.test.ts included); fault runs drive a private stack by hand.
      '**/*.test.ts',
      '**/*.test.tsx',
      'e2e/faults/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `Literal[value=/^\\/api\\/${NOT_OUR_API}/]`, message: API_LITERAL_MESSAGE },
        { selector: `TemplateElement[value.raw=/^\\/api\\/${NOT_OUR_API}/]`, message: API_LITERAL_MESSAGE },
      ],
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
