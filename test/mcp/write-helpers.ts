// What a write tool did upstream, read from the local upstream itself (its REST interface and its
// request log), not through the gateway whose behaviour is under test.
import type { LocalUpstream } from '../../local-upstream/index.ts';
import { toGlobalId } from '../../src/relay/global-id.ts';

interface RestFlag {
  id: number;
  key: string;
  active: boolean;
}

async function restFlags(upstream: LocalUpstream, key: string, projectId: number): Promise<RestFlag[]> {
  const response = await fetch(`${upstream.url}/api/projects/${projectId}/feature_flags/?limit=200`, { headers: { authorization: `Bearer ${key}` } });
  if (!response.ok) throw new Error(`local upstream answered ${response.status}`);
  return ((await response.json()) as { results: RestFlag[] }).results;
}

async function restFlag(upstream: LocalUpstream, key: string, projectId: number, flagKey: string): Promise<RestFlag> {
  const flag = (await restFlags(upstream, key, projectId)).find((candidate) => candidate.key === flagKey);
  if (!flag) throw new Error(`no flag ${flagKey} in project ${projectId}`);
  return flag;
}

/** The flag's global id, as the gateway's tools take it. */
export async function flagIdOf(upstream: LocalUpstream, key: string, projectId: number, flagKey: string): Promise<string> {
  const { id } = await restFlag(upstream, key, projectId, flagKey);
  return toGlobalId('FeatureFlag', projectId, id);
}

export async function flagActive(upstream: LocalUpstream, key: string, projectId: number, flagKey: string): Promise<boolean> {
  return (await restFlag(upstream, key, projectId, flagKey)).active;
}

/** The writes the upstream received since its request log was last reset. */
export function upstreamWrites(upstream: LocalUpstream): string[] {
  return upstream.requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.path}`);
}
