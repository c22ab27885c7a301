// Flag edits that never lose someone else's change: updateFeatureFlag's expectedVersion (the upstream refuses a
// stale edit in the same write) and the state mutations (one call to the flag's state endpoint each, never a PATCH),
// against the local upstream, with the gateway's read cache on: a cached read never decides or hides anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../../src/server.ts';
import { expectNoErrors, postGraphQL, reportedCalls, useStack } from './helpers.ts';
import { startHostileUpstream, type HostileUpstream } from './hostile-upstream.ts';
import { EVERYONE, LEVEL, seededProjectId, seedOrganization, seedProject, seedUser, type SeedFile } from '../fixtures/seed.ts';
import { restClient } from '../fixtures/rest.ts';

const ORG = '0c000000-0000-4000-8000-0000000000e1';
const ADA = 'phx_ada_flag_edits_key_000000000000';
const BOB = 'phx_bob_flag_edits_key_000000000000';
const seed: SeedFile = {
  organizations: [seedOrganization(ORG, 'Acme')],
  users: [seedUser('ada@acme.test', ADA, ORG, LEVEL.owner), seedUser('bob@acme.test', BOB, ORG, LEVEL.admin)],
  projects: [seedProject(ORG, 'Web')],
};

const stack = useStack({ seed, gateway: { upstreamCacheTtlMs: 60_000 } });
let project: number;
let serial = 0;
const rest = () => restClient(stack.upstream, ADA);
const flagPath = (id: number) => `/api/projects/${project}/feature_flags/${id}/`;

beforeAll(() => {
  project = seededProjectId(stack.upstream);
});

const FLAG = 'id databaseId key name active archived status version filters';
const ERRORS = 'userErrors { field message code upstreamCode changeRequestId currentVersion }';
const UPDATE = `mutation($input: UpdateFeatureFlagInput!) { updateFeatureFlag(input: $input) { featureFlag { ${FLAG} } ${ERRORS} } }`;
const READ = `query($id: ID!) { node(id: $id) { ... on FeatureFlag { ${FLAG} } } }`;
const stateMutation = (name: string) => `mutation($input: FeatureFlagReferenceInput!) { ${name}(input: $input) { featureFlag { ${FLAG} } ${ERRORS} } }`;

interface Flag {
  id: string;
  databaseId: number;
  key: string;
  version: number;
  active: boolean;
  archived: boolean;
  status: string;
}

async function createFlag(fields: Record<string, unknown> = {}): Promise<Flag> {
  const created = await rest().post(`/api/projects/${project}/feature_flags/`, { key: `edit-${++serial}`, name: 'first', filters: EVERYONE, ...fields });
  expect(created.status).toBe(201);
  return read(`${created.body.id}`);
}

async function read(id: string, token = ADA): Promise<Flag> {
  const globalId = /^\d+$/.test(id) ? undefined : id;
  const data = expectNoErrors<any>(
    globalId
      ? await stack.graphql<any>(READ, { id }, { token })
      : await stack.graphql<any>(`query($p: ID!, $id: ID!) { project(id: $p) { featureFlag(id: $id) { ${FLAG} } } }`, { p: String(project), id }, { token }),
  );
  return globalId ? data.node : data.project.featureFlag;
}

const update = (input: Record<string, unknown>, token = ADA) => stack.graphql<any>(UPDATE, { input }, { token, report: true });

