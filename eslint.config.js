// One flat config for every workspace. Import zones keep the layers one-way:
// contract imports only zod; web features never import each other's internals; server modules
// never touch each other's tables.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import fs from 'node:fs';

// zod's own namespace drags all of zod into the web app's chunks (contract/src/zod-subset.ts).
const ZOD_SUBSET_MESSAGE =
  "import zod's builders as `* as z` from contract/src/zod-subset.ts (@partsmith/contract/zod-subset)";

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
          { regex: '^zod(/v4|/v3)?$', message: ZOD_SUBSET_MESSAGE },
        ],
      },
    ],
  },
}));

// The server's modules call each other's public files, never each other's tables. Each module
// owns the tables of its schema files; another module's data is reached through the owner's
// `public` files. db/schema/index.ts (every table) is for the db client, drizzle-kit, auth, the
// CLI, lib/ and tests, never for a module.
//
// | module   | schema file        | tables                                                   |
// |----------|--------------------|----------------------------------------------------------|
// | audit    | audit.ts           | audit_log                                                |
// | contact  | contact.ts         | contact_messages, newsletter_subscribers                 |
// | insights | insights.ts        | low_stock_mails                                          |
// | orders   | orders.ts          | orders, order_mails, idempotency_keys                    |
// | parts    | parts.ts           | parts, catalogue_stats                                   |
// | payments | payments.ts        | order_payments, test_payments, processed_events          |
// | profiles | profiles.ts        | profiles                                                 |
// | reviews  | reviews.ts         | reviews                                                  |
// | users    | auth.ts            | users, sessions, accounts, verifications, rate_limits    |
//
// health, housekeeping, site and uploads own no tables and expose nothing. A module missing
// here gets neither, so a new one is added to this list.
const serverModules = {
  addresses: { schema: ['addresses'], public: ['service'] },
  audit: { schema: ['audit'], public: ['service'] },
  cart: { schema: ['cart'], public: ['repository', 'service'] },
  // Companies are Better Auth's organization tables: its members are users (auth).
  companies: {
    schema: ['companies', 'auth'],
    public: ['service', 'organization', 'roles', 'price-rules', 'price-lists'],
  },
  contact: { schema: ['contact'], public: ['service'] },
  insights: { schema: ['insights'], public: ['low-stock'] },
  invoices: { schema: [], public: ['pdf', 'pdf-pool', 'packing-slip'] },
  jobs: { schema: ['jobs'], public: ['lease', 'outbox'] },
  orders: {
    schema: ['orders'],
    public: ['repository', 'sales', 'checkout', 'pricing', 'terms', 'business', 'waiting'],
  },
  parts: { schema: ['parts'], public: ['repository', 'stock'] },
  payments: { schema: ['payments'], public: ['service', 'provider'] },
  profiles: { schema: ['profiles'], public: [] },
  quotes: { schema: ['quotes'], public: ['service'] },
  reviews: { schema: ['reviews'], public: ['repository'] },
  shipping: { schema: ['shipping'], public: ['service', 'money'] },
  // stock_alerts is in the parts schema file (migration 0019); only this module writes it.
  'stock-alerts': { schema: ['parts'], public: ['service'] },
  users: { schema: ['auth'], public: ['service'] },
};
const modulesDir = new URL('./server/src/modules', import.meta.url);
const moduleNames = fs
  .readdirSync(modulesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const ownerOf = (name) => serverModules[name] ?? { schema: [], public: [] };
const listed = (files) => files.map((f) => `${f}.ts`).join(', ');
// `(?!(?:a|b)(?:\.ts)?$)`: any file but these; with none listed, every file.
const except = (files) => (files.length ? `(?!(?:${files.join('|')})(?:\\.ts)?$)` : '');
const serverZones = moduleNames.map((name) => ({
  files: [`server/src/modules/${name}/**/*.ts`],
  rules: {
    // No other config object sets this rule for server files, so nothing replaces it here.
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `(^|/)db/schema(/${except(ownerOf(name).schema)}.*)?$`,
            message: ownerOf(name).schema.length
              ? `${name} imports only its own schema files (${listed(ownerOf(name).schema)}); other tables go through their module's public files (serverModules in eslint.config.js)`
              : `${name} owns no tables; other tables go through their module's public files (serverModules in eslint.config.js)`,
          },
          ...moduleNames
            .filter((other) => other !== name)
            .map((other) => ({
              regex: `(^\\.\\.|/modules)/${other}(/${except(ownerOf(other).public)}.*)?$`,
              message: ownerOf(other).public.length
                ? `of ${other}, other modules import only ${listed(ownerOf(other).public)}`
                : `${other} exposes nothing to other modules`,
            })),
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
      '**/.react-router/**',
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
    // Its tests run in Vitest; the code they test imports only zod, through zod-subset.ts.
    ignores: ['contract/src/**/*.test.ts', 'contract/src/zod-subset.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!\\.)', message: 'contract imports only its own files' },
            { regex: '^zod', message: ZOD_SUBSET_MESSAGE },
          ],
        },
      ],
    },
  },
  {
    files: ['contract/src/zod-subset.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod/v4$)', message: 'the subset re-exports zod/v4 only' }] },
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
            { regex: '^zod(/v4|/v3)?$', message: ZOD_SUBSET_MESSAGE },
          ],
        },
      ],
    },
  },
  {
    // What every page runs (the shell, decision 065) and the header's parts it loads after the
    // first paint: the contract's index brings zod and every schema (about 35 kB gzipped, 30 ms
    // of one task on the main thread); their answers are checked in the answer-check worker
    // (`schema: 'Name'`, src/lib/answer-schemas.ts).
    files: [
      'web/src/app/layout/**/*.{ts,tsx}',
      'web/src/app/root.tsx',
      'web/src/app/entry.client.tsx',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@partsmith/contract',
              allowTypeImports: true,
              message:
                "every page runs this: check an answer by its name in the worker (schema: 'Name', lib/answer-schemas.ts) instead of importing the contract's schemas",
            },
          ],
        },
      ],
    },
  },
  ...featureZones,
  ...serverZones,
);
