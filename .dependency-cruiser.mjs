// @ts-check
/**
 * The import graph's rules, checked by `npm run lint` (depcruise, after ESLint) and proved by
 * scripts/lint-cycles.test.ts.
 *
 * Why dependency-cruiser and not eslint-plugin-import-x's no-cycle: measured on this tree, it walks
 * the whole graph once in about 2 s of CPU, where no-cycle re-parses every imported module from
 * each file it lints and added about 8 s to ESLint's 13; and no-cycle skips `import type`, while a
 * cycle through types is still two modules that cannot be understood one without the other.
 * The layer rules are here too because they are about resolved files, not import strings, so a
 * deeper relative path cannot slip past them. The renderer/electron/shared boundaries stay in
 * eslint.config.js (no-restricted-imports), where the editor shows them.
 */

const SANDBOX = '^electron/sandbox/';
/**
 * Tests and their helpers (testing/ folders) drive the composed app (electron/app/) and reach into
 * what they test: they ship nowhere, and a rule on them would only move their set-up elsewhere.
 */
const TESTS = '(\\.test\\.ts$|/testing/)';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles anywhere, type-only imports included: move what both sides need one layer down.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'resolvable',
      severity: 'error',
      comment: 'Every relative import resolves to a file; one that does not would leave a hole in the cycle check.',
      from: {},
      to: { couldNotResolve: true, path: '^\\.' },
    },
    {
      name: 'platform-imports-no-capability',
      severity: 'error',
      comment: 'The platform (electron/platform/: signed HTTP, router, journal, profiles and keychain, limits) is what every capability uses; it imports none of them (README, "Architecture").',
      from: { path: '^electron/platform/', pathNot: TESTS },
      to: { path: '^electron/(?!platform/|sandbox/|shell/)[^/]+/' },
    },
    {
      name: 'capabilities-stand-alone',
      severity: 'error',
      comment: 'A capability (electron/<name>/, the same name as its renderer feature) imports the platform and shared/, never another capability; only electron/app/ composes them.',
      from: { path: '^electron/(?!platform/|sandbox/|shell/|app/)([^/]+)/', pathNot: TESTS },
      to: { path: '^electron/(?!platform/|sandbox/|shell/)[^/]+/', pathNot: '^electron/$1/' },
    },
    {
      name: 'entered-through-index',
      severity: 'error',
      comment: "A folder of main (a capability, or a part of the platform) is entered through its index.ts: what else it holds is its own business. Tests may also use another folder's testing/ helpers.",
      from: { path: '^(electron/(?:platform/)?[^/]+)/', pathNot: TESTS },
      to: {
        path: '^electron/(?:platform/)?(?!sandbox/|shell/)[^/]+/',
        pathNot: ['^$1/', '^electron/(?:platform/)?[^/]+/index\\.ts$', '/testing/'],
      },
    },
    {
      name: 'sandbox-entered-through-index',
      severity: 'error',
      comment: 'Outside the sandbox, import it only through electron/sandbox/index.ts (or run cli.ts): its layers are its own business.',
      from: { pathNot: SANDBOX },
      to: { path: SANDBOX, pathNot: `${SANDBOX}(index|cli)\\.ts$` },
    },
    {
      name: 'sandbox-model-imports-only-model',
      severity: 'error',
      comment: 'The sandbox imports only downwards: model/ (types, store, lifecycles, rules, texts) is the bottom layer.',
      from: { path: `${SANDBOX}model/` },
      to: { path: SANDBOX, pathNot: `${SANDBOX}model/` },
    },
    {
      name: 'sandbox-views-import-only-model',
      severity: 'error',
      comment: 'views/ (the wire shapes) read the model only.',
      from: { path: `${SANDBOX}views/` },
      to: { path: SANDBOX, pathNot: `${SANDBOX}(model|views)/` },
    },
    {
      name: 'sandbox-http-imports-only-model',
      severity: 'error',
      comment: 'http/ (replies, auth, faults, rate limit, request guard) knows the model types, never an endpoint or view.',
      from: { path: `${SANDBOX}http/` },
      to: { path: SANDBOX, pathNot: `${SANDBOX}(model|http)/` },
    },
    {
      name: 'sandbox-endpoints-stand-alone',
      severity: 'error',
      comment: 'An endpoint (one file per route) imports model/, views/ and http/, never another endpoint or the server on top.',
      from: { path: `${SANDBOX}endpoints/` },
      to: { path: SANDBOX, pathNot: `${SANDBOX}(model|views|http)/` },
    },
  ],
  options: {
    // Type-only imports count (see above).
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    // What ESLint ignores: built output, reports and dependencies.
    exclude: { path: '^(node_modules|out|dist|release|test-results|playwright-report)/' },
  },
};
