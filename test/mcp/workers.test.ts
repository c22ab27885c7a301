// WORKERS=2 (`npm start`'s cluster): /mcp is stateless, so every message may reach either worker on
// a new connection; a write confirmed on one worker runs on the other (the primary hands every
// worker the same MCP_CONFIRMATION_SECRET), and its token, replayed to either, is refused (without
// Redis the primary keeps the spent tokens: src/cluster-spent-tokens.ts).
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, fetch as undiciFetch } from 'undici';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ChildProgram } from '../../deploy/processes.ts';
import { startLocalUpstream, type LocalUpstream } from '../../local-upstream/index.ts';
import { KEY_A, twoOrgSeed } from '../fixtures/seed.ts';
import { startGatewayProcess } from '../production/helpers.ts';
import { connectMcp, textOf } from './helpers.ts';

let upstream: LocalUpstream;
let gateway: ChildProgram | undefined;
beforeAll(async () => {
  upstream = await startLocalUpstream({ seed: twoOrgSeed(), quiet: true, rateLimit: 'off' });
});
afterAll(async () => {
  gateway?.process.kill('SIGTERM');
  await gateway?.exited;
  await upstream.stop();
});

/** A fetch that opens a new connection for every request, so the cluster spreads them over its workers. */
const freshConnections = ((url: string, init: object) => undiciFetch(url, { ...init, dispatcher: new Agent({ pipelining: 0 }) })) as unknown as typeof fetch;

/** One GET on a new connection: moves the cluster's round robin on by one. */
const nudge = (base: string) =>
  new Promise<void>((resolve, reject) => http.get(`${base}/healthz`, { agent: false }, (res) => res.resume().on('end', resolve)).on('error', reject));

describe('WORKERS=2', () => {
  it('lists and calls tools on new connections, confirms a write across workers, and refuses its replay on both', { timeout: 60_000 }, async () => {
    gateway = await startGatewayProcess({ UPSTREAM_URL: upstream.url, WORKERS: '2', MCP_MUTATIONS: 'explicit' });
    const base = gateway.ready[1]!;
    for (let i = 0; i < 4; i++) {
      const client = await connectMcp(base, KEY_A, {}, freshConnections);
      expect((await client.listTools()).tools.length).toBeGreaterThan(5);
      const projects = (await client.callTool({ name: 'projects', arguments: {} })) as CallToolResult;
      expect((projects.structuredContent as any).projects.totalCount).toBe(2);
      await client.close();
    }
    const flagId = async () => {
      const client = await connectMcp(base, KEY_A, {}, freshConnections);
      const projects = (await client.callTool({ name: 'projects', arguments: { search: 'Acme Web' } })) as CallToolResult;
      const projectId = (projects.structuredContent as any).projects.nodes[0].id as string;
      const flags = (await client.callTool({ name: 'project_feature_flags', arguments: { projectId } })) as CallToolResult;
      await client.close();
      return (flags.structuredContent as any).project.featureFlags.nodes[0].id as string;
    };
    const id = await flagId();
    // Between the two calls, 0 then 1 extra connections: one of the pairs lands on two workers.
    const used: Array<{ id: string; active: boolean; confirmationToken: string }> = [];
    for (const [extra, active] of [
      [0, false],
      [1, true],
    ] as const) {
      const first = await connectMcp(base, KEY_A, {}, freshConnections);
      const prepared = (await first.callTool({ name: 'set_feature_flag_active', arguments: { id, active } })) as CallToolResult;
      await first.close();
      for (let i = 0; i < extra; i++) await nudge(base);
      const second = await connectMcp(base, KEY_A, {}, freshConnections);
      const { confirmationToken } = (prepared.structuredContent as any).confirmation;
      const ran = (await second.callTool({ name: 'set_feature_flag_active', arguments: { id, active, confirmationToken } })) as CallToolResult;
      await second.close();
      expect(ran.isError).toBeFalsy();
      expect((ran.structuredContent as any).updateFeatureFlag.featureFlag.active).toBe(active);
      used.push({ id, active, confirmationToken });
    }
    // Each spent token sent again on two consecutive new connections: once to each worker.
    upstream.resetRequests();
    for (const args of used) {
      for (let i = 0; i < 2; i++) {
        const replay = await connectMcp(base, KEY_A, {}, freshConnections);
        const refused = (await replay.callTool({ name: 'set_feature_flag_active', arguments: args })) as CallToolResult;
        await replay.close();
        expect(textOf(refused)).toMatch(/^CONFIRMATION_SPENT: /);
      }
    }
    expect(upstream.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    // Whichever worker answers /metrics, it counts the calls of both.
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toContain('mcp_tool_calls_total{tool="projects",outcome="ok"} 5');
    expect(metrics).toContain('mcp_tool_calls_total{tool="set_feature_flag_active",outcome="CONFIRMATION_REQUIRED"} 2');
    expect(metrics).toContain('mcp_tool_calls_total{tool="set_feature_flag_active",outcome="CONFIRMATION_SPENT"} 4');
  });
});
