// @ts-check
import js from '@eslint/js';
import formatjs from 'eslint-plugin-formatjs';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import rendererRules from './scripts/eslint/feature-boundaries.js';

/**
 * Layers (docs/architecture in the README): renderer -> shared and electron -> shared, never
 * across; only the thin shell files import 'electron'; shared/ uses neither Node nor the DOM.
 * Import cycles and the sandbox's own layers are checked on resolved files by dependency-cruiser
 * (.dependency-cruiser.mjs), which `npm run lint` runs after ESLint.
 */
const crossToElectron = { group: ['**/electron/**', '../electron/*', '../../electron/*'], message: 'The renderer reaches main only through the bridge (renderer -> shared only).' };
const crossToRenderer = { group: ['**/renderer/**', '../renderer/*', '../../renderer/*'], message: 'Main never imports the renderer (electron -> shared only).' };
const electronModule = { name: 'electron', message: "Only the shell files (electron/main.ts, electron/preload.ts, electron/shell/) import 'electron'." };
const nodeBuiltins = { group: ['node:*'], message: 'shared/ is pure TypeScript: no Node built-ins.' };

/**
 * Where every word comes from the catalogues (shared/i18n/messages; README, "Languages"): the whole
 * renderer. scripts/lint-i18n.test.ts proves the rules bite.
 */
export const CONVERTED_RENDERER = ['renderer/**/*.tsx'];
/**
 * Main's folders whose messages (errors, dialogs, the menu) come from the catalogues: through
 * AppLocale.say, or as an AppFailure's wording that the router says in the window's language.
 */
export const CONVERTED_MAIN = ['electron/**/*.ts'];
/** The built-in sandbox stands in for the service: what it says are the service's words, not the console's. */
const SERVICE_STAND_IN = 'electron/sandbox/**';

/** Props that carry words a person reads or hears, beyond the plugin's aria-* and alt. */
const WORD_PROPS = '{label,placeholder,title,term,what,hint,legend,summary,place}';
const notAnId = ':not([value=/^[a-z][A-Za-z]*(\\.[A-Za-z0-9_]+)+$/])';
const fromCatalogues = 'Main says it in the window’s language: a message comes from the catalogues (deps.locale.say), not a literal.';

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, renderer: rendererRules },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: [electronModule], patterns: [crossToElectron] }],
      // Features stand alone; app/ uses their entries only (scripts/lint-features.test.ts proves it bites).
      'renderer/feature-boundaries': 'error',
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [electronModule], patterns: [crossToElectron, crossToRenderer, nodeBuiltins] }] },
  },
  {
    files: ['electron/**/*.ts'],
    ignores: ['electron/main.ts', 'electron/preload.ts', 'electron/shell/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [electronModule], patterns: [crossToRenderer] }] },
  },
  {
    files: ['electron/main.ts', 'electron/preload.ts', 'electron/shell/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [crossToRenderer] }] },
  },
  {
    files: CONVERTED_RENDERER,
    ignores: ['**/*.test.*', '**/testing/**'],
    plugins: { formatjs },
    rules: {
      'formatjs/no-literal-string-in-jsx': ['error', { props: { include: [['*', WORD_PROPS]] } }],
      'formatjs/enforce-placeholders': 'error',
      'formatjs/no-multiple-whitespaces': 'error',
      'formatjs/no-offset': 'error',
      'formatjs/no-emoji': 'error',
    },
  },
  {
    files: CONVERTED_MAIN,
    ignores: ['**/*.test.ts', '**/testing/**', '**/test-fixtures.ts', SERVICE_STAND_IN],
    rules: {
      'no-restricted-syntax': [
        'error',
        // A catalogue id (`main.history.csv.title`) is not words: it is what the rule asks for.
        { selector: `Property[key.name='message'] > Literal[value=/[A-Za-z]/]${notAnId}`, message: fromCatalogues },
        { selector: "Property[key.name='message'] > TemplateLiteral", message: fromCatalogues },
        { selector: `Property[key.name=/^(message|words)$/] > ArrowFunctionExpression > :matches(Literal[value=/[A-Za-z]/]${notAnId}, TemplateLiteral)`, message: fromCatalogues },
        // A dialog's words (a question's title and detail, its buttons, showErrorBox) and a menu's labels: from the catalogues too.
        { selector: `Property[key.name=/^(title|detail|label)$/] > Literal[value=/[A-Za-z]/]${notAnId}`, message: fromCatalogues },
        { selector: "Property[key.name=/^(title|detail|label)$/] > TemplateLiteral > TemplateElement[value.raw=/[A-Za-z]/]", message: fromCatalogues },
        { selector: `Property[key.name='buttons'] > ArrayExpression > :matches(Literal[value=/[A-Za-z]/]${notAnId}, TemplateLiteral)`, message: fromCatalogues },
        { selector: "CallExpression[callee.property.name='showErrorBox'] > :matches(Literal[value=/[A-Za-z]/], TemplateLiteral)", message: fromCatalogues },
      ],
    },
  },
);
