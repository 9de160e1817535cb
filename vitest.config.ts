import { defineConfig } from 'vitest/config';

// Unit and integration tests run under plain Node: no Electron binary is needed, because only the
// thin shell files import 'electron' and their tests mock it.
export default defineConfig({
  test: {
    include: ['electron/**/*.test.ts', 'shared/**/*.test.ts', 'renderer/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
  },
});
