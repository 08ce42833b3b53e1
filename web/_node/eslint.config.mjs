// The board's linter: eslint's recommended rules, browser globals. Run
// from web/: _node/node_modules/.bin/eslint -c _node/eslint.config.mjs .
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['_node/'] },
  js.configs.recommended,
  {
    files: ['**/*.js'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser } },
    rules: { 'no-unused-vars': ['error', { args: 'none' }], eqeqeq: 'error', 'no-var': 'error', 'prefer-const': 'error' },
  },
  { files: ['test/**/*.js'], languageOptions: { globals: { ...globals.node } } },
];
