import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalUpstream, type LocalUpstream } from '../../local-upstream/index.ts';
import { client, envelope, KEYS, testSeed, useUpstream, type Client } from './helpers.ts';

/**
 * A deleted project finishes deleting: the DELETE answers 204 and marks it `is_pending_deletion`; it stays readable
 * and listed, a second DELETE is refused, and `deletionDelayMs` later the service's background removal has taken it
 * and everything in it (local-upstream/project-deletion.ts).
 */

const DELAY_MS = 150;
const ctx = useUpstream({ deletionDelayMs: DELAY_MS });

/** Polls (bounded) until the project's id answers 404. */
async function gone(api: Client, id: number): Promise<number> {
  const started = Date.now();
  for (let attempt = 0; attempt < 100; attempt++) {
    if ((await api.get(`/api/projects/${id}/`)).status === 404) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`project ${id} was never removed`);
}

describe('project deletion in the background', () => {
  it('keeps the project readable and listed while pending, refuses a second DELETE, then removes it and its flags', async () => {
    const created = (await ctx.owner.post('/api/projects/', { name: 'Short-lived' })).body;
    const flag = (await ctx.owner.post(`/api/projects/${created.id}/feature_flags/`, { key: 'inside' })).body;
    const deletedAt = Date.now();
    expect((await ctx.owner.delete(`/api/projects/${created.id}/`)).status).toBe(204);
    expect((await ctx.owner.get(`/api/projects/${created.id}/`)).body).toMatchObject({ id: created.id, is_pending_deletion: true });
    const listed = (await ctx.owner.get('/api/projects/?limit=500')).body.results.map((project: { id: number }) => project.id);
    expect(listed).toContain(created.id);
    const again = await ctx.owner.delete(`/api/projects/${created.id}/`);
    expect(again.body).toEqual(envelope('validation_error', 'invalid_input', 'This project is already being deleted.'));

    await gone(ctx.owner, created.id);
    expect(Date.now() - deletedAt).toBeGreaterThanOrEqual(DELAY_MS - 5);
    expect((await ctx.owner.get(`/api/projects/${created.id}/`)).body).toEqual(envelope('invalid_request', 'not_found', 'Project not found.'));
    expect((await ctx.owner.get(`/api/projects/${created.id}/feature_flags/${flag.id}/`)).status).toBe(404);
    const after = (await ctx.owner.get('/api/projects/?limit=500')).body.results.map((project: { id: number }) => project.id);
    expect(after).not.toContain(created.id);
  });

  it('leaves a project alone whose DELETE was refused', async () => {
    const created = (await ctx.owner.post('/api/projects/', { name: 'Kept' })).body;
    expect((await client(ctx.upstream, KEYS.member).delete(`/api/projects/${created.id}/`)).status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS * 2));
    expect((await ctx.owner.get(`/api/projects/${created.id}/`)).body.is_pending_deletion).toBe(false);
  });
});

describe('a database file with a project pending deletion', () => {
  const dir = mkdtempSync(join(tmpdir(), 'project-deletion-'));
  const dbPath = join(dir, 'upstream.db');
  let upstream: LocalUpstream | undefined;
  afterAll(async () => {
    await upstream?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finishes the deletion after a restart', async () => {
    upstream = await startLocalUpstream({ seed: testSeed(), dbPath, quiet: true, rateLimit: 'off', deletionDelayMs: 60_000 });
    const owner = client(upstream, KEYS.owner);
    const created = (await owner.post('/api/projects/', { name: 'Pending across restarts' })).body;
    expect((await owner.delete(`/api/projects/${created.id}/`)).status).toBe(204);
    await upstream.stop();
    upstream = await startLocalUpstream({ seed: null, dbPath, quiet: true, rateLimit: 'off', deletionDelayMs: DELAY_MS });
    await gone(client(upstream, KEYS.owner), created.id);
  });
});

describe('the deletionDelayMs option', () => {
  it.each([-1, Number.NaN, 1.5, Number.POSITIVE_INFINITY, 2 ** 31])('refuses %s before the database file is opened or seeded', async (deletionDelayMs) => {
    const dir = mkdtempSync(join(tmpdir(), 'deletion-delay-'));
    const dbPath = join(dir, 'upstream.db');
    try {
      const start = startLocalUpstream({ seed: testSeed(), dbPath, quiet: true, rateLimit: 'off', deletionDelayMs });
      await expect(start).rejects.toThrow(`the deletion delay must be whole milliseconds from 0 to 2147483647, got "${deletionDelayMs}"`);
      expect(existsSync(dbPath)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
