// /readyz against real processes: unready while the upstream is down, ready when it is back,
// unready from SIGTERM while operations are still served (the drain comes after).
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, type ChildProgram } from '../../deploy/processes.ts';
import { DEMO_API_KEY } from '../../local-upstream/index.ts';
import { expectNoErrors, postGraphQL } from '../gateway/helpers.ts';
import { getJson, poll, startGatewayProcess, startUpstreamProcess } from './helpers.ts';

const children: ChildProgram[] = [];
afterAll(async () => {
  await Promise.all(children.map((child) => child.stop('SIGKILL')));
});

describe('/readyz', () => {
  it('follows the upstream down and back up, and turns unready on SIGTERM before draining', async () => {
    const upstreamPort = await freePort();
    let upstream = await startUpstreamProcess(upstreamPort);
    children.push(upstream);
    const gateway = await startGatewayProcess({ UPSTREAM_URL: upstream.ready[1]!, SHUTDOWN_DELAY_MS: '2000', READINESS_CACHE_MS: '200' });
    children.push(gateway);
    const base = gateway.ready[1]!;

    expect(
      await poll(
        () => getJson(`${base}/readyz`),
        (r) => r.status === 200,
      ),
    ).toEqual({ status: 200, body: { status: 'ready', reason: 'ok' } });

    await upstream.stop();
    const down = await poll(
      () => getJson(`${base}/readyz`),
      (r) => r.status !== 200,
    );
    expect(down).toEqual({ status: 503, body: { status: 'unready', reason: 'upstream ECONNREFUSED' } });
    expect((await getJson(`${base}/healthz`)).status).toBe(200);

    upstream = await startUpstreamProcess(upstreamPort);
    children.push(upstream);
    expect(
      (
        await poll(
          () => getJson(`${base}/readyz`),
          (r) => r.status === 200,
        )
      ).status,
    ).toBe(200);

    gateway.process.kill('SIGTERM');
    const draining = await poll(
      () => getJson(`${base}/readyz`),
      (r) => r.status !== 200,
    );
    expect(draining).toEqual({ status: 503, body: { status: 'unready', reason: 'draining' } });
    // Unready, but still serving: load balancers get time to stop sending before the drain.
    expectNoErrors(await postGraphQL(`${base}/graphql`, '{ projects { totalCount } }', {}, { token: DEMO_API_KEY }));
    expect(await gateway.exited).toBe(0);
  });
});
