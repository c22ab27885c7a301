// ESLint (flat config): typescript-eslint's type-aware recommended rules over both programs,
// their tests, the bench and the scripts. Formatting is Prettier's job (npm run format).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Code that reads JSON answers as `any` on purpose (its assertions or byte-for-byte checks are the type check). */
const untypedJson = {
  '@typescript-eslint/no-explicit-any': 'off',
  '@typescript-eslint/no-unsafe-member-access': 'off',
  '@typescript-eslint/no-unsafe-assignment': 'off',
  '@typescript-eslint/no-unsafe-call': 'off',
  '@typescript-eslint/no-unsafe-return': 'off',
  '@typescript-eslint/no-unsafe-argument': 'off',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'src/generated',
      'test/clients/generated',
      'test/gateway/generated',
      'test/clients/relay/__generated__',
      'published',
      'build',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Apollo's plugin hooks and context functions are async by contract, with or without an await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read JSON answers as `any` on purpose: their assertions are the type check.
    files: ['test/**/*.ts'],
    rules: untypedJson,
  },
  {
    // Relay operations are graphql`...` statements that relay-compiler reads.
    files: ['test/clients/relay/operations/*.ts'],
    rules: { '@typescript-eslint/no-unused-expressions': ['error', { allowTaggedTemplates: true }] },
  },
  {
    // The benchmark's hand-written contenders read upstream JSON untyped on purpose: they are the
    // minimal code a team would write, and the benchmark checks their answers byte for byte.
    files: [
      'bench/floor.ts',
      'bench/floor-client.ts',
      'bench/apollo-baseline.ts',
      'bench/mercurius-baseline.ts',
      'bench/baseline-schema.ts',
      'bench/rest-upstream.ts',
    ],
    rules: untypedJson,
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    // Plain-JavaScript scripts run on Node.
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    // The offline explorer runs in the browser.
    files: ['explorer/**/*.js'],
    languageOptions: { globals: { window: 'readonly', document: 'readonly', fetch: 'readonly' } },
  },
);
