// The board's linter: eslint's recommended rules, browser globals.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['node_modules/'] },
  js.configs.recommended,
  {
    files: ['**/*.js'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser } },
    rules: { 'no-unused-vars': ['error', { args: 'none' }], eqeqeq: 'error', 'no-var': 'error', 'prefer-const': 'error' },
  },
  { files: ['test/**/*.js'], languageOptions: { globals: { ...globals.node } } },
];
