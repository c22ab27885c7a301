// `npm start` smoke test: the real entry point, embedded upstream, printed URL and key.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalUpstream } from '../../local-upstream/index.ts';
import { expectNoErrors, postGraphQL } from './helpers.ts';
import { KEY_A, twoOrgSeed } from '../fixtures/seed.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let child: ChildProcess | undefined;

afterAll(() => {
  // Only reached with a live child when the test failed midway.
  child?.kill('SIGKILL');
});

/** Resolves with stdout once it has printed the endpoint and the demo key. */
function waitForBanner(proc: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`npm start printed no banner:\n${out}`)), 25_000);
    proc.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/GraphQL endpoint: \S+/.test(out) && /Demo API key: \S+/.test(out)) {
        clearTimeout(timer);
        resolve(out);
      }
    });
    proc.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${out}`)));
  });
}

describe('npm start', () => {
  it('serves the demo data with the printed key and stops on SIGTERM', async () => {
    // The entry point itself (what `npm start` runs, minus npm's own startup time).
    child = spawn(process.execPath, ['src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', UPSTREAM_URL: '', LOCAL_API_KEY: 'phx_smoke_test_key', LOG_LEVEL: 'silent', NODE_ENV: 'development' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const banner = await waitForBanner(child);
    const url = /GraphQL endpoint: (\S+)/.exec(banner)![1]!;
    const key = /Demo API key: (\S+)/.exec(banner)![1]!;
    expect(key).toBe('phx_smoke_test_key');
    expect(banner).toContain('Sandbox:');
    expect(banner).toContain('curl');

    const data = expectNoErrors(await postGraphQL<any>(url, '{ projects { totalCount nodes { name } } }', {}, { token: key }));
    expect(data.projects.totalCount).toBeGreaterThan(0);

    const landing = await fetch(url, { headers: { accept: 'text/html' } });
    expect(await landing.text()).toContain('embeddable-sandbox');

    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    child = undefined;
  });

  it("with UPSTREAM_URL, serves a separately started upstream with the caller's key", async () => {
    const upstream = await startLocalUpstream({ seed: twoOrgSeed(), quiet: true, rateLimit: 'off' });
    try {
      child = spawn(process.execPath, ['src/main.ts'], {
        cwd: ROOT,
        env: { ...process.env, PORT: '0', UPSTREAM_URL: upstream.url, LOG_LEVEL: 'silent', NODE_ENV: 'development' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const banner = await new Promise<string>((resolve, reject) => {
        let out = '';
        child!.stdout?.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (/Upstream: \S+/.test(out)) resolve(out);
        });
        child!.once('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
      });
      expect(banner).toContain(`Upstream: ${upstream.url}`);
      expect(banner).not.toContain('Demo API key');
      const url = /GraphQL endpoint: (\S+)/.exec(banner)![1]!;
      const data = expectNoErrors(await postGraphQL<any>(url, '{ projects { nodes { name } } }', {}, { token: KEY_A }));
      expect(data.projects.nodes.map((p: { name: string }) => p.name)).toEqual(['Acme Web', 'Acme App']);
      expect(upstream.requests.some((r) => r.path.startsWith('/api/projects/'))).toBe(true);
      const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      child = undefined;
    } finally {
      await upstream.stop();
    }
  });

  it.each([
    [{ PORT: '99999' }, /PORT must be a TCP port/],
    [{ UPSTREAM_URL: 'not a url' }, /UPSTREAM_URL must be an absolute http\(s\) URL/],
  ])('fails fast with one clear line on a bad environment (%o)', async (env, message) => {
    const proc = spawn(process.execPath, ['src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', UPSTREAM_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    proc.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Configuration error: /);
    expect(stderr).toMatch(message);
    expect(stderr).not.toContain('    at ');
  });
});
