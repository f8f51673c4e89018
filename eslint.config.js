import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Boundaries (issue 7): the places every area may use; every other folder of src/ is an area
 * (home, blog, auth…, new ones included), reachable from another area only through its index.ts.
 */
const SHARED = ['app', 'actors', 'api', 'domain', 'ui'];
const AREAS = fs
  .readdirSync(path.join(import.meta.dirname, 'src'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !SHARED.includes(entry.name))
  .map((entry) => entry.name);

/** Refusals by code (issue 16): code branches on a refusal's `code`, never on the Italian text people read. */
const BY_CODE = "Branch on the refusal's code (refusalFrom(body).code), never on a message: the Italian text is for people.";
const EQUALITY = 'BinaryExpression[operator=/^[!=]==?$/]';
/** A side of a comparison that holds a message: x.message, message, STALE_ORDER_MESSAGE, MESSAGES.unverified. */
const MESSAGE_SIDES = ["property.name='message'", "name='message'", 'name=/_MESSAGE$/', 'object.name=/MESSAGES$/'];
const MESSAGE_MATCHES = [
  ...['left', 'right'].flatMap((side) => MESSAGE_SIDES.map((test) => `${EQUALITY}[${side}.${test}]`)),
  "SwitchStatement[discriminant.property.name='message']",
  "CallExpression[callee.object.property.name='message'][callee.property.name=/^(includes|startsWith|endsWith|match|localeCompare)$/]",
];

/** Direction (issue 16): src/app composes the areas and the shared places; nothing imports it back. */
const NO_APP_IMPORT = {
  regex: '^(\\.\\./)+app(/|$)',
  message: 'src/app is the composition root: it imports the areas, never the reverse. Shared hooks live in src/actors or src/ui.',
};

const BROWSER_GLOBALS = ['window', 'document', 'localStorage', 'sessionStorage', 'location', 'navigator', 'fetch'];
const machineIo = 'machines/ hold no I/O: the composition root (src/app) provides it with machine.provide().';

export default tseslint.config(
  { ignores: ['dist/', 'dist-server/', 'data/', 'node_modules/', 'coverage/', 'test-results/', 'openapi/schema.d.ts', 'public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['tests/**/*.ts', 'tests/**/*.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(react|react-dom|@xstate/react|react-aria-components|react-router.*)(/.*)?$',
              message: `No React in machines/. ${machineIo}`,
            },
            {
              regex: '^\\.\\./src/(?!domain(/|$))',
              message: 'machines/ may use src/domain only; views and I/O depend on machines, not the reverse.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...BROWSER_GLOBALS.map((name) => ({ name, message: machineIo }))],
      'no-restricted-properties': ['error', ...BROWSER_GLOBALS.map((property) => ({ object: 'globalThis', property, message: machineIo }))],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!\\./)', message: 'src/domain is shared by the server and the browser: it imports nothing outside itself.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...MESSAGE_MATCHES.map((selector) => ({ selector, message: BY_CODE }))] },
  },
  {
    // One writer per engine (issue 27): only server/db and the two order writers ask which engine runs.
    files: ['{server,tests,bench,scripts}/**/*.{ts,tsx}'],
    ignores: ['server/db/**', 'server/orders/order-writer.sqlite.ts', 'server/orders/order-writer.postgres.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)db/engine$',
              importNames: ['isPostgres'],
              message:
                'Only server/db and the order writers ask which engine runs: write one query for both, or put the difference behind a helper in server/db.',
            },
          ],
        },
      ],
    },
  },
  // Files one can hold in mind (issue 27): a machine or view past this splits (.machine/.connect/.types or
  // child machines); the seed's data and the migration list are lists, not logic.
  { files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'], rules: { 'max-lines': ['error', { max: 350 }] } },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/db/seed-data.ts', 'server/db/migrations.ts'],
    rules: { 'max-lines': ['error', { max: 450 }] },
  },
  {
    files: ['src/{actors,api,ui}/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_APP_IMPORT] }] },
  },
  ...AREAS.map((area) => ({
    files: [`src/${area}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_APP_IMPORT,
            ...AREAS.filter((other) => other !== area).map((other) => ({
              regex: `^(\\.\\./)+${other}/`,
              message: `Another area's files are its own: import from '../${other}' (its index.ts), or move what is shared to src/ui or src/domain.`,
            })),
          ],
        },
      ],
    },
  })),
);
