// Compiled execution answers exactly as graphql-js (docs/architecture.md, "Execution"): a generated
// corpus (./differential/corpus.ts) is sent over HTTP to two gateways, one with compiled execution
// (the default) and one with GRAPHQL_JIT=0, each over its own local upstream seeded alike, so
// that mutations change both worlds the same way. For every request the HTTP status, the body and
// the upstream calls it made (method, path, status; as a set) must be equal.
//
// Normalized before comparing, because they differ between the two upstreams by construction and
// not by execution: timestamps (the upstream stamps rows with the clock), generated UUIDs and
// project tokens (random at seeding), and each upstream's address. Each is replaced by its
// kind and the order in which it first appears in the body, so a swap still shows. Request ids
// are made equal by sending the same `x-request-id`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOperationAST, OperationTypeNode, parse, validate } from 'graphql';
import { startGateway, type RunningGateway } from '../../src/server.ts';
import { gatewaySchema } from '../../src/schema.ts';
import { demoSeed, DEMO_API_KEY, startLocalUpstream, type LocalUpstream } from '../../local-upstream/index.ts';
import { corpus, REFUSED_ON_PURPOSE, type CorpusIds, type DifferentialCase } from './differential/corpus.ts';
import { clientDocuments } from './differential/client-corpus.ts';

interface Side {
  name: string;
  upstream: LocalUpstream;
  gateway: RunningGateway;
}

let compiled: Side;
let interpreted: Side;

async function startSide(name: string, compiledExecution: boolean): Promise<Side> {
  const seed = demoSeed();
  // The caller's own flags are evaluated for their distinct id, by default a random UUID.
  seed.users![0]!.distinct_id = 'demo-owner';
  const upstream = await startLocalUpstream({ seed, quiet: true, rateLimit: 'off' });
  const gateway = await startGateway({ upstreamUrl: upstream.url, port: 0, host: '127.0.0.1', compiledExecution });
  return { name, upstream, gateway };
}

beforeAll(async () => {
  [compiled, interpreted] = await Promise.all([startSide('compiled', true), startSide('graphql-js', false)]);
});
afterAll(async () => {
  for (const side of [compiled, interpreted]) {
    await side?.gateway.stop();
    await side?.upstream.stop();
  }
});

interface Answer {
  status: number;
  body: string;
  calls: string[];
}

async function send(side: Side, testCase: DifferentialCase): Promise<Answer> {
  for (const fault of testCase.faults ?? []) side.upstream.injectFault(fault);
  const before = side.upstream.requests.length;
  const body: Record<string, unknown> = { query: testCase.query };
  if (testCase.variables !== undefined) body.variables = testCase.variables;
  if ('operationName' in testCase) body.operationName = testCase.operationName;
  const response = await post(side, body);
  const text = await response.text();
  const calls = side.upstream.requests
    .slice(before)
    .map((call) => `${call.method} ${call.path} ${call.status}`)
    .sort();
  return { status: response.status, body: normalized(text, side.upstream.url), calls };
}

function post(side: Side, body: Record<string, unknown>): Promise<Response> {
  return fetch(side.gateway.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${DEMO_API_KEY}`, 'x-request-id': 'differential' },
    body: JSON.stringify(body),
  });
}

const NONDETERMINISTIC: Array<[kind: string, pattern: RegExp]> = [
  ['time', /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})/g],
  ['uuid', /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi],
  ['token', /phc_[A-Za-z0-9]+/g],
];

/** `text` with each nondeterministic value replaced by `<kind#n>`, n counting distinct values in order of appearance. */
function normalized(text: string, upstreamUrl: string): string {
  let result = text.replaceAll(upstreamUrl, '<upstream>');
  for (const [kind, pattern] of NONDETERMINISTIC) {
    const seen = new Map<string, number>();
    result = result.replace(pattern, (value) => {
      if (!seen.has(value)) seen.set(value, seen.size + 1);
      return `<${kind}#${seen.get(value)}>`;
    });
  }
  return result;
}

/**
 * The ids the corpus needs (both upstreams hold the same rows under the same ids). Each read is
 * sent to both sides, so that what the gateways count per caller (e.g. `rateLimit`) stays alike.
 */
async function readIds(): Promise<CorpusIds> {
  const read = async (query: string) => {
    const [, answer] = await Promise.all([compiled, interpreted].map(async (side) => (await post(side, { query })).json()));
    return (answer as { data: any }).data;
  };
  const { projects } = await read(
    '{ projects { nodes { id databaseId organization { id databaseId } featureFlags(first: 100) { nodes { id databaseId key } } } } }',
  );
  const project = projects.nodes[0];
  const organizationId: string = project.organization.id;
  const { organization } = await read(`{ organization(id: ${JSON.stringify(organizationId)}) { plugins { nodes { id } } } }`);
  const { project: firstPage } = await read(`{ project(id: ${JSON.stringify(project.id)}) { featureFlags(first: 2) { pageInfo { endCursor } } } }`);
  const flags = project.featureFlags.nodes as Array<{ id: string; databaseId: number; key: string }>;
  return {
    projectId: project.id,
    projectDatabaseId: project.databaseId,
    // A project of the same organization made just for the corpus would change the seed; the
    // cursor test only needs a second list, which a second project's id with no flags gives.
    otherProjectId: Buffer.from(`Project:${project.databaseId + 1}`).toString('base64url'),
    organizationId,
    organizationUuid: project.organization.databaseId,
    flagIds: Object.fromEntries(flags.map((flag) => [flag.key, flag.id])),
    flagDatabaseIds: Object.fromEntries(flags.map((flag) => [flag.key, flag.databaseId])),
    pluginIds: organization.plugins.nodes.map((plugin: { id: string }) => plugin.id),
    roleId: '0190b7a0-5c3e-7d2a-9f41-2d6c8e4b1a02',
    flagCursor: firstPage.featureFlags.pageInfo.endCursor,
  };
}

/** graphql_executions_total{executor="graphql-jit",reason="compiled"} of a gateway. */
async function compiledExecutions(baseUrl: string): Promise<number> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith('graphql_executions_total{executor="graphql-jit",reason="compiled"}'));
  return Number(line?.split(' ').at(-1) ?? 0);
}

