// The benchmark's data set, in the seed file format of DESIGN.md section 6.
import type { SeedFile } from '../local-upstream/index.ts';

export const BENCH_KEY = 'phx_bench_key_0123456789abcdefghijklmnopqrstuv';
const ORG = '0191d2c4-0000-7000-8000-00000000b3c4';
const FLAG_COUNT = 50;

export function benchSeed(): SeedFile {
  return {
    organizations: [{ id: ORG, name: 'Bench Org' }],
    users: [
      { email: 'bench@bench.test', first_name: 'Bench', last_name: 'Mark', api_key: BENCH_KEY, scopes: ['*'], memberships: [{ organization: ORG, level: 8 }] },
    ],
    projects: [{ organization: ORG, name: 'Bench project', persons: [] }],
    feature_flags: Array.from({ length: FLAG_COUNT }, (_, i) => ({
      project: 'Bench project',
      key: `bench-flag-${i}`,
      filters: { groups: [{ properties: [], rollout_percentage: (i * 7) % 101 }] },
    })),
    plugins: [{ organization: ORG, plugin_type: 'source', name: 'Bench plugin' }],
  };
}
