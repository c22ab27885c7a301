// `npm run demo:cluster`: Hive Gateway over two gateway replicas (sharing a Redis), the reviews
// subgraph and the local upstream, all real processes. One operation across both subgraphs goes
// through the router, both replicas serve traffic, and the upstream answers for the caller's key.
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startProgram, type ChildProgram } from '../../deploy/processes.ts';
import { postGraphQL } from '../gateway/helpers.ts';
import { ROOT } from './helpers.ts';

const KEY = 'phx_demo_cluster_test_key';
let demo: ChildProgram | undefined;
afterAll(async () => {
  await demo?.stop();
});

async function requestsServed(graphqlUrl: string): Promise<number> {
  const text = await (await fetch(graphqlUrl.replace(/\/graphql$/, '/metrics'))).text();
  return [...text.matchAll(/^graphql_requests_total\{[^}]*\} (\d+)$/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
}

describe('npm run demo:cluster', () => {
  it("routes through Hive Gateway to both replicas with the caller's token", { timeout: 150_000 }, async () => {
    demo = await startProgram('demo:cluster', process.execPath, ['deploy/demo-cluster.ts'], /Demo API key: \S+\n/, {
      cwd: ROOT,
      env: { ROUTER_PORT: String(await freePort()), LOCAL_API_KEY: KEY, LOG_LEVEL: 'silent' },
      timeoutMs: 120_000,
    });
    const router = /Router: (\S+)/.exec(demo.output())![1]!;
    const replicas = /Replicas: (\S+) (\S+)/.exec(demo.output())!.slice(1, 3);

    const query = '{ reviewTeam projects(first: 5) { nodes { name databaseId releaseTrain } } }';
    for (let i = 0; i < 4; i += 1) {
      const response = await postGraphQL<any>(router, query, {}, { token: KEY });
      expect(response.errors).toBeUndefined();
      expect(response.data).toEqual({ reviewTeam: 'Platform reviews', projects: { nodes: [{ name: 'Demo project', databaseId: 1, releaseTrain: 'daily' }] } });
    }
    for (const replica of replicas) expect(await requestsServed(replica)).toBeGreaterThan(0);

    // Only the caller's own key opens the data: a key the upstream does not know is refused.
    const refused = await postGraphQL<any>(router, '{ projects(first: 5) { nodes { name } } }', {}, { token: 'phx_not_a_key' });
    expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
