// One flat config for every workspace. Import zones keep the layers one-way:
// contract imports only zod; web features never import each other's internals.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import fs from 'node:fs';

// bulletproof-react's rule: a feature never imports another feature; app/ composes them.
const features = fs.readdirSync(new URL('./web/src/features', import.meta.url));
const featureZones = features.map((name) => ({
  files: [`web/src/features/${name}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: features.filter((f) => f !== name).map((f) => `**/features/${f}/**`),
            message: 'features do not import each other; compose them in web/src/app',
          },
          { group: ['**/app/**'], message: 'features do not import the app layer' },
          {
            group: ['**/server/**', '@partsmith/server'],
            message: 'the web never imports server code',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'data/**',
      '.data-test/**',
      'server/src/db/migrations/**',
      'test-results/**',
      'bench/.work/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['contract/src/**/*.ts'],
    // Its tests run in Vitest; the code they test imports only zod.
    ignores: ['contract/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|\\.)', message: 'contract imports only zod' }] },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '@partsmith/server'],
              message: 'the web never imports server code',
            },
          ],
        },
      ],
    },
  },
  ...featureZones,
);
