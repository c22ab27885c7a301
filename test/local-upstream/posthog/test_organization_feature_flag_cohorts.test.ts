/**
 * PostHog's posthog/api/test/test_organization_feature_flag.py, the `copy_flags` tests with cohorts, ported as
 * black-box HTTP tests against the local upstream (each test named `file::test_name`). PostHog's tests create the
 * cohorts with the ORM and read the target's cohorts from the database; here the seed creates them, and the
 * target's copies are read through the interface: the copied flag's `cohort_name`, and the cohort definitions of
 * the target's `local_evaluation?send_cohorts` (which carry every cohort the flag reaches, nested ones included).
 * The rest of the file is in test_organization_feature_flag.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ORG, portedSuite, type PortedCohort, type PortedProject } from './fixture.ts';

const FILE = 'test_organization_feature_flag.py';
const t = (name: string) => `${FILE}::${name}`;
const person = (value: string) => ({ key: '$some_prop', value, type: 'person', operator: 'exact' });
const cohortRef = (id: number) => ({ key: 'id', type: 'cohort', value: id });
const and = (values: unknown[]) => ({ properties: { type: 'AND', values } });

// Cohorts of a fresh database are numbered in seed order: the source projects below come first.

// create_cohort(1), (3), (2: [1]), (4: [2, 3]), (5: [4]), (6), (7: [5, 6]): each is created after its children.
const NESTED: PortedCohort[] = [];
const nestedIds = new Map<string, number>();
for (const [name, kids] of [
  ['1', []],
  ['3', []],
  ['2', ['1']],
  ['4', ['2', '3']],
  ['5', ['4']],
  ['6', []],
  ['7', ['5', '6']],
] as const) {
  nestedIds.set(name, NESTED.length + 1);
  NESTED.push({ name, filters: and(kids.length ? kids.map((child) => cohortRef(nestedIds.get(child)!)) : [person('nomatchihope')]) });
}
const HEAD_7 = nestedIds.get('7')!;

// a, b, c, d created first (ids 8 to 11), then connected d -> b, a -> d, c -> a: the head is c.
const [A, B, C, D] = [8, 9, 10, 11];
const CHAIN: PortedCohort[] = [
  { name: 'a', filters: and([cohortRef(D)]) },
  { name: 'b', filters: and([{ key: 'name', value: 'test', type: 'person', operator: 'exact' }]) },
  { name: 'c', filters: and([cohortRef(A)]) },
  { name: 'd', filters: and([cohortRef(B)]) },
];
const HEAD_C = C;

const ORIGINAL = { name: 'cohort-1', groups: [{ properties: [{ key: '$some_prop', value: 'original_value', type: 'person' }] }] };
const DESTINATION = { name: 'cohort-1', groups: [{ properties: [{ key: '$some_prop', value: 'destination_value', type: 'person' }] }] };

const projects: Record<string, PortedProject> = {
  'nested source': { cohorts: NESTED },
  'chain source': { cohorts: CHAIN },
  'not overridden source': { cohorts: [ORIGINAL] },
  'not overridden target': { cohorts: [DESTINATION] },
  'nested target': {},
  'chain target': {},
};
const { state, project } = portedSuite(projects);
const ORIGINAL_ID = 12;
const DESTINATION_ID = 13;

async function copyFlag(sourceName: string, targetName: string, head: number): Promise<{ flag: any; cohorts: Record<string, any> }> {
  const source = project(sourceName);
  const target = project(targetName);
  await source.createFlag({ key: 'flag-with-cohort', filters: { groups: [{ rollout_percentage: 20, properties: [cohortRef(head)] }] } });
  const response = await state.owner.post(`/api/organizations/${ORG}/feature_flags/copy_flags`, {
    feature_flag_key: 'flag-with-cohort',
    from_project: source.projectId,
    target_project_ids: [target.projectId],
  });
  expect(response.status).toBe(200);
  expect(response.body.failed).toEqual([]);
  const definitions = await state.owner.get(`${target.flags}local_evaluation?send_cohorts`);
  return { flag: response.body.success[0], cohorts: definitions.body.cohorts };
}

/** The cohort ids a definition (a `{type, values}` tree) refers to. */
function children(node: { type?: string; value?: unknown; values?: unknown[] }): number[] {
  if (Array.isArray(node.values)) return node.values.flatMap((child) => children(child as typeof node));
  return node.type === 'cohort' ? [Number(node.value)] : [];
}

describe('TestOrganizationFeatureFlagCopy (cohorts)', () => {
  it(t('test_copy_feature_flag_cohort_nonexistent_in_destination'), async () => {
    const { flag, cohorts: definitions } = await copyFlag('nested source', 'nested target', HEAD_7);
    const head = flag.filters.groups[0].properties[0];
    expect(head.cohort_name).toBe('7');
    // All seven cohorts exist in the destination, as new cohorts.
    const ids = Object.keys(definitions).map(Number);
    expect(ids).toHaveLength(7);
    expect(ids.every((id) => id > DESTINATION_ID)).toBe(true);
    expect(ids).toContain(head.value);
    // The destination's head points at its own copies of 5 and 6; 4 (below 5) at copies of 2 and 3.
    const [five, six] = children(definitions[head.value]);
    expect(ids).toEqual(expect.arrayContaining([five, six]));
    expect(children(definitions[six!])).toEqual([]);
    expect(children(definitions[children(definitions[five!])[0]!])).toHaveLength(2);
  });

  it(t('test_copy_feature_flag_cohort_nonexistent_in_destination_2'), async () => {
    const { flag, cohorts: definitions } = await copyFlag('chain source', 'chain target', HEAD_C);
    const head = flag.filters.groups[0].properties[0];
    expect(head.cohort_name).toBe('c');
    expect(head.value).not.toBe(HEAD_C);
    // c -> a -> d -> b, every link a destination cohort, the last one the person-property leaf.
    const chain: number[] = [head.value];
    while (children(definitions[chain.at(-1)!]).length) chain.push(children(definitions[chain.at(-1)!])[0]!);
    expect(chain).toHaveLength(4);
    expect(new Set(chain).size).toBe(4);
    expect(definitions[chain[3]!].values[0]).toMatchObject({ key: 'name', value: 'test', type: 'person' });
  });

  it(t('test_copy_feature_flag_destination_cohort_not_overridden'), async () => {
    const { flag, cohorts: definitions } = await copyFlag('not overridden source', 'not overridden target', ORIGINAL_ID);
    expect(flag.filters.groups[0].properties[0]).toMatchObject({ value: DESTINATION_ID, cohort_name: 'cohort-1' });
    expect(JSON.stringify(definitions[DESTINATION_ID])).toContain('destination_value');
  });
});
