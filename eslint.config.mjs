// The project's lint: JavaScript's and TypeScript's recommended rules (type-aware wherever a tsconfig covers the
// file), React's hooks rules for the app, and the rules that encode this project's own traps (tools/eslint/).
// `npm test` fails on any finding; there are no warnings.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import project from './tools/eslint/plugin.mjs';

// A file carries only its own area's calls: the build puts into the script tag every module the signed-out app
// reaches, an index with all its areas included.
const CALLS_INDEX = {
  regex: '/api/(calls|requests)(/index)?$',
  message: 'Import the module of your area (api/calls/wallet), never the index of every area.',
};
/** Imports flow one way (src/README.md): files under `folders` import none of `above`. */
const layer = (folders, above) => ({
  files: folders.map((f) => `src/${f}/**/*.{ts,tsx}`),
  ignores: ['**/*.test.*'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          CALLS_INDEX,
          {
            regex: `^\\.+/(\\.\\./)*(${above.join('|')})/`,
            message: `Imports flow one way: ${folders} never imports ${above}.`,
          },
        ],
      },
    ],
  },
});

const TESTS = ['**/*.test.{ts,tsx,mjs}', 'test/**', 'server/test/**', 'src/**/test-*.{ts,tsx}'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      'dist/',
      'build/',
      'data/',
      'shots/',
      'coverage/',
      // The partner hosts are each built by their own toolchain, with its own rules, from the packed package.
      'test/hosts/',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  {
    rules: {
      // The sanitizers and the tests' output readers match control characters on purpose.
      'no-control-regex': 'off',
      'no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // A variable a cleanup closure reads is declared before the closure, and set once later.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },

  // Plain JavaScript: node's scripts, most of which also drive a browser (their page.evaluate callbacks run there).
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  // The examples' pages and the script tag's loader run in the browser alone.
  {
    files: ['examples/**/*.js', 'tools/script-loader.js'],
    languageOptions: { sourceType: 'script', globals: globals.browser },
  },
  // Pages with the script tag on them: its one global.
  {
    files: ['examples/**/*.js', 'test/e2e/**'],
    languageOptions: { globals: { MerchantAds: 'readonly' } },
  },
  {
    // The loader is a template: the build fills these names in (tools/rollup/script-tag.mjs).
    files: ['tools/script-loader.js'],
    languageOptions: {
      globals: { STEM: 'readonly', BUILD: 'readonly', DEPS: 'readonly', DEFINE_EVENT: 'readonly' },
    },
  },

  // TypeScript, checked against the program its tsconfig makes.
  {
    files: ['**/*.{ts,tsx,mts}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './test/browser/tsconfig.json', './server/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // TypeScript itself reports an unknown name, with the types' own globals.
      'no-undef': 'off',
      // The app's objects are closures, never classes: a member is a function value that may be passed around
      // (`const { t } = app.i18n`), and its type says so (a method's type would have unbound-method refuse that).
      '@typescript-eslint/method-signature-style': ['error', 'property'],
      // `keyof T & string` names a key as text, even where every key already is one.
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      // A form's or a button's handler may be async: the app's forms catch their own failures.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // An async function that awaits nothing still turns a throw into a rejection, which its callers rely on.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // node:test's test() and describe() return promises the runner itself awaits.
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite'] },
          ],
        },
      ],
    },
  },
  {
    // Outside every program: declarations written by hand for JavaScript modules and for the package's users
    // (types/, copied into dist/), and the example React host, which esbuild builds on its own.
    files: ['**/*.d.mts', 'types/**', 'examples/*.tsx'],
    extends: [tseslint.configs.disableTypeChecked],
  },

  // Tests read the server's JSON answers, which are `any`, and assert what they hold: the assertion is the check.
  {
    files: TESTS,
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      // expect(spy.method) and sinon-style checks pass methods around without calling them.
      '@typescript-eslint/unbound-method': 'off',
      // An assertion's message shows what it compared, whatever its type.
      '@typescript-eslint/restrict-template-expressions': 'off',
      // A test says what a query must find (`as HTMLButtonElement`), where a generic's argument would hide it.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // chai's assertions are properties: `expect(x).to.be.true`.
      '@typescript-eslint/no-unused-expressions': 'off',
    },
  },

  // The app: React's hooks rules, and the traps of its own kit.
  {
    files: ['src/**/*.{ts,tsx}', 'test/browser/**/*.{ts,tsx}', 'test/react-host/**/*.tsx', 'examples/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: TESTS,
    plugins: { project },
    rules: {
      'project/one-shot-loader': 'error',
      'no-restricted-imports': ['error', { patterns: [CALLS_INDEX] }],
      'no-restricted-properties': [
        'error',
        ...['innerHTML', 'outerHTML'].map((property) => ({
          property,
          message: 'Markup from text is how injection starts: build nodes (createElement, textContent) instead.',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='insertAdjacentHTML']",
          message: 'Markup from text is how injection starts: build nodes (createElement, textContent) instead.',
        },
      ],
    },
  },

  // Kysely's expression builder is handed out destructured (`({ not, exists }) => …`), as its documentation does.
  {
    files: ['server/storage/**/*.ts'],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },

  layer(['api', 'lib', 'i18n'], ['app', 'shell', 'screens', 'kit', 'ui', 'stores', 'router']),
  layer(['ui'], ['app', 'shell', 'screens', 'kit', 'stores', 'router']),
  layer(['kit', 'stores'], ['shell', 'screens']),
  layer(['screens'], ['shell']),

  // The server's services take the time from their caller (the app's clock), so a test moves it instead of sleeping.
  {
    files: ['server/services/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: "Take `now` from the caller: the app's clock, which tests move." },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "Take `now` from the caller: the app's clock, which tests move.",
        },
      ],
    },
  },
);