describe('updateFeatureFlag with expectedVersion', () => {
  it('two clients race on one flag from the same version: exactly one edit wins, the other gets CONFLICT', async () => {
    const flag = await createFlag();
    // Both read through the gateway (and its cache) first, as two screens would.
    const [seenByAda, seenByBob] = await Promise.all([read(flag.id, ADA), read(flag.id, BOB)]);
    expect(seenByAda.version).toBe(seenByBob.version);
    const [ada, bob] = await Promise.all([
      update({ id: flag.id, filters: { groups: [{ properties: [], rollout_percentage: 50 }] }, expectedVersion: seenByAda.version }, ADA),
      update({ id: flag.id, name: 'renamed by bob', expectedVersion: seenByBob.version }, BOB),
    ]);
    const results = [ada, bob].map((response) => expectNoErrors<any>(response).updateFeatureFlag);
    const winners = results.filter((result) => result.userErrors.length === 0);
    const losers = results.filter((result) => result.userErrors.length > 0);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    const winnerEmail = winners[0] === results[0] ? 'ada@acme.test' : 'bob@acme.test';
    expect(losers[0].featureFlag).toBeNull();
    expect(losers[0].userErrors).toEqual([
      {
        field: null,
        message: `The feature flag was updated by ${winnerEmail} since you started editing it. Please refresh and try again.`,
        code: 'CONFLICT',
        upstreamCode: 'conflict',
        changeRequestId: null,
        currentVersion: flag.version + 1,
      },
    ]);
    // Only the winner's edit is stored.
    const stored = (await rest().get(flagPath(flag.databaseId))).body;
    expect(stored.version).toBe(flag.version + 1);
    expect(stored.name === 'renamed by bob').toBe(winnerEmail === 'bob@acme.test');
    expect(stored.filters.groups[0].rollout_percentage === 50).toBe(winnerEmail === 'ada@acme.test');
  });

  it('refuses a stale edit of a field nobody else touched, and writes nothing', async () => {
    const flag = await createFlag();
    // Bob disables the flag behind Ada's back (straight through REST).
    expect((await restClient(stack.upstream, BOB).patch(flagPath(flag.databaseId), { active: false })).status).toBe(200);
    const response = await update({ id: flag.id, name: 'renamed by ada', expectedVersion: flag.version });
    const result = expectNoErrors<any>(response).updateFeatureFlag;
    expect(result.featureFlag).toBeNull();
    expect(result.userErrors).toEqual([
      expect.objectContaining({ code: 'CONFLICT', message: expect.stringContaining('bob@acme.test'), currentVersion: flag.version + 1 }),
    ]);
    // The refusal came from the PATCH itself; the version read after it names the flag's version now.
    expect(reportedCalls(response)).toEqual(['PATCH /api/projects/{project_id}/feature_flags/{id}/', 'GET /api/projects/{project_id}/feature_flags/{id}/']);
    expect((await rest().get(flagPath(flag.databaseId))).body).toMatchObject({ name: 'first', active: false, version: flag.version + 1 });
  });

  it('applies an edit made at the current version, and the read after it shows the edit', async () => {
    const flag = await createFlag();
    const result = expectNoErrors<any>(await update({ id: flag.id, name: 'current', expectedVersion: flag.version })).updateFeatureFlag;
    expect(result.userErrors).toEqual([]);
    expect(result.featureFlag).toMatchObject({ name: 'current', version: flag.version + 1 });
    expect(await read(flag.id)).toMatchObject({ name: 'current', version: flag.version + 1 });
  });

  it('without expectedVersion, a stale edit is applied as before over the fields it names', async () => {
    const flag = await createFlag();
    expect((await restClient(stack.upstream, BOB).patch(flagPath(flag.databaseId), { active: false })).status).toBe(200);
    const result = expectNoErrors<any>(await update({ id: flag.id, name: 'renamed anyway' })).updateFeatureFlag;
    expect(result.userErrors).toEqual([]);
    expect(result.featureFlag).toMatchObject({ name: 'renamed anyway', active: false, version: flag.version + 2 });
  });

  it('refuses a negative expectedVersion before any upstream call', async () => {
    const flag = await createFlag();
    const response = await update({ id: flag.id, name: 'never', expectedVersion: -1 });
    expect(expectNoErrors<any>(response).updateFeatureFlag.userErrors).toEqual([
      expect.objectContaining({ field: ['input', 'expectedVersion'], code: 'MIN_VALUE' }),
    ]);
    expect(reportedCalls(response)).toEqual([]);
    expect((await rest().get(flagPath(flag.databaseId))).body.name).toBe('first');
  });
});

const STATE_CASES: Array<[mutation: string, route: string, start: Record<string, boolean>, end: { active: boolean; archived: boolean; status: string }]> = [
  ['enableFeatureFlag', 'enable', { active: false }, { active: true, archived: false, status: 'ACTIVE' }],
  ['disableFeatureFlag', 'disable', { active: true }, { active: false, archived: false, status: 'ACTIVE' }],
  ['archiveFeatureFlag', 'archive', { active: true }, { active: false, archived: true, status: 'ARCHIVED' }],
  ['unarchiveFeatureFlag', 'unarchive', { active: false, archived: true }, { active: false, archived: false, status: 'ACTIVE' }],
];

