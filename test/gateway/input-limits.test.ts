// Input limits follow the service's own (docs/limits-and-deadlines.md, "Input limits"): what the
// service accepts passes through, what it refuses comes back in its own words, and structural abuse
// is refused before any upstream call.
import { describe, expect, it } from 'vitest';
import { INPUT_LIMITS } from '../../src/apollo-plugins/input-limits.ts';
import { QUERY_LIMITS } from '../../src/apollo-plugins/cost-limit.ts';
import { MAX_BODY_BYTES } from '../../src/http/json-body.ts';
import { expectNoErrors, useStack } from './helpers.ts';

const stack = useStack();

const CREATE =
  'mutation($input: CreateFeatureFlagInput!) { createFeatureFlag(input: $input) { featureFlag { id filters } userErrors { field message code } } }';

/** A multivariate flag's filters whose `annual` variant carries `payload` (a JSON string, as the service stores payloads). */
function multivariate(payload: string) {
  return {
    groups: [{ properties: [], rollout_percentage: 100 }],
    multivariate: {
      variants: [
        { key: 'monthly', rollout_percentage: 50 },
        { key: 'annual', rollout_percentage: 50 },
      ],
    },
    payloads: { annual: payload },
  };
}

/** A JSON document of `size` characters, as a payload string. */
function jsonPayload(size: number): string {
  return JSON.stringify({ blob: 'x'.repeat(size - 11) });
}

