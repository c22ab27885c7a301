// Answers the upstream repeats byte for byte are parsed once (src/upstream-client/transport/tuning/parsed-answers.ts),
// through a real gateway in front of a real local upstream: every call still goes out, an answer
// that changed is parsed anew, an error is never taken for a kept success, and
// UPSTREAM_PARSE_CACHE_BYTES=0 (`upstreamParseCacheBytes: 0`) turns reuse off.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../../src/server.ts';
import { startHostileUpstream, type HostileUpstream } from './hostile-upstream.ts';
import { expectNoErrors, postGraphQL, startStack, type Stack } from './helpers.ts';
import { EVERYONE, KEY_A, ORG_A, seedFlag, twoOrgSeed } from '../fixtures/seed.ts';

let stack: Stack;
let hostile: HostileUpstream;
let gateway: RunningGateway;
let withoutReuse: RunningGateway;
let projectId: string;

beforeAll(async () => {
  const seed = twoOrgSeed();
  for (const key of ['beta', 'gamma', 'delta', 'epsilon', 'zeta'])
    seed.feature_flags!.push(seedFlag('Acme Web', key, { organization: ORG_A, filters: EVERYONE }));
  stack = await startStack({ seed });
  hostile = await startHostileUpstream(stack.upstream.url);
  const options = { upstreamUrl: hostile.url, port: 0, host: '127.0.0.1' };
  gateway = await startGateway(options);
  withoutReuse = await startGateway({ ...options, upstreamParseCacheBytes: 0 });
  const data = expectNoErrors(await postGraphQL<any>(gateway.url, '{ projects(first: 1, search: "Acme Web") { nodes { id } } }', {}, { token: KEY_A }));
  projectId = data.projects.nodes[0].id;
});
afterEach(() => hostile.behave(null));
afterAll(async () => {
  await withoutReuse?.stop();
  await gateway?.stop();
  await hostile?.stop();
  await stack?.stop();
});

const FLAGS_ROUTE = '/api/projects/{project_id}/feature_flags/';
const isFlagList = (path: string) => /^\/api\/projects\/\d+\/feature_flags\/\?/.test(path);

/** The project's first `first` flags (each page size is its own upstream URL, so each test starts unkept). */
const flags = (target: RunningGateway, first: number) =>
  postGraphQL<any>(
    target.url,
    'query Flags($id: ID!, $first: Int!) { project(id: $id) { featureFlags(first: $first) { totalCount nodes { id key name } } } }',
    {
      id: projectId,
      first,
    },
    { token: KEY_A },
  );

async function reusedCount(target: RunningGateway): Promise<number> {
  const text = await (await fetch(`${target.baseUrl}/metrics`)).text();
  const series = `upstream_answers_reused_total{route="${FLAGS_ROUTE}"}`;
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('answers repeated byte for byte', () => {
  it('are parsed once and reused, while every request still calls the upstream', async () => {
    const before = await reusedCount(gateway);
    const callsBefore = hostile.requests.filter((request) => isFlagList(request.path)).length;
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(expectNoErrors(await flags(gateway, 3)));
    expect(answers[0].project.featureFlags.nodes).toHaveLength(3);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(hostile.requests.filter((request) => isFlagList(request.path)).length - callsBefore).toBe(3);
    expect((await reusedCount(gateway)) - before).toBe(2);
  });

  it('are parsed anew as soon as the upstream answers other bytes, and again when it answers the first ones', async () => {
    const original = expectNoErrors(await flags(gateway, 4)).project.featureFlags.nodes[0].name;
    hostile.behave(async (req, res, forward) => {
      if (!isFlagList(req.url ?? '')) return false;
      const answer = await forward();
      const page = JSON.parse(answer.body.toString('utf8'));
      page.results[0].name = 'Renamed upstream';
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(page));
      return true;
    });
    expect(expectNoErrors(await flags(gateway, 4)).project.featureFlags.nodes[0].name).toBe('Renamed upstream');
    hostile.behave(null);
    expect(expectNoErrors(await flags(gateway, 4)).project.featureFlags.nodes[0].name).toBe(original);
  });

  it('are an error when they come with an error status: a kept success is never served for them', async () => {
    expectNoErrors(await flags(gateway, 6));
    hostile.behave(async (req, res, forward) => {
      if (!isFlagList(req.url ?? '')) return false;
      const answer = await forward();
      res.writeHead(500, { 'content-type': 'application/json' }).end(answer.body);
      return true;
    });
    const failed = await flags(gateway, 6);
    expect(failed.errors?.[0]?.extensions?.code).toBe('UPSTREAM_ERROR');
    expect(failed.data?.project?.featureFlags ?? null).toBeNull();
  });

  it('are parsed every time with UPSTREAM_PARSE_CACHE_BYTES=0', async () => {
    const first = expectNoErrors(await flags(withoutReuse, 3));
    expect(expectNoErrors(await flags(withoutReuse, 3))).toEqual(first);
    expect(await reusedCount(withoutReuse)).toBe(0);
  });
});
