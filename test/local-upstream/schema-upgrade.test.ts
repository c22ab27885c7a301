import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalUpstream } from '../../local-upstream/index.ts';
import { client, KEYS, testSeed } from './helpers.ts';

/** A `--db` file written before the columns of storage/schema.ts's ADDED_COLUMNS existed still opens and serves. */

const dir = mkdtempSync(join(tmpdir(), 'local-upstream-upgrade-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DROPPED: Array<[string, string]> = [
  ['feature_flags', 'archived'],
  ['feature_flags', 'is_remote_configuration'],
  ['feature_flags', 'has_encrypted_payloads'],
  ['feature_flags', 'evaluation_runtime'],
  ['feature_flags', 'bucketing_identifier'],
  ['users', 'hedgehog_config'],
  ['users', 'role_at_organization'],
  ['api_keys', 'label'],
  ['api_keys', 'mask_value'],
  ['api_keys', 'last_used_at'],
];

describe('an older database file', () => {
  it('gains the new columns on start, keeps its rows and serves them with the defaults', async () => {
    const dbPath = join(dir, 'old.db');
    const first = await startLocalUpstream({ seed: testSeed(), dbPath, quiet: true, rateLimit: 'off' });
    await first.stop();
    const db = new DatabaseSync(dbPath);
    for (const [table, column] of DROPPED) db.exec(`ALTER TABLE ${table} DROP COLUMN ${column}`);
    db.close();

    const upgraded = await startLocalUpstream({ seed: null, dbPath, quiet: true, rateLimit: 'off' });
    try {
      const owner = client(upgraded, KEYS.owner);
      const projects = await owner.get('/api/projects/');
      const page = await owner.get(`/api/projects/${projects.body.results[0].id}/feature_flags/`);
      expect(page.status).toBe(200);
      expect(page.body.count).toBe(3);
      expect(page.body.results[0]).toMatchObject({ archived: false, is_remote_configuration: false, evaluation_runtime: 'all', bucketing_identifier: null });
      expect(page.body.results[0].created_by).toMatchObject({ hedgehog_config: null, role_at_organization: null });
      expect((await owner.get('/api/personal_api_keys/@current/')).body).toMatchObject({ label: '', mask_value: null });
    } finally {
      await upgraded.stop();
    }
  });
});
