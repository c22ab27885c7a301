import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

// `npm run test:clients`: real clients whose every call costs seconds of CPU (test/clients/slow/), kept out of
// `npm test` and run by CI after it (.ci/run). Same settings as vitest.config.ts but the files and time limits.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/clients/slow/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
