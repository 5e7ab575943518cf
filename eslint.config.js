import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The layout's boundaries (docs/architecture.md), as lint errors:
 * - a feature imports domain, contracts, lib, config, components and itself,
 *   never another feature nor app/; each admin area (src/features/admin/*)
 *   is a feature of its own that may also import the admin shell, and the
 *   shell imports no area;
 * - domain and components/ui import nothing of the app (domain: nothing but
 *   itself; ui: only itself);
 * - contracts (one per function) import only domain, config and themselves;
 * - server code (netlify/) imports only domain, contracts, config and its own lib.
 */
const ELEMENTS = [
  { type: 'app', pattern: 'src/app' },
  // The admin: a small shell (gate, login, layout, what every area shares) and one area per job.
  { type: 'admin-shell', pattern: 'src/features/admin/shell' },
  { type: 'admin-area', pattern: 'src/features/admin/*', capture: ['area'] },
  { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
  { type: 'ui', pattern: 'src/components/ui' },
  { type: 'layout', pattern: 'src/components/layout' },
  { type: 'domain', pattern: 'src/domain' },
  { type: 'contracts', pattern: 'src/contracts' },
  { type: 'lib', pattern: 'src/lib' },
  { type: 'config', pattern: 'src/config' },
  { type: 'entry', pattern: 'src/*.{ts,tsx}' },
  { type: 'functions', pattern: 'netlify/functions' },
  { type: 'server-lib', pattern: 'netlify/lib' },
];

const allow = (from, to) => ({ from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: to } } } } });

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.data', '.netlify', 'playwright-report', 'test-results'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Vitest's asymmetric matchers (expect.any, expect.stringMatching) are typed `any`,
    // and @netlify/vite-plugin ships no types: the `no-unsafe-*` rules only add noise there.
    files: ['tests/**/*.{ts,tsx}', 'vite.config.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'netlify/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': ELEMENTS,
      'boundaries/include': ['src/**/*', 'netlify/**/*'],
      'import/resolver': { typescript: { project: './tsconfig.json' } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { allow: { to: { module: { origin: 'external' } } } },
            { allow: { to: { module: { origin: 'core' } } } },
            allow('entry', ['app', 'lib', 'config', 'entry']),
            allow('app', ['app', 'feature', 'admin-shell', 'admin-area', 'ui', 'layout', 'domain', 'contracts', 'lib', 'config']),
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } } } },
            },
            allow('feature', ['ui', 'layout', 'domain', 'contracts', 'lib', 'config']),
            {
              from: { element: { type: 'admin-area' } },
              allow: { to: { element: { type: 'admin-area', captured: { area: '{{ from.element.captured.area }}' } } } },
            },
            allow('admin-area', ['admin-shell', 'ui', 'layout', 'domain', 'contracts', 'lib', 'config']),
            allow('admin-shell', ['admin-shell', 'ui', 'layout', 'domain', 'contracts', 'lib', 'config']),
            allow('layout', ['layout', 'ui', 'config', 'domain']),
            allow('ui', ['ui']),
            allow('domain', ['domain']),
            allow('contracts', ['contracts', 'domain', 'config']),
            allow('lib', ['lib', 'domain', 'contracts', 'config']),
            allow('config', ['config', 'domain']),
            allow('functions', ['server-lib', 'domain', 'contracts', 'config']),
            allow('server-lib', ['server-lib', 'domain', 'contracts', 'config']),
          ],
        },
      ],
    },
  },
  {
    // No import cycle in the app or the functions (docs/architecture.md, "Rules the lint enforces");
    // tests/unit/architecture/import-cycles.test.ts also counts the cycles of type-only imports, which this rule skips.
    files: ['src/**/*.{ts,tsx}', 'netlify/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // A function of the product reads in one screen: a longer one is a plan and a thin transaction, or smaller steps
    // (docs/architecture.md, "Rules the lint enforces"). Components are excepted: their body is their markup.
    files: ['src/**/*.ts', 'netlify/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  prettier,
);
