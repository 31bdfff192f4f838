import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Product code never imports the stand-ins (decision 024); used by two blocks below, since a later
// block's no-restricted-imports replaces an earlier one's for the files both match.
const offlineWorldImports = {
  group: ['@crimsonhost/devnet', '@crimsonhost/devnet/*'],
  message:
    'The offline world is for the demo and the tests only: import it from apps/api/src/demo or the tests.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dev-dist/**',
      'data/**',
      '**/coverage/**',
      'apps/api/src/db/migrations/**',
      'apps/web/e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The offline world's stand-ins never run in production (decision 024): product code reaches
    // outside systems only through the clients it calls. Only the demo wiring and the demo-pay
    // CLI start or talk to the offline world.
    files: ['apps/api/src/**/*.ts', 'apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/api/src/demo/**', 'apps/api/src/cli/demo-pay.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [offlineWorldImports],
        },
      ],
    },
  },
  {
    // chains knows blockchains only; the wallet depends on it, never the other way (decision 026).
    // The watcher reports transfers through chains/transfer-sink.ts, which the wallet implements.
    // This block replaces the rule of the block above for these files, so it repeats its pattern.
    files: ['apps/api/src/modules/chains/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            offlineWorldImports,
            {
              group: ['**/wallet', '**/wallet/**', '**/wallet.*'],
              message:
                'chains must not depend on the wallet (decision 026): declare what you need in chains (e.g. TransferSink) and let the wallet implement it.',
            },
          ],
        },
      ],
    },
  },
  {
    // Text inputs sanitise what is typed (spec section 5): only components/text-input.tsx may
    // render Ant Design's plain Input or its search box.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/components/text-input.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='Input']",
          message: 'Use TextInput from components/text-input: it applies the input sanitiser.',
        },
        {
          selector:
            "JSXOpeningElement[name.object.name='Input'][name.property.name=/^(Search|TextArea)$/]",
          message: 'Use SearchInput from components/text-input: it applies the input sanitiser.',
        },
      ],
    },
  },
);
