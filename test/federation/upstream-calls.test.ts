// Costs published where they are paid: every field whose resolver makes an upstream call of its own
// carries `@cost`, a connection too (its page is the call; `@listSize` only sizes its items). Which fields call the
// upstream is observed, not listed: the test walks the schema from Query, and for each field of each
// type it reaches, runs the path to that type with and without the field, counting the upstream
// requests the gateway's resolvers make (UpstreamClient.request, before any cache). A field whose
// selection adds requests calls the upstream; it must carry the hint.
//
// Only queries are walked (a mutation's own call is the +10 Apollo Router adds to every mutation;
// subscription events are not HTTP queries; the fields of mutation payloads that call the upstream
// carry `@cost` by the same rule, unobserved). Each type is probed through two paths that reach data:
// the shortest through a list (where no full record was loaded before) and the shortest not through
// one. Fields are probed in groups (most add nothing); a group that adds requests is split in two,
// down to single fields. `node`/`nodes` are probed as Query fields but not walked through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getNamedType,
  isAbstractType,
  isCompositeType,
  isNonNullType,
  isObjectType,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLObjectType,
} from 'graphql';
import { UpstreamClient, type UpstreamCall } from '../../src/upstream-client/client/http.ts';
import { gatewaySchema } from '../../src/schema.ts';
import { expectNoErrors, useStack } from '../gateway/helpers.ts';
import { EVERYONE, ORG_A, seedFlag, seedPlugin, seedRole, twoOrgSeed } from '../fixtures/seed.ts';

/** Upstream requests made by the resolvers of this process, by the request id of the operation. */
const requested = new Map<string, string[]>();
// eslint-disable-next-line @typescript-eslint/unbound-method -- called with .call(this) below
const originalRequest = UpstreamClient.prototype.request;
beforeAll(() => {
  UpstreamClient.prototype.request = function <T>(this: UpstreamClient, call: UpstreamCall<T>): Promise<T> {
    const calls = requested.get(this.scope.requestId);
    calls?.push(`${call.method} ${call.route}`);
    return originalRequest.call(this, call) as Promise<T>;
  };
});
afterAll(() => {
  UpstreamClient.prototype.request = originalRequest;
});

const ROLE = '0190b7a0-0000-7000-8000-0000000000c1';
const stack = useStack(() => {
  const base = twoOrgSeed();
  return {
    seed: {
      ...base,
      feature_flags: [...(base.feature_flags ?? []), seedFlag('Acme Web', 'probe-flag', { organization: ORG_A, filters: EVERYONE })],
      roles: [seedRole(ROLE, ORG_A, 'Reviewers')],
      plugins: [seedPlugin(ORG_A, 'source', 'Probe plugin', { source: { 'index.ts': 'export function processEvent(event) { return event }' } })],
    },
  };
});

/** How the walk reaches a type: the operation text around an inner selection. */
interface Path {
  type: GraphQLObjectType;
  wrap: (inner: string) => string;
  /** The path as `Query.projects > ProjectConnection.nodes`, for messages. */
  label: string;
}

/** Values of required arguments, by schema coordinate, read from the seeded data in beforeAll. */
const argumentValues = new Map<string, string>();

function argumentsFor(type: GraphQLObjectType, field: GraphQLField<unknown, unknown>): string | null {
  const given: string[] = [];
  // Small pages keep deep paths under the cost limit.
  if (field.args.some((a) => a.name === 'first')) given.push('first: 3');
  for (const argument of field.args) {
    const value = argumentValues.get(`${type.name}.${field.name}(${argument.name}:)`);
    if (value !== undefined) given.push(`${argument.name}: ${value}`);
    else if (isNonNullType(argument.type) && argument.defaultValue === undefined) return null;
  }
  return given.length ? `(${given.join(', ')})` : '';
}

const SKIPPED_ROOT_FIELDS = new Set(['_entities', '_service']);
const NOT_WALKED_THROUGH = new Set(['Query.node', 'Query.nodes']);

/** The object types a field's value may be, each with the selection that narrows to it. */
function concreteSteps(returned: GraphQLCompositeType): Array<{ type: GraphQLObjectType; narrow: (inner: string) => string }> {
  if (isObjectType(returned)) return [{ type: returned, narrow: (inner) => inner }];
  const possible = isAbstractType(returned) ? gatewaySchema().getPossibleTypes(returned) : [];
  return possible.map((type) => ({ type, narrow: (inner: string) => `... on ${type.name} { ${inner} }` }));
}

interface Candidate extends Path {
  throughList: boolean;
}

