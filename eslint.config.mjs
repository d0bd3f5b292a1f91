// ESLint (npm run lint, run by .ci/run before npm test): typescript-eslint's recommended rules
// (syntax only, no type information: fast; `npm run typecheck` does the types), the two rules
// of React hooks and jsx-a11y's recommended rules for the site's components. Formatting is
// Prettier's (.prettierrc.json); eslint-config-prettier turns off the rules it owns.
//
// One TypeScript: `typescript` is @typescript/typescript6 (TypeScript 6, which still ships the
// JS API that typescript-eslint and dpdm need; package.json's overrides give dpdm the same one).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules/', 'public/', '.cache/', 'var/', 'bench/out/', 'static/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts', 'gatsby-browser.tsx', 'gatsby-ssr.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    // Tests and the bench read JSON answers loosely and assert on them field by field.
    files: ['tests/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
);
