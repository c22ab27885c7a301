import { defineConfig } from 'vitest/config';

// Every suite starts real HTTP servers on port 0, so tests in one file share them
// (beforeAll) and files run in parallel worker processes.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
