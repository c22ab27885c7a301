// What the gateway tells caches in front of it (docs/caching-and-quota.md, "HTTP caching and routers"),
// against a real gateway with its read cache on: every /graphql answer names Authorization in Vary; a
// query's max-age is what is left of the life of the oldest cached upstream answer it used; what reads
// the key's quota or an activity log is never kept.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProgram } from '../../deploy/processes.ts';
import { startLocalRedis } from '../production/redis-tools.ts';
import { startGateway, type RunningGateway } from '../../src/server.ts';
import { EVERYONE, LEVEL, seedFlag, seededProjectId, seedOrganization, seedProject, seedUser, type SeedFile } from '../fixtures/seed.ts';
import { useStack, type Stack } from './helpers.ts';

const ORG = '0190c271-0000-7000-8000-00000000000a';
const KEY = 'phx_httpcache_alice_00000000000000000';
const TTL_MS = 3000;

function seed(): SeedFile {
  return {
    organizations: [seedOrganization(ORG, 'Acme')],
    users: [seedUser('alice@acme.test', KEY, ORG, LEVEL.owner)],
    projects: [seedProject(ORG, 'Acme Web')],
    feature_flags: [seedFlag('Acme Web', 'checkout', { filters: EVERYONE })],
  };
}

const PROJECTS = 'query Projects { projects(first: 5) { nodes { id name } } }';
const FLAGS = 'query Flags { projects(first: 4) { nodes { featureFlags(first: 5) { nodes { id key } } } } }';
const ACTIVITY = 'query Activity { projects(first: 5) { nodes { featureFlagActivity(first: 5) { nodes { activity } } } } }';
/** A read the REST interface makes with a POST (`user_blast_radius`). */
const BLAST_RADIUS = 'query Blast { projects(first: 5) { nodes { userBlastRadius(condition: { properties: [], rollout_percentage: 50 }) { totalUsers } } } }';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
}

/** One request with exactly these headers (fetch would hide some), on a fresh connection. */
function raw(stack: Pick<Stack, 'gatewayUrl'>, method: string, path: string, headers: http.OutgoingHttpHeaders, body?: string): Promise<Raw> {
  const { port } = new URL(stack.gatewayUrl);
  const sent: http.OutgoingHttpHeaders = { ...headers, ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }) };
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: sent, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const bearer = { authorization: `Bearer ${KEY}` };
const post = (stack: Pick<Stack, 'gatewayUrl'>, query: string, headers: http.OutgoingHttpHeaders = bearer) =>
  raw(stack, 'POST', '/graphql', { 'content-type': 'application/json', ...headers }, JSON.stringify({ query }));
const upstreamGets = (stack: Stack) => stack.upstream.requests.filter((r) => r.method === 'GET').length;
const varies = (answer: Raw) => (answer.headers.vary ?? '').split(/\s*,\s*/).map((name) => name.toLowerCase());

describe('HTTP caching headers toward clients, cache on', () => {
  const stack = useStack({ seed: seed(), gateway: { upstreamCacheTtlMs: TTL_MS } });

  it('names Authorization in Vary on every kind of answer, and lets nothing but a clean query be kept', async () => {
    const answers: Record<string, Raw> = {
      'POST query': await post(stack, PROJECTS),
      'GET query': await raw(stack, 'GET', `/graphql?query=${encodeURIComponent(PROJECTS)}`, { ...bearer, 'apollo-require-preflight': 'true' }),
      mutation: await post(stack, 'mutation { deleteFeatureFlag(id: "RmVhdHVyZUZsYWc6MDow") { deletedId } }'),
      'validation error': await post(stack, '{ noSuchField }'),
      'no token (401)': await post(stack, PROJECTS, {}),
      'garbage token': await post(stack, PROJECTS, { authorization: 'Bearer phx_garbage' }),
      'body not JSON (edge refusal)': await raw(stack, 'POST', '/graphql', { 'content-type': 'application/json', ...bearer }, '{"query":'),
      'GET without a query (Apollo refusal)': await raw(stack, 'GET', '/graphql', {
        ...bearer,
        'apollo-require-preflight': 'true',
        accept: 'application/json',
      }),
      'method not allowed': await raw(stack, 'PUT', '/graphql', { 'content-type': 'application/json', ...bearer }, JSON.stringify({ query: PROJECTS })),
    };
    for (const [kind, answer] of Object.entries(answers)) {
      expect(varies(answer), kind).toContain('authorization');
      expect(answer.headers['cache-control'], kind).toMatch(/^private, /);
    }
    expect(answers['POST query']!.headers['cache-control']).toBe('private, max-age=3');
    expect(answers['GET query']!.headers['cache-control']).toMatch(/^private, max-age=\d$/);
    for (const kind of Object.keys(answers).filter((k) => !k.endsWith('query'))) {
      expect([answers[kind]!.status, answers[kind]!.headers['cache-control']], kind).toEqual([answers[kind]!.status, 'private, no-store']);
    }
  });

  it('gives a query served from the cache a max-age no longer than what is left of its oldest entry', async () => {
    const first = await post(stack, FLAGS);
    expect(first.headers['cache-control']).toBe('private, max-age=3');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const before = upstreamGets(stack);
    const again = await post(stack, FLAGS);
    // Served from the gateway's cache: its parts are 1.2 s old, 1.8 s of their 3 s are left.
    expect(upstreamGets(stack)).toBe(before);
    expect(again.headers['cache-control']).toBe('private, max-age=1');
  });

  it('lets no cache keep an answer showing the key’s quota, an activity log, a POST read, or the request’s own upstream report', async () => {
    expect((await post(stack, '{ rateLimit { remaining } }')).headers['cache-control']).toBe('private, no-store');
    expect((await post(stack, ACTIVITY)).headers['cache-control']).toBe('private, no-store');
    const blast = await post(stack, BLAST_RADIUS);
    expect([blast.status, blast.headers['cache-control']]).toEqual([200, 'private, no-store']);
    const reported = await post(stack, PROJECTS, { ...bearer, 'x-upstream-report': '1' });
    expect([reported.status, reported.headers['cache-control']]).toEqual([200, 'private, no-store']);
  });
});

describe('max-age from entries another replica kept in Redis', () => {
  const stack = useStack({ seed: seed() });
  let redis: ChildProgram | undefined;
  const replicas: RunningGateway[] = [];
  beforeAll(async () => {
    const started = await startLocalRedis();
    redis = started.program;
    for (let i = 0; i < 2; i += 1) {
      const options = { upstreamUrl: stack.upstream.url, port: 0, host: '127.0.0.1', upstreamCacheTtlMs: TTL_MS, redisUrl: started.url };
      replicas.push(await startGateway({ ...options, cacheKeySecret: 'http-caching-test-secret-0123456789abcdef' }));
    }
  });
  afterAll(async () => {
    for (const replica of replicas) await replica.stop();
    await redis?.stop('SIGKILL');
  });

  it('bounds max-age by what is left of the entry the other replica stored', async () => {
    const [one, two] = replicas.map((replica) => ({ gatewayUrl: replica.url }));
    // The project's own record: its scopes need nothing a replica learns from earlier reads.
    const project = `{ project(id: "${seededProjectId(stack.upstream)}") { id name } }`;
    expect((await post(one!, project)).headers['cache-control']).toBe('private, max-age=3');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const before = upstreamGets(stack);
    const again = await post(two!, project);
    expect(upstreamGets(stack)).toBe(before);
    expect(again.headers['cache-control']).toBe('private, max-age=1');
  });
});