/** Both answers around the first character where they differ. */
function difference(name: string, compiledAnswer: Answer, graphqlJsAnswer: Answer): string {
  const [a, b] = [compiledAnswer, graphqlJsAnswer].map((answer) => `${answer.status} ${answer.body} | ${answer.calls.join(', ')}`) as [string, string];
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  const around = (text: string) => (at > 200 ? '…' : '') + text.slice(Math.max(0, at - 200), at + 300);
  return `${name}\n  compiled:   ${around(a)}\n  graphql-js: ${around(b)}`;
}

/** Whether `testCase` is a query whose document is valid (refused documents reach no executor). */
function validQuery(testCase: DifferentialCase): boolean {
  const document = parse(testCase.query);
  const operation = getOperationAST(document, typeof testCase.operationName === 'string' ? testCase.operationName : undefined);
  return operation?.operation === OperationTypeNode.QUERY && validate(gatewaySchema(), document).length === 0;
}

/** Whether an answer reports a mistake of the caller (BAD_USER_INPUT). */
function clientMistake(body: string): boolean {
  const { errors } = JSON.parse(body) as { errors?: Array<{ extensions?: { code?: string } }> };
  return (errors ?? []).some((error) => error.extensions?.code === 'BAD_USER_INPUT');
}

describe('compiled execution against graphql-js', () => {
  it(
    'answers a generated corpus of at least 400 requests, a third client-shaped, identically (status, body, upstream calls)',
    { timeout: 120_000 },
    async () => {
      const cases = corpus(gatewaySchema(), await readIds(), clientDocuments());
      const clientCases = cases.filter((testCase) => testCase.client);
      expect(cases.length).toBeGreaterThanOrEqual(400);
      expect(clientCases.length).toBeGreaterThanOrEqual(cases.length / 3);
      // A document the schema refuses would compare two identical validation errors.
      const refused = cases.filter((testCase) => validate(gatewaySchema(), parse(testCase.query)).length > 0).map(({ name }) => name);
      expect(refused).toEqual([...REFUSED_ON_PURPOSE]);
      const differences: string[] = [];
      // Per valid client-shaped query (a query the schema validates, answered 200 without a client
      // mistake such as a null condition variable): whether the compiled side ran it compiled (per /metrics).
      const clientRuns: boolean[] = [];
      for (const testCase of cases) {
        const counted = testCase.client && validQuery(testCase);
        const before = counted ? await compiledExecutions(compiled.gateway.baseUrl) : 0;
        // The two sides share nothing (each its own upstream), so they are asked at once.
        const [fromCompiled, fromGraphqlJs] = await Promise.all([send(compiled, testCase), send(interpreted, testCase)]);
        if (counted && fromCompiled.status === 200 && !clientMistake(fromCompiled.body))
          clientRuns.push((await compiledExecutions(compiled.gateway.baseUrl)) > before);
        if (JSON.stringify(fromCompiled) === JSON.stringify(fromGraphqlJs)) continue;
        differences.push(difference(testCase.name, fromCompiled, fromGraphqlJs));
      }
      expect(differences.join('\n')).toBe('');
      // The comparison means something only if the compiled side did run most of the corpus compiled,
      // and at least 80% of the valid client-shaped queries.
      expect(await compiledExecutions(compiled.gateway.baseUrl)).toBeGreaterThan(cases.length / 2);
      expect(clientRuns.length).toBeGreaterThan(100);
      expect(clientRuns.filter(Boolean).length / clientRuns.length).toBeGreaterThanOrEqual(0.8);
    },
  );
});