async function raw(body: string): Promise<{ status: number; json: any }> {
  const response = await fetch(stack.gatewayUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${stack.keys[0]}` },
    body,
  });
  return { status: response.status, json: await response.json().catch(() => null) };
}

describe('what the service accepts passes', () => {
  it('a flag whose multivariate payload is a 20 KB JSON string round-trips through createFeatureFlag', async () => {
    const payload = JSON.stringify({ tiers: Array.from({ length: 700 }, (_, i) => ({ name: `tier-${i}`, seats: i })) });
    expect(payload.length).toBeGreaterThan(20_000);
    const filters = multivariate(payload);
    const created = expectNoErrors(await stack.graphql<any>(CREATE, { input: { projectId: '1', key: 'big-payload', filters } }));
    expect(created.createFeatureFlag.userErrors).toEqual([]);
    const read = expectNoErrors(await stack.graphql<any>(`{ node(id: "${created.createFeatureFlag.featureFlag.id}") { ... on FeatureFlag { filters } } }`));
    expect(read.node.filters.payloads.annual).toBe(payload);
  });

  it('a 20 KB string in a mutation literal passes too', async () => {
    const name = 'n'.repeat(20_000);
    const data = expectNoErrors(
      await stack.graphql<any>(
        `mutation { createFeatureFlag(input: {projectId: "1", key: "long-name", name: "${name}"}) { featureFlag { name } userErrors { message } } }`,
      ),
    );
    expect(data.createFeatureFlag.featureFlag.name).toBe(name);
  });
});

describe('what the service refuses comes back in its words', () => {
  it('filters above the service’s 512 KiB reach the service, whose refusal is a userError on input.filters', async () => {
    const before = stack.upstream.requests.length;
    const filters = multivariate(jsonPayload(600 * 1024));
    const data = expectNoErrors(await stack.graphql<any>(CREATE, { input: { projectId: '1', key: 'too-big-payload', filters } }));
    expect(data.createFeatureFlag.featureFlag).toBeNull();
    expect(data.createFeatureFlag.userErrors).toEqual([
      expect.objectContaining({
        field: ['input', 'filters'],
        message: expect.stringMatching(/^Feature flag filters exceed maximum size of 512\.0 KB\. Current size: 6\d\d\.\d KB\./),
      }),
    ]);
    expect(stack.upstream.requests.slice(before).map((call) => `${call.method} ${call.status}`)).toContain('POST 400');
  });
});

describe('structural abuse is refused before any upstream call', () => {
  const UPDATE = 'mutation($input: UpdateFeatureFlagInput!) { updateFeatureFlag(input: $input) { userErrors { message } } }';

  it.each([
    [
      'variables nested 20,000 levels deep',
      () => `{"query":${JSON.stringify(UPDATE)},"variables":{"input":{"id":"1","filters":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}}}`,
      400,
      new RegExp(`nested deeper than ${INPUT_LIMITS.maxDepth} levels`),
    ],
    [
      'a literal nested 100 levels deep in a write',
      () =>
        JSON.stringify({
          query: `mutation { updateFeatureFlag(input: {id: "1", filters: ${'{a: '.repeat(100)}1${'}'.repeat(100)}}) { userErrors { message } } }`,
        }),
      400,
      new RegExp(`The document holds values nested deeper than ${INPUT_LIMITS.maxDepth} levels`),
    ],
    [
      'a literal nested 33 levels deep in a read',
      () => JSON.stringify({ query: `{ project(id: 1) { myFlags(groups: ${'{a: ['.repeat(17)}1${']}'.repeat(17)}) { value } } }` }),
      400,
      new RegExp(`The document holds values nested deeper than ${INPUT_LIMITS.maxDepth} levels`),
    ],
    [
      'a body larger than the limit (a giant array)',
      () => JSON.stringify({ query: UPDATE, variables: { input: { id: '1', tags: Array.from({ length: MAX_BODY_BYTES / 2 }, () => 't') } } }),
      413,
      /larger than/,
    ],
    [
      'an enormous string in a write',
      () => JSON.stringify({ query: UPDATE, variables: { input: { id: '1', name: 'x'.repeat(MAX_BODY_BYTES) } } }),
      413,
      /larger than/,
    ],
    [
      'a document beyond the token limit',
      () => JSON.stringify({ query: `{ ${Array.from({ length: QUERY_LIMITS.maxTokens }, (_, i) => `a${i}: __typename`).join(' ')} }` }),
      400,
      /Token limit/,
    ],
    [
      'a query string longer than any upstream URL, in a variable',
      () =>
        JSON.stringify({
          query: 'query($s: String) { project(id: 1) { featureFlags(search: $s) { totalCount } } }',
          variables: { s: 's'.repeat(INPUT_LIMITS.maxReadStringLength + 1) },
        }),
      400,
      new RegExp(`a string of ${INPUT_LIMITS.maxReadStringLength + 1} characters \\(at most ${INPUT_LIMITS.maxReadStringLength} in a query\\)`),
    ],
    [
      'a query string longer than any upstream URL, in a literal',
      () => JSON.stringify({ query: `{ organization(id: "x") { featureFlagsByKey(key: "${'k'.repeat(20_000)}") { flagDatabaseId } } }` }),
      400,
      /The document holds a string of 20000 characters/,
    ],
    [
      '101 ids',
      () => JSON.stringify({ query: `{ nodes(ids: [${Array.from({ length: 101 }, () => '"UHJvamVjdDox"').join(',')}]) { id } }` }),
      200,
      /At most 100 ids/,
    ],
  ])('%s', async (_name, body, status, message) => {
    const before = stack.upstream.requests.length;
    const answer = await raw(body());
    expect(answer.status).toBe(status);
    expect(JSON.stringify(answer.json)).toMatch(message);
    expect(stack.upstream.requests.length).toBe(before);
  });

  it('a 5,000-character search is no abuse: the service refuses it, in its own words', async () => {
    const before = stack.upstream.requests.length;
    const answer = await stack.graphql<any>(`{ project(id: 1) { featureFlags(search: "${'y'.repeat(5000)}") { totalCount } } }`);
    expect(answer.errors).toEqual([
      expect.objectContaining({
        path: ['project', 'featureFlags'],
        extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', upstream: expect.objectContaining({ status: 400 }) }),
      }),
    ]);
    expect(stack.upstream.requests.slice(before).map((call) => `${call.method} ${call.status}`)).toContain('GET 400');
  });
});
