// What keeps the gateway's memory down (docs/performance.md, "Memory"): the production command's
// V8 settings, the memory-reducing collection after startup, and the modules an idle gateway
// never loads.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChildProgram } from '../../deploy/processes.ts';
import { ROOT, startGatewayProcess } from './helpers.ts';

const children: ChildProgram[] = [];
afterAll(async () => {
  await Promise.all(children.map((child) => child.stop('SIGKILL')));
});

/** `npm run start:prod` as words, the Dockerfile's CMD, and the environment variables its ENV sets. */
function productionCommands(): { startProd: string[]; dockerCmd: string[]; dockerEnv: string[] } {
  const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
  // The final stage's ENV: `ENV A=1 \` and its continuation lines.
  const env = /^ENV ((?:.*\\\n)*.*)$/m.exec(dockerfile.slice(dockerfile.lastIndexOf('\nFROM ')))?.[1] ?? '';
  return {
    startProd: scripts['start:prod']!.split(/\s+/),
    dockerCmd: cmd ? (JSON.parse(cmd) as string[]) : [],
    dockerEnv: env.split(/[\s\\]+/).filter(Boolean),
  };
}

describe('memory', () => {
  it('the production command and the Dockerfile run the same settings: 16 MiB semi-spaces, old generation growing at most 2x, gc exposed for the startup collection, two malloc arenas', () => {
    const { startProd, dockerCmd, dockerEnv } = productionCommands();
    expect(startProd).toEqual(['MALLOC_ARENA_MAX=2', 'node', '--max-semi-space-size=16', '--heap-growing-percent=100', '--expose-gc', 'dist/src/main.js']);
    expect(dockerCmd).toEqual(startProd.slice(1));
    expect(dockerEnv).toContain('MALLOC_ARENA_MAX=2');
  });

  it('after startup, with gc exposed, runs one memory-reducing full collection before printing its endpoint', async () => {
    const gateway = await startGatewayProcess({ UPSTREAM_URL: 'http://127.0.0.1:9' }, [], ['--expose-gc', '--trace-gc']);
    children.push(gateway);
    const beforeBanner = gateway.output().split('GraphQL endpoint:')[0]!;
    expect(beforeBanner).toMatch(/Mark-Compact \(reduce\)/);
    await gateway.stop();
  });

  // Node's bundled undici and undici's index are loaded (plain imports): avoiding them saved 3 and 1 MiB idle,
  // below the bar docs/performance.md sets for a mechanism.
  it("an idle gateway has loaded neither OpenTelemetry's semantic conventions, Apollo's usage-reporting protobuf nor the MCP SDK", () => {
    // Every module file loaded, ES modules and CommonJS alike, through a load hook.
    const script = `
      import { registerHooks } from 'node:module';
      const loaded = [];
      registerHooks({ load: (url, context, next) => (loaded.push(url), next(url, context)) });
      const { startGateway } = await import('./src/server.ts');
      const gateway = await startGateway({ upstreamUrl: 'http://127.0.0.1:9', port: 0, host: '127.0.0.1', logLevel: 'silent' });
      const has = (pattern) => loaded.some((url) => pattern.test(url));
      console.log(JSON.stringify({
        undiciPool: has(/\\/undici\\/lib\\/dispatcher\\/pool\\.js$/),
        semanticConventions: has(/\\/@opentelemetry\\/semantic-conventions\\//),
        usageReportingProtobuf: has(/\\/@apollo\\/usage-reporting-protobuf\\//),
        mcpSdk: has(/\\/@modelcontextprotocol\\/sdk\\//),
      }));
      await gateway.stop();
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual({
      undiciPool: true,
      semanticConventions: false,
      usageReportingProtobuf: false,
      mcpSdk: false,
    });
  });
});
