import { configDefaults, defineConfig } from 'vitest/config';

// Tests against a real PostgreSQL server (issue 15) are a project of their own: vitest runs a
// project's globalSetup only when the run includes one of its files, so the server (a few seconds
// to start) is started once per run that needs it, and never for a run that does not.
// Elsewhere, a test that needs the server is named *.pg.test.ts.
const POSTGRES_TESTS = ['electron/platform/journal/{postgres,testing}/**/*.test.ts', 'electron/**/*.pg.test.ts', 'scripts/**/*.pg.test.ts'];

// Unit and integration tests run under plain Node: no Electron binary is needed, because only the
// thin shell files import 'electron' and their tests mock it.
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['electron/**/*.test.ts', 'shared/**/*.test.ts', 'renderer/**/*.test.ts', 'scripts/**/*.test.ts', 'e2e/standin/**/*.test.ts', 'e2e/harness/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...POSTGRES_TESTS],
        },
      },
      {
        extends: true,
        test: { name: 'postgres', include: POSTGRES_TESTS, globalSetup: ['electron/platform/journal/testing/postgres-global-setup.ts'] },
      },
    ],
  },
});