describe('enable, disable, archive and unarchive', () => {
  it.each(STATE_CASES)('%s makes exactly one upstream call, to the state endpoint, and reads back its change', async (mutation, route, start, end) => {
    const flag = await createFlag(start);
    // Cached before the change: the state mutation must invalidate it.
    await read(flag.id);
    const response = await stack.graphql<any>(stateMutation(mutation), { input: { id: flag.id } }, { report: true });
    const result = expectNoErrors<any>(response)[mutation];
    expect(result.userErrors).toEqual([]);
    expect(result.featureFlag).toMatchObject({ ...end, filters: EVERYONE, name: 'first' });
    expect(reportedCalls(response)).toEqual([`POST /api/projects/{project_id}/feature_flags/{id}/${route}/`]);
    expect(await read(flag.id)).toMatchObject(end);
    expect((await rest().get(flagPath(flag.databaseId))).body).toMatchObject({ active: end.active, archived: end.archived });
  });

  it('archiving takes the flag out of the default list read before it (the cached page is not served again)', async () => {
    const flag = await createFlag();
    const LIST = `query($p: ID!) { project(id: $p) { featureFlags(first: 100) { nodes { key } } } }`;
    const keys = async () =>
      expectNoErrors<any>(await stack.graphql<any>(LIST, { p: String(project) })).project.featureFlags.nodes.map((n: { key: string }) => n.key);
    expect(await keys()).toContain(flag.key);
    expectNoErrors(await stack.graphql<any>(stateMutation('archiveFeatureFlag'), { input: { id: flag.id } }));
    expect(await keys()).not.toContain(flag.key);
    expectNoErrors(await stack.graphql<any>(stateMutation('unarchiveFeatureFlag'), { input: { id: flag.id } }));
    expect(await keys()).toContain(flag.key);
  });

  it('accepts a numeric id with projectId', async () => {
    const flag = await createFlag({ active: false });
    const result = expectNoErrors<any>(
      await stack.graphql<any>(stateMutation('enableFeatureFlag'), { input: { id: String(flag.databaseId), projectId: String(project) } }),
    ).enableFeatureFlag;
    expect(result.featureFlag.active).toBe(true);
  });

  const dependentOf = (target: Flag, active = true) =>
    rest().post(`/api/projects/${project}/feature_flags/`, {
      key: `dependent-${++serial}`,
      active,
      filters: {
        groups: [{ properties: [{ key: String(target.databaseId), type: 'flag', value: 'true', operator: 'flag_evaluates_to' }], rollout_percentage: 100 }],
      },
    });

  it.each([['disableFeatureFlag'], ['archiveFeatureFlag']])(
    '%s of a flag enabled flags depend on is DEPENDENT_FLAGS_ACTIVE, naming them, in one call',
    async (mutation) => {
      const flag = await createFlag();
      const dependent = (await dependentOf(flag)).body;
      const response = await stack.graphql<any>(stateMutation(mutation), { input: { id: flag.id } }, { report: true });
      const result = expectNoErrors<any>(response)[mutation];
      expect(result.featureFlag).toBeNull();
      expect(result.userErrors).toEqual([
        expect.objectContaining({
          code: 'DEPENDENT_FLAGS_ACTIVE',
          upstreamCode: 'invalid_input',
          message: expect.stringContaining(`${dependent.key} (ID: ${dependent.id})`),
        }),
      ]);
      expect(reportedCalls(response)).toHaveLength(1);
      expect((await rest().get(flagPath(flag.databaseId))).body).toMatchObject({ active: true, archived: false });
    },
  );

  // The service refuses these PATCHes as it refuses disable/ (400 `invalid_input`, attr null, naming the dependents):
  // the same refusal gets the same code whichever mutation sent it.
  it.each([
    ['updateFeatureFlag with active: false', UPDATE, (flag: Flag) => ({ id: flag.id, active: false }), 'disable'],
    ['deleteFeatureFlag', stateMutation('deleteFeatureFlag'), (flag: Flag) => ({ id: flag.id }), 'delete'],
  ] as const)('%s of a flag enabled flags depend on is DEPENDENT_FLAGS_ACTIVE, naming them', async (_name, mutation, input, verb) => {
    const flag = await createFlag();
    const dependent = (await dependentOf(flag)).body;
    const detail = `Cannot ${verb} this feature flag because other flags depend on it: ${dependent.key} (ID: ${dependent.id}). Please update or disable the dependent flags first.`;
    const data = expectNoErrors<any>(await stack.graphql<any>(mutation, { input: input(flag) }));
    const result = Object.values(data)[0] as any;
    expect(result.featureFlag).toBeNull();
    expect(result.userErrors).toEqual([
      { field: null, message: detail, code: 'DEPENDENT_FLAGS_ACTIVE', upstreamCode: 'invalid_input', changeRequestId: null, currentVersion: null },
    ]);
    // The local upstream's own answer to the same PATCH, as the service words it.
    const patch = await rest().patch(flagPath(flag.databaseId), verb === 'disable' ? { active: false } : { deleted: true });
    expect(patch.status).toBe(400);
    expect(patch.body).toEqual({ type: 'validation_error', code: 'invalid_input', detail, attr: null });
    expect((await rest().get(flagPath(flag.databaseId))).body).toMatchObject({ active: true, deleted: false });
  });

  it('updateFeatureFlag with active: false succeeds once the dependents are disabled', async () => {
    const flag = await createFlag();
    const dependent = (await dependentOf(flag)).body;
    expect((await rest().patch(flagPath(dependent.id), { active: false })).status).toBe(200);
    const result = expectNoErrors<any>(await stack.graphql<any>(UPDATE, { input: { id: flag.id, active: false } })).updateFeatureFlag;
    expect(result.userErrors).toEqual([]);
    expect(result.featureFlag.active).toBe(false);
  });

  it('enabling an archived flag is ARCHIVED, in one call', async () => {
    const flag = await createFlag({ active: false, archived: true });
    const response = await stack.graphql<any>(stateMutation('enableFeatureFlag'), { input: { id: flag.id } }, { report: true });
    expect(expectNoErrors<any>(response).enableFeatureFlag.userErrors).toEqual([
      {
        field: null,
        message: 'Cannot enable an archived feature flag. Unarchive it first.',
        code: 'ARCHIVED',
        upstreamCode: 'invalid_input',
        changeRequestId: null,
        currentVersion: null,
      },
    ]);
    expect(reportedCalls(response)).toHaveLength(1);
    expect((await rest().get(flagPath(flag.databaseId))).body.active).toBe(false);
  });

  it('a soft-deleted flag is refused with the upstream message', async () => {
    const flag = await createFlag({ active: false });
    await rest().patch(flagPath(flag.databaseId), { deleted: true });
    const result = expectNoErrors<any>(await stack.graphql<any>(stateMutation('enableFeatureFlag'), { input: { id: flag.id } })).enableFeatureFlag;
    expect(result.userErrors).toEqual([
      expect.objectContaining({ code: 'OTHER', message: 'This feature flag has been deleted. Restore it before enabling it.' }),
    ]);
  });

  it('an unknown flag is NOT_FOUND', async () => {
    const response = await stack.graphql<any>(stateMutation('disableFeatureFlag'), { input: { id: '99999999', projectId: String(project) } });
    expect(response.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

// The approval gate's 409 bodies, as PostHog's ApprovalHandlingMixin (products/approvals/backend/mixins.py) answers
// them, from a stand-in in front of the local upstream: the mapping of each body, whatever the policy behind it. The
// next block has the local upstream's own approval policies produce them.
const APPROVAL_BODIES = {
  approval_required: {
    code: 'approval_required',
    status: 'approval_required',
    detail: 'This change requires approval from 1 reviewer',
    message: 'This change requires approval from 1 reviewer',
    resource_type: 'feature_flag',
    resource_id: '1',
    change_request_id: '0190c3a0-0000-7000-8000-00000000c0de',
    change_request: {},
    required_approvers: {},
  },
  change_request_pending: {
    code: 'change_request_pending',
    status: 'approval_required',
    detail: 'A pending approval request already exists for this action',
    message: 'A pending approval request already exists for this action',
    resource_type: 'feature_flag',
    resource_id: '1',
    change_request_id: '0190c3a0-0000-7000-8000-0000000pend1',
    change_request: {},
    required_approvers: {},
  },
};

describe('an approval policy gating the change', () => {
  let hostile: HostileUpstream;
  let gateway: RunningGateway;
  beforeAll(async () => {
    hostile = await startHostileUpstream(stack.upstream.url);
    gateway = await startGateway({ upstreamUrl: hostile.url, port: 0, host: '127.0.0.1', upstreamCacheTtlMs: 0 });
  });
  afterAll(async () => {
    await gateway?.stop();
    await hostile?.stop();
  });

  it.each([
    ['approval_required', 'disableFeatureFlag', 'POST'],
    ['change_request_pending', 'enableFeatureFlag', 'POST'],
    ['approval_required', 'updateFeatureFlag', 'PATCH'],
  ] as const)('a 409 %s of %s is APPROVAL_REQUIRED with the change request id, in one call', async (code, mutation, method) => {
    const flag = await createFlag();
    const body = APPROVAL_BODIES[code];
    hostile.behave(async (req, res) => {
      if (req.method !== method) return false;
      res.writeHead(409, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
      return true;
    });
    const document = mutation === 'updateFeatureFlag' ? UPDATE : stateMutation(mutation);
    const input = mutation === 'updateFeatureFlag' ? { id: flag.id, name: 'gated', expectedVersion: flag.version } : { id: flag.id };
    const response = await postGraphQL<any>(gateway.url, document, { input }, { token: ADA, report: true });
    hostile.behave(null);
    expect(expectNoErrors<any>(response)[mutation]).toEqual({
      featureFlag: null,
      userErrors: [
        { field: null, message: body.message, code: 'APPROVAL_REQUIRED', upstreamCode: code, changeRequestId: body.change_request_id, currentVersion: null },
      ],
    });
    expect(reportedCalls(response)).toHaveLength(1);
  });
});

describe("the local upstream's approval policies", () => {
  let gated: number;
  let toDisable: Flag;
  let toRoll: Flag;
  beforeAll(async () => {
    gated = (await rest().post('/api/projects/', { name: 'Gated' })).body.id;
    // Created before the policies: a new flag's rollout is a gated change of its own.
    toDisable = await gatedFlag();
    toRoll = await gatedFlag();
    for (const action_key of ['feature_flag.disable', 'feature_flag.update']) {
      const policy = await rest().post(`/api/projects/${gated}/approval_policies/`, { action_key, approver_config: { quorum: 1, users: [] } });
      expect(policy.status).toBe(201);
    }
  });

  async function gatedFlag(): Promise<Flag> {
    const created = await rest().post(`/api/projects/${gated}/feature_flags/`, { key: `gated-${++serial}`, filters: EVERYONE });
    expect(created.status).toBe(201);
    const query = `query($p: ID!, $id: ID!) { project(id: $p) { featureFlag(id: $id) { ${FLAG} } } }`;
    return expectNoErrors<any>(await stack.graphql<any>(query, { p: String(gated), id: String(created.body.id) })).project.featureFlag;
  }

  const pendingRequests = async (flag: Flag) =>
    (await rest().get(`/api/projects/${gated}/change_requests/?resource_id=${flag.databaseId}&state=pending`)).body.results as Array<{ id: string }>;

  it('a gated disable is APPROVAL_REQUIRED naming the change request it opened, in one call; again, the same request', async () => {
    const flag = toDisable;
    const first = await stack.graphql<any>(stateMutation('disableFeatureFlag'), { input: { id: flag.id } }, { report: true });
    const [request] = await pendingRequests(flag);
    expect(expectNoErrors<any>(first).disableFeatureFlag).toEqual({
      featureFlag: null,
      userErrors: [
        {
          field: null,
          message: 'A change request has been created and is pending approval.',
          code: 'APPROVAL_REQUIRED',
          upstreamCode: 'approval_required',
          changeRequestId: request!.id,
          currentVersion: null,
        },
      ],
    });
    expect(reportedCalls(first)).toHaveLength(1);
    const second = expectNoErrors<any>(await stack.graphql<any>(stateMutation('disableFeatureFlag'), { input: { id: flag.id } })).disableFeatureFlag;
    expect(second.userErrors).toEqual([
      expect.objectContaining({ code: 'APPROVAL_REQUIRED', upstreamCode: 'change_request_pending', changeRequestId: request!.id }),
    ]);
    expect((await rest().get(`/api/projects/${gated}/feature_flags/${flag.databaseId}/`)).body).toMatchObject({ active: true, version: flag.version });
  });

  it('a gated rollout change through updateFeatureFlag is APPROVAL_REQUIRED and writes nothing', async () => {
    const flag = toRoll;
    const half = { groups: [{ properties: [], rollout_percentage: 50 }] };
    const response = expectNoErrors<any>(
      await stack.graphql<any>(UPDATE, { input: { id: flag.id, filters: half, expectedVersion: flag.version } }),
    ).updateFeatureFlag;
    const [request] = await pendingRequests(flag);
    expect(response.userErrors).toEqual([
      expect.objectContaining({ code: 'APPROVAL_REQUIRED', upstreamCode: 'approval_required', changeRequestId: request!.id }),
    ]);
    expect((await rest().get(`/api/projects/${gated}/feature_flags/${flag.databaseId}/`)).body.filters.groups[0].rollout_percentage).toBe(100);
  });
});
