// @ts-check
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const globals = require('globals');
const reactHooks = require('eslint-plugin-react-hooks');

module.exports = tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '.data/**',
      '.tools/**',
      'coverage/**',
      'frontend/src/api/generated.ts',
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
    files: ['backend/**/*.{ts,js,mjs}', 'infra/**/*.{js,ts}', 'bench/**/*.{js,ts,mjs}', '*.js'],
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
