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
 * - domain and components/ui import nothing of the app (ui: only itself);
 *   the shared rules at the top of src/domain import only each other, a
 *   capability's rules import the shared ones, themselves and the
 *   capabilities DOMAIN_CAPABILITY_IMPORTS names;
 * - contracts (one per function) import only domain, config and themselves;
 * - server code (netlify/) imports only domain, contracts, config and its own
 *   lib: netlify/lib/platform imports no capability, a capability imports
 *   platform, itself and what SERVER_CAPABILITY_IMPORTS names.
 */
const ELEMENTS = [
  { type: 'app', pattern: 'src/app' },
  // The admin: a small shell (gate, login, layout, what every area shares) and one area per job.
  { type: 'admin-shell', pattern: 'src/features/admin/shell' },
  { type: 'admin-area', pattern: 'src/features/admin/*', capture: ['area'] },
  { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
  { type: 'ui', pattern: 'src/components/ui' },
  { type: 'layout', pattern: 'src/components/layout' },
  // The rules every capability shares (money, Italian time, fiscal code, collections) sit at the top of src/domain.
  { type: 'domain', pattern: 'src/domain/*', capture: ['capability'], partialMatch: false },
  { type: 'domain-shared', pattern: 'src/domain', partialMatch: false },
  { type: 'contracts', pattern: 'src/contracts' },
  { type: 'lib', pattern: 'src/lib' },
  { type: 'config', pattern: 'src/config' },
  { type: 'entry', pattern: 'src/*.{ts,tsx}' },
  { type: 'functions', pattern: 'netlify/functions' },
  { type: 'platform', pattern: 'netlify/lib/platform', partialMatch: false },
  { type: 'server-capability', pattern: 'netlify/lib/*', capture: ['capability'], partialMatch: false },
  // What wires capabilities into the platform (the outbox's attachment renderers) sits at the top of netlify/lib.
  { type: 'server-wiring', pattern: 'netlify/lib', partialMatch: false },
];

const DOMAIN = ['domain-shared', 'domain'];

/**
 * Which capability may import which other capability's modules, for the rules (src/domain/<capability>) and for
 * the server (netlify/lib/<capability>); anything else between two capabilities is a lint error. Most of these
 * read a neighbour's rule or record (an order's lines from the catalogue, a receipt from payments); a new arrow
 * here is a design decision, written down in docs/architecture.md ("Capabilities").
 */
const DOMAIN_CAPABILITY_IMPORTS = {
  accounts: ['catalogue', 'payments', 'receipts', 'season'],
  enrolment: ['catalogue', 'families', 'medical-forms', 'orders', 'payments', 'roster'],
  events: ['catalogue', 'documents', 'medical-forms', 'payments', 'reminders'],
  families: ['catalogue', 'medical-forms', 'orders', 'payments', 'receipts', 'roster'],
  'medical-forms': ['catalogue'],
  orders: ['catalogue', 'payments', 'receipts'],
  payments: ['catalogue', 'families', 'receipts'],
  receipts: ['catalogue', 'orders', 'payments'],
  reminders: ['catalogue', 'enrolment', 'roster'],
  roster: ['medical-forms'],
  season: ['catalogue', 'medical-forms', 'orders', 'payments'],
  statement: ['payments', 'roster'],
};
const SERVER_CAPABILITY_IMPORTS = {
  access: ['families', 'roster', 'staff'],
  admissions: ['access', 'roster'],
  documents: ['access', 'families', 'season'],
  events: ['documents', 'season'],
  families: ['events', 'medical-forms', 'roster'],
  'medical-forms': ['families', 'orders', 'season'],
  orders: ['families', 'payments', 'receipts', 'season'],
  payments: ['families', 'orders', 'receipts', 'season'],
  reminders: ['families'],
  roster: ['staff'],
  statement: ['payments'],
};

const allow = (from, to) => ({ from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: to } } } } });

/** An element of a kind (a feature, an admin area, a capability) may import itself. */
const sameCapture = (type, name) => ({
  from: { element: { type } },
  allow: { to: { element: { type, captured: { [name]: `{{ from.element.captured.${name} }}` } } } },
});

/** One policy per capability: the other capabilities of the same kind it may import. */
const declaredImports = (type, imports) =>
  Object.entries(imports).map(([capability, others]) => ({
    from: { element: { type, captured: { capability } } },
    allow: { to: { element: { type, captured: { capability: `{${others.join(',')},}` } } } },
  }));

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
            allow('app', ['app', 'feature', 'admin-shell', 'admin-area', 'ui', 'layout', ...DOMAIN, 'contracts', 'lib', 'config']),
            sameCapture('feature', 'feature'),
            allow('feature', ['ui', 'layout', ...DOMAIN, 'contracts', 'lib', 'config']),
            sameCapture('admin-area', 'area'),
            allow('admin-area', ['admin-shell', 'ui', 'layout', ...DOMAIN, 'contracts', 'lib', 'config']),
            allow('admin-shell', ['admin-shell', 'ui', 'layout', ...DOMAIN, 'contracts', 'lib', 'config']),
            allow('layout', ['layout', 'ui', 'config', ...DOMAIN]),
            allow('ui', ['ui']),
            allow('domain-shared', ['domain-shared']),
            sameCapture('domain', 'capability'),
            allow('domain', ['domain-shared']),
            ...declaredImports('domain', DOMAIN_CAPABILITY_IMPORTS),
            allow('contracts', ['contracts', ...DOMAIN, 'config']),
            allow('lib', ['lib', ...DOMAIN, 'contracts', 'config']),
            allow('config', ['config', ...DOMAIN]),
            allow('functions', ['platform', 'server-capability', 'server-wiring', ...DOMAIN, 'contracts', 'config']),
            allow('server-wiring', ['platform', 'server-capability', ...DOMAIN, 'contracts', 'config']),
            allow('platform', ['platform', 'domain-shared', 'contracts', 'config']),
            // Every admin function checks a volunteer's role: the platform reads the staff's roles and nothing else of a capability.
            { from: { element: { type: 'platform' } }, allow: { to: { element: { type: 'domain', captured: { capability: 'staff' } } } } },
            sameCapture('server-capability', 'capability'),
            allow('server-capability', ['platform', ...DOMAIN, 'contracts', 'config']),
            ...declaredImports('server-capability', SERVER_CAPABILITY_IMPORTS),
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
    files: ['src/**/*.ts', 'netlify/**/*.ts', 'emulators/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80 }] },
  },
  {
    // A file a reader takes in at once: a longer one holds two jobs (docs/architecture.md, "Rules the lint enforces").
    files: ['src/**/*.{ts,tsx}', 'netlify/**/*.ts', 'emulators/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  prettier,
);