/** Breadth-first from Query: the first few paths to each object type, shortest first. */
function walk(): Candidate[][] {
  const query = gatewaySchema().getQueryType()!;
  const candidates = new Map<string, Candidate[]>();
  let frontier: Candidate[] = [{ type: query, wrap: (inner) => `{ ${inner} }`, label: 'Query', throughList: false }];
  for (let depth = 0; depth < 8 && frontier.length > 0; depth++) {
    const next: Candidate[] = [];
    for (const path of frontier) {
      const known = candidates.get(path.type.name) ?? [];
      if (known.length >= 6) continue;
      candidates.set(path.type.name, [...known, path]);
      for (const field of Object.values(path.type.getFields())) {
        const returned = getNamedType(field.type);
        const args = argumentsFor(path.type, field);
        const coordinate = `${path.type.name}.${field.name}`;
        if (!isCompositeType(returned) || args === null || NOT_WALKED_THROUGH.has(coordinate) || SKIPPED_ROOT_FIELDS.has(field.name)) continue;
        for (const step of concreteSteps(returned)) {
          next.push({
            type: step.type,
            wrap: (inner) => path.wrap(`${field.name}${args} { ${step.narrow(inner)} }`),
            label: `${path.label} > ${coordinate}`,
            throughList: path.throughList || isListLike(field),
          });
        }
      }
    }
    frontier = next;
  }
  return [...candidates.values()];
}

const isListLike = (field: GraphQLField<unknown, unknown>): boolean => /Connection$/.test(getNamedType(field.type).name) || field.type.toString().includes('[');

let probes = 0;

/** The upstream requests one operation made, the aliases that resolved at least once, and whether the cost limit refused it. */
async function requestsOf(operation: string): Promise<{ calls: string[]; answered: string; refused: boolean }> {
  const requestId = `probe-${++probes}`;
  const calls: string[] = [];
  requested.set(requestId, calls);
  const response = await stack.graphql<Record<string, unknown>>(operation, {}, { headers: { 'x-request-id': requestId } });
  requested.delete(requestId);
  // A deep path through lists can cost more than the limit: the probe is split (or, alone, skipped).
  if (response.errors?.[0]?.extensions?.code === 'COST_ESTIMATED_TOO_EXPENSIVE') return { calls: [], answered: '', refused: true };
  expect(response.status, `${operation}\n${JSON.stringify(response.errors)}`).toBe(200);
  return { calls, answered: JSON.stringify(response.data ?? {}), refused: false };
}

/** `calls` without one occurrence of each of `baseline`'s. */
function beyond(calls: string[], baseline: string[]): string[] {
  const added = [...calls];
  for (const call of baseline) if (added.includes(call)) added.splice(added.indexOf(call), 1);
  return added;
}

