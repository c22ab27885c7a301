// The benchmark's data set (the local upstream's seed file format): three projects, the first
// with 50 flags (the list scenarios read a full page of 50), the others with 10 each (the
// `nodes(ids:)` scenario spans all three), and one role (granted on 20 flags at setup).
import type { SeedFile } from '../local-upstream/index.ts';

export const BENCH_KEY = 'phx_bench_key_0123456789abcdefghijklmnopqrstuv';
const ORG = '0191d2c4-0000-7000-8000-00000000b3c4';
export const BENCH_ROLE = '0191d2c4-0000-7000-8000-00000000e01e';
export const PROJECTS = ['Bench project', 'Bench project B', 'Bench project C'];
const FLAGS_PER_PROJECT = [50, 10, 10];

export function benchSeed(): SeedFile {
  return {
    organizations: [{ id: ORG, name: 'Bench Org' }],
    users: [
      { email: 'bench@bench.test', first_name: 'Bench', last_name: 'Mark', api_key: BENCH_KEY, scopes: ['*'], memberships: [{ organization: ORG, level: 8 }] },
    ],
    roles: [{ id: BENCH_ROLE, organization: ORG, name: 'Bench engineers' }],
    projects: PROJECTS.map((name) => ({ organization: ORG, name, persons: [] })),
    feature_flags: PROJECTS.flatMap((project, p) =>
      Array.from({ length: FLAGS_PER_PROJECT[p]! }, (_, i) => ({
        project,
        key: `bench-flag-${p}-${i}`,
        name: `Bench flag ${i} of ${project}`,
        filters: { groups: [{ properties: [], rollout_percentage: (i * 7) % 101 }] },
      })),
    ),
    plugins: [{ organization: ORG, plugin_type: 'source', name: 'Bench plugin' }],
  };
}
