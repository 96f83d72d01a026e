// @ts-check
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const globals = require('globals');
const reactHooks = require('eslint-plugin-react-hooks');
const { importX } = require('eslint-plugin-import-x');
const { createTypeScriptImportResolver } = require('eslint-import-resolver-typescript');
const { readdirSync } = require('node:fs');
const { moduleZones } = require('./backend/module-layers');

// Import boundaries (docs/frontend.md): shared code -> features -> app, never backwards, and no
// feature imports another. Paths are relative to this file.
const SRC = './frontend/src';
const SHARED = ['auth', 'components', 'config', 'lib', 'test', 'toasts'].map((d) => `${SRC}/${d}`);
const FEATURES = readdirSync(`${__dirname}/frontend/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const TESTS = ['./backend/test', './frontend/e2e', `${SRC}/test`];
const boundaries = [
  {
    target: SHARED,
    from: [`${SRC}/features`, `${SRC}/app`],
    message: 'Shared code must not depend on features or the app; move the code it needs down.',
  },
  {
    target: `${SRC}/features`,
    from: `${SRC}/app`,
    message: 'Features must not import the app; the app composes features.',
  },
  ...FEATURES.map((feature) => ({
    target: `${SRC}/features/${feature}`,
    from: `${SRC}/features`,
    except: [`./${feature}`],
    message:
      'Features must not import each other; compose them in app/ or move the code to shared.',
  })),
  {
    target: ['./infra', './bench'],
    from: TESTS,
    message: 'Tooling must not import test code; move what it shares into infra/ or backend/src.',
  },
  ...moduleZones('./backend/src', `${__dirname}/backend/src`),
];

module.exports = tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '.data/**',
      '.tools/**',
      'coverage/**',
      'frontend/test-results/**',
      'frontend/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['{frontend,backend,infra,bench}/**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Which files the rules read and with which parser (import-x's TypeScript preset), and the
      // TypeScript resolver, so './x' finds x.ts or x.tsx as tsc does.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['{frontend,backend,infra,bench}/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: __dirname, zones: boundaries }],
    },
  },
  {
    files: ['backend/**/*.{ts,js,mjs}', 'infra/**/*.{js,ts,mjs}', 'bench/**/*.{js,ts,mjs}', '*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['backend/**/*.js', '*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['backend/**/*.spec.ts', 'backend/test/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