/** Runs `tasks` with at most `width` at a time. */
async function inParallel<T>(tasks: Array<() => Promise<T>>, width: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

interface Observation {
  coordinate: string;
  /** The requests the field added to its path's own. */
  added: string[];
  operation: string;
}

const hasDirective = (field: GraphQLField<unknown, unknown>, name: string) => field.astNode?.directives?.some((d) => d.name.value === name) ?? false;

describe('fields that call the upstream carry a cost hint (observed, not listed)', () => {
  const observations: Observation[] = [];
  const reached = new Set<string>();

  beforeAll(async () => {
    const data = expectNoErrors(
      await stack.graphql<any>(`{ projects(first: 10) { nodes { id databaseId name featureFlags(first: 10) { nodes { id key } } } } }`),
    );
    const web = data.projects.nodes.find((p: { name: string }) => p.name === 'Acme Web');
    const flag = web.featureFlags.nodes[0];
    const plugin = expectNoErrors(await stack.graphql<any>(`query($o: ID!) { organization(id: $o) { plugins(first: 1) { nodes { id } } } }`, { o: ORG_A }))
      .organization.plugins.nodes[0];
    // Data the seed cannot hold: a role's access to the flag, and the flag's activity.
    const setup = `mutation($flag: ID!, $role: UUID!) {
      grantFeatureFlagRoleAccess(input: { featureFlagId: $flag, roleId: $role }) { userErrors { message } }
      updateFeatureFlag(input: { id: $flag, name: "Probed" }) { userErrors { message } }
    }`;
    const changed = expectNoErrors(await stack.graphql<any>(setup, { flag: flag.id, role: ROLE }));
    expect([...changed.grantFeatureFlagRoleAccess.userErrors, ...changed.updateFeatureFlag.userErrors]).toEqual([]);
    const values: Record<string, string> = {
      'Query.project(id:)': JSON.stringify(web.id),
      'Query.node(id:)': JSON.stringify(flag.id),
      'Query.nodes(ids:)': JSON.stringify([web.id, flag.id]),
      'Query.organization(id:)': JSON.stringify(ORG_A),
      'Query.plugin(id:)': JSON.stringify(plugin.id),
      'Project.featureFlag(id:)': JSON.stringify(flag.id),
      'Project.evaluationReasons(distinctId:)': '"someone"',
      'Project.userBlastRadius(condition:)': '{ properties: [] }',
      'Organization.featureFlagsByKey(key:)': JSON.stringify(flag.key),
      'Organization.plugin(id:)': JSON.stringify(plugin.id),
    };
    for (const [coordinate, value] of Object.entries(values)) argumentValues.set(coordinate, value);

    // Group testing: all of a type's fields in one operation (most add no call); a group that adds
    // calls (or is refused by the cost limit) is split in two, down to single fields.
    const bisect = async (path: Path, baseline: string[], fields: Array<{ coordinate: string; selection: string }>): Promise<void> => {
      const operation = path.wrap(`__typename ${fields.map((f, i) => `p${i}: ${f.selection}`).join(' ')}`);
      const { calls, answered, refused } = await requestsOf(operation);
      fields.forEach((f, i) => answered.includes(`"p${i}":`) && reached.add(f.coordinate));
      const added = beyond(calls, baseline);
      if (!refused && added.length === 0) return;
      if (fields.length === 1) {
        if (!refused && answered.includes('"p0":')) observations.push({ coordinate: fields[0]!.coordinate, added, operation });
        return;
      }
      const half = Math.ceil(fields.length / 2);
      await bisect(path, baseline, fields.slice(0, half));
      await bisect(path, baseline, fields.slice(half));
    };
    const probe = async (path: Path, baseline: string[]) => {
      const fields = Object.values(path.type.getFields()).flatMap((field) => {
        const args = argumentsFor(path.type, field);
        if (args === null || (path.type.name === 'Query' && SKIPPED_ROOT_FIELDS.has(field.name))) return [];
        const selection = isCompositeType(getNamedType(field.type)) ? ' { __typename }' : '';
        return [{ coordinate: `${path.type.name}.${field.name}`, selection: `${field.name}${args}${selection}` }];
      });
      await bisect(path, baseline, fields);
    };
    // Per type, the first path through a list and the first path not through one, among those
    // that reach data (a null or an empty list probes nothing).
    const probeType = async (candidates: Candidate[]) => {
      for (const throughList of [true, false]) {
        for (const path of candidates.filter((c) => c.throughList === throughList)) {
          const baseline = await requestsOf(path.wrap('__typename'));
          if (!baseline.answered.includes(`"__typename":"${path.type.name}"`)) continue;
          await probe(path, baseline.calls);
          break;
        }
      }
    };
    await inParallel(
      walk().map((candidates) => () => probeType(candidates)),
      8,
    );
  }, 120_000);

  it('the walk reaches every type a query can reach, but for those without data to reach', () => {
    // The local upstream lists no export plugin configurations (Organization.exportsUnsubscribeConfigs).
    const WITHOUT_DATA = ['PluginConfig'];
    const unreached = walk()
      .map((candidates) => candidates[0]!.type)
      .filter((type) => !Object.keys(type.getFields()).some((field) => reached.has(`${type.name}.${field}`)));
    expect(unreached.map((type) => type.name)).toEqual(WITHOUT_DATA);
  });

  it('the walk reaches the fields of the query side (Project, FeatureFlag, Organization, Plugin...)', () => {
    for (const coordinate of [
      'Project.createdAt',
      'FeatureFlag.key',
      'Organization.name',
      'Plugin.name',
      'LocalEvaluationFlag.featureFlag',
      'ActivityLogEntry.user',
      'Role.name',
    ]) {
      expect([...reached], coordinate).toContain(coordinate);
    }
    expect(reached.size).toBeGreaterThan(200);
  });

  it('observes the known callers (a full-record Project field, a flag lookup, a connection)', () => {
    const callers = observations.map((o) => o.coordinate);
    expect(callers).toEqual(expect.arrayContaining(['Project.createdAt', 'Query.project', 'Project.featureFlags', 'Organization.projects']));
  });

  it('the walk probes every field of every type it reaches, but for those without data to reach', () => {
    const WITHOUT_DATA = new Set(['PluginConfig']);
    const unprobed = walk()
      .map((candidates) => candidates[0]!.type)
      .filter((type) => !WITHOUT_DATA.has(type.name))
      .flatMap((type) => Object.keys(type.getFields()).map((field) => `${type.name}.${field}`))
      .filter((coordinate) => !reached.has(coordinate) && !SKIPPED_ROOT_FIELDS.has(coordinate.split('.')[1]!));
    expect(unprobed).toEqual([]);
  });

  it('every field observed calling the upstream carries @cost, connections included (their page is a call of their own)', () => {
    const schema = gatewaySchema();
    const missing = observations.flatMap(({ coordinate, added, operation }) => {
      const [typeName, fieldName] = coordinate.split('.') as [string, string];
      const field = (schema.getType(typeName) as GraphQLObjectType).getFields()[fieldName]!;
      if (hasDirective(field, 'cost')) return [];
      return [
        `${coordinate} made ${added.length} upstream request(s) (${[...new Set(added)].join(', ')}) in ${operation}, and has no @cost: add @cost(weight: 10)`,
      ];
    });
    expect([...new Set(missing)]).toEqual([]);
  });
});
