import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

// The sources are TypeScript run by Node 24's type stripping: an older Node would find no test
// to run and fail on something unrelated. `npm test` uses the pinned Node 24 (devDependency `node`).
const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor !== 24) {
  throw new Error(`Node 24 required to run the tests (this is Node ${process.versions.node}): run \`npm test\`, or \`npx vitest\` after \`npm ci\`.`);
}

// Every suite starts real HTTP servers on port 0, so tests in one file share them
// (beforeAll) and files run in parallel worker processes.
export default defineConfig({
  resolve: {
    // graphql 16 ships CJS (main) and ESM (module) builds. Node and the CJS dependencies
    // (@apollo/subgraph...) load the CJS one; without this alias Vite would hand our own
    // source the ESM one, and two graphql instances break `instanceof` checks.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    include: ['test/**/*.test.ts'],
    // Clients that cost seconds of CPU per call run in `npm run test:clients` (vitest.clients.config.ts).
    exclude: ['**/node_modules/**', 'test/clients/slow/**'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // A worker process runs file after file with the modules it has loaded: importing Apollo
    // Server, graphql and the gateway again for each of 135 files took more than half the suite's
    // time. Tests therefore never rely on a module's state being fresh (each starts its own
    // servers and restores what it stubs).
    isolate: false,
    reporters: ['default', './test/summary-reporter.ts'],
  },
});
