// The published costs and the gateway's own limit agree, operation by operation: the limit
// (src/query-cost.ts, Apollo Router's demand-control formula) scores the same on our subgraph schema
// and on the composed supergraph a router reads; Hive Gateway's demand control, configured as
// deploy/router/gateway.config.ts configures it, gives the same numbers; with its defaults it
// differs exactly as docs/federation.md ("Costs under each router") says.
import { afterAll, describe, expect, it } from 'vitest';
import { buildSchema, parse } from 'graphql';
import { createGatewayRuntime } from '@graphql-hive/gateway';
import { gatewaySchema } from '../../src/schema.ts';
import { costEstimator } from '../../src/query-cost.ts';
import { QUERY_LIMITS } from '../../src/apollo-plugins/cost-limit.ts';
import { publishedSchema, withoutHeader } from '../../scripts/print-schema.ts';
import { apolloDemandControl } from '../../deploy/router/gateway.config.ts';
import { REVIEWS_SDL } from './second-subgraph.ts';
import { compose } from './supergraph.ts';

// Nothing listens there: the estimate is made before any subgraph is called.
const NOWHERE = 'http://127.0.0.1:9/graphql';
const composition = compose([
  { name: 'gateway', url: NOWHERE, sdl: withoutHeader(publishedSchema()) },
  { name: 'reviews', url: NOWHERE, sdl: REVIEWS_SDL },
]);
if (composition.errors) throw new Error(composition.errors.map((e) => e.message).join('\n'));
const supergraphSdl = composition.supergraphSdl;

/** The gateway's own limit, with the options apollo-plugins/cost-limit.ts uses. */
const ourCost = costEstimator({ defaultListSize: QUERY_LIMITS.maxPageSize, entityWeight: QUERY_LIMITS.upstreamCallCost });

type HiveRuntime = ReturnType<typeof createGatewayRuntime>;
const hive = (demandControl: object): HiveRuntime =>
  createGatewayRuntime({
    supergraph: supergraphSdl,
    demandControl: { ...demandControl, maxCost: undefined, includeExtensionMetadata: true },
    logging: false,
    landingPage: false,
    graphiql: false,
  });
const hiveDefaults = hive({ listSize: QUERY_LIMITS.maxPageSize });
const hiveAsDeployed = hive(apolloDemandControl());
afterAll(async () => {
  await Promise.all([hiveDefaults.dispose(), hiveAsDeployed.dispose()]);
});

async function hiveEstimate(runtime: HiveRuntime, query: string): Promise<number> {
  const response = await runtime.fetch('http://router/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { extensions?: { cost?: { estimated?: number } } };
  return body.extensions?.cost?.estimated ?? Number.NaN;
}

interface Case {
  name: string;
  query: string;
  /** Our estimate (Apollo Router's formula). */
  cost: number;
  /** Hive Gateway's with its defaults. */
  hive: number;
}

const CASES: Case[] = [
  { name: 'a node lookup', query: '{ node(id: "x") { id } }', cost: 10, hive: 11 },
  {
    name: 'a node lookup with its project (FeatureFlag.project calls the upstream)',
    query: '{ node(id: "x") { ... on FeatureFlag { key project { name } } } }',
    cost: 20,
    hive: 22,
  },
  { name: 'nodes(ids:)', query: '{ nodes(ids: ["x"]) { id } }', cost: 1000, hive: 1100 },
  { name: 'createProject', query: 'mutation { createProject(input: { name: "x" }) { project { id } userErrors { message } } }', cost: 112, hive: 102 },
  { name: 'a full-record field of 10 projects', query: '{ projects(first: 10) { nodes { createdAt appUrls } } }', cost: 220, hive: 221 },
  { name: "10 projects' organization names", query: '{ projects(first: 10) { nodes { organization { name } } } }', cost: 130, hive: 131 },
  { name: '10 projects x 10 flags', query: '{ projects(first: 10) { nodes { featureFlags(first: 10) { nodes { key } } } } }', cost: 220, hive: 231 },
];

describe('costs: the gateway, the supergraph and Hive Gateway agree', () => {
  const supergraphSchema = buildSchema(supergraphSdl, { assumeValidSDL: true });

  it.each(CASES)('$name: the gateway scores $cost, and so does the supergraph a router reads', ({ query, cost }) => {
    expect(ourCost(gatewaySchema(), parse(query), undefined)).toBe(cost);
    expect(ourCost(supergraphSchema, parse(query), undefined)).toBe(cost);
  });

  it.each(CASES)('$name: Hive Gateway as deployed scores $cost too', async ({ query, cost }) => {
    expect(await hiveEstimate(hiveAsDeployed, query)).toBe(cost);
  });

  it.each(CASES)('$name: Hive Gateway with its defaults scores $hive (docs/federation.md)', async ({ query, hive }) => {
    expect(await hiveEstimate(hiveDefaults, query)).toBe(hive);
  });
});
