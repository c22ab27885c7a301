// FeatureFlag.archived and FeatureFlag.status never contradict each other, whatever the upstream reports.
import { describe, expect, it } from 'vitest';
import '../../src/resolvers/feature-flag.ts';
import { ProjectFlag, type FeatureFlagRecord } from '../../src/upstream-client/endpoints/feature-flag.ts';

const flag = (fields: Partial<FeatureFlagRecord>) =>
  new ProjectFlag(1, {
    id: 7,
    key: 'k',
    name: '',
    filters: {},
    deleted: false,
    active: false,
    created_by: null,
    created_at: '',
    ensure_experience_continuity: null,
    ...fields,
  }) as ProjectFlag & {
    archived: boolean;
    status: string | null;
  };

describe('FeatureFlag.archived and status', () => {
  it.each([
    ['archived, as the current service reports it', { archived: true, status: 'ARCHIVED' }, true, 'ARCHIVED'],
    ['archived, with a status computed before the archive', { archived: true, status: 'ACTIVE' }, true, 'ARCHIVED'],
    ['archived and deleted', { archived: true, deleted: true, status: 'DELETED' }, true, 'DELETED'],
    ['not archived', { archived: false, status: 'STALE' }, false, 'STALE'],
    ['not archived, but a status that says so', { archived: false, status: 'archived' }, false, 'UNKNOWN'],
    ['an upstream without `archived` whose status says archived', { status: 'ARCHIVED' }, true, 'ARCHIVED'],
    ['an upstream without `archived` or status', {}, false, null],
  ] as const)('%s', (_case, fields, archived, status) => {
    const subject = flag(fields);
    expect(subject.archived).toBe(archived);
    expect(subject.status).toBe(status);
  });
});
