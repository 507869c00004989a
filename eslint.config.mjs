// ESLint for the whole repository (run by `npm test` through `npm run lint`).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'test/hosts/**',
      'coverage/**',
      '.leads/**',
      '**/*.d.ts',
      'src/shared/lead-fields.field-table-test.ts',
      'src/shared/story/validate-schema.generated.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Tests and fixtures read loosely typed JSON and browser objects.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // Browser tests run under mocha (web-test-runner) and assert with chai's `expect(x).to.be.true`.
    files: ['test/browser/**/*.{js,ts}'],
    languageOptions: { globals: globals.mocha },
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The boundary: what the server shares with the element lives in src/shared/, and nothing else of src/ is imported.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+src/(?!shared/)', message: 'The server imports nothing from src/ but src/shared/: move what both use there.' }] },
      ],
    },
  },
);
