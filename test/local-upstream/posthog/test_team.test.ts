/**
 * PostHog's posthog/api/test/test_team.py (team_api_test_factory, run by test_project.py against
 * /api/projects/), ported as black-box HTTP tests against the local upstream (each test named
 * `file::test_name`), for the project fields and routes of the interface.
 *
 * Skipped, and why:
 * - environments (/api/environments/), secret API tokens, reset_token, is_generating_demo_data, demo data,
 *   activity log of teams, session replay / survey / modifiers configuration merging: outside the interface.
 * - test_project.py's plan limits (test_project_creation_*, test_hard_limit_projects, demo project limits):
 *   billing, outside the interface.
 * - test_projects_outside_personal_api_key_scoped_organizations_not_listed: keys scoped to organizations are
 *   not part of the seed format.
 */
import { describe, expect, it } from 'vitest';
import { client, KEYS, PROJECT_A_TOKEN, useUpstream, validation } from '../helpers.ts';

const ctx = useUpstream();
const FILE = 'test_team.py';

/** A dashboard of `project`: the usage dashboard the flag `dashboard` action creates. */
async function dashboardOf(project: number, key: string): Promise<number> {
  const flag = (await ctx.owner.post(`/api/projects/${project}/feature_flags/`, { key })).body;
  expect((await ctx.owner.post(`/api/projects/${project}/feature_flags/${flag.id}/dashboard/`, {})).status).toBe(200);
  return (await ctx.owner.get(`/api/projects/${project}/feature_flags/${flag.id}/`)).body.usage_dashboard;
}

describe('TestTeamAPI (as TestProjectAPI)', () => {
  it(`${FILE}::test_update_primary_dashboard`, async () => {
    const dashboard = await dashboardOf(ctx.projectA, 'primary-own');
    const response = await ctx.owner.patch(`/api/projects/${ctx.projectA}/`, { primary_dashboard: dashboard });
    expect(response.status).toBe(200);
    expect(response.body.name).toBe('Web');
    expect(response.body.primary_dashboard).toBe(dashboard);
  });

  it(`${FILE}::test_cant_set_primary_dashboard_to_another_teams_dashboard`, async () => {
    const team2 = (await ctx.owner.post('/api/projects/', { name: 'Default project' })).body.id;
    const dashboard = await dashboardOf(team2, 'primary-foreign');
    const response = await ctx.owner.patch(`/api/projects/${ctx.projectA}/`, { primary_dashboard: dashboard });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validation('invalid_input', 'Dashboard does not belong to this team.', 'primary_dashboard'));
  });

  it('validate_team_attrs: a primary dashboard cannot be set on project creation', async () => {
    const dashboard = await dashboardOf(ctx.projectA, 'primary-create');
    const response = await ctx.owner.post('/api/projects/', { name: 'With dashboard', primary_dashboard: dashboard });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validation('invalid_input', 'Primary dashboard cannot be set on project creation.', 'primary_dashboard'));
  });

  it(`${FILE}::test_invalid_session_recording_config_returns_validation_error_envelope`, async () => {
    const response = await ctx.owner.patch(`/api/projects/${ctx.projectA}/`, { session_recording_sample_rate: 'Welwyn Garden City' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      attr: 'session_recording_sample_rate',
      code: 'invalid_input',
      detail: 'A valid number is required.',
      type: 'validation_error',
    });
  });

  it(`${FILE}::test_turn_on_exception_autocapture`, async () => {
    expect((await ctx.owner.get(`/api/projects/${ctx.projectA}/`)).body.autocapture_exceptions_opt_in).toBeNull();
    const refused = await ctx.owner.patch(`/api/projects/${ctx.projectA}/`, { autocapture_exceptions_opt_in: 'Welwyn Garden City' });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('Must be a valid boolean.');
    expect((await ctx.owner.patch(`/api/projects/${ctx.projectA}/`, { autocapture_exceptions_opt_in: true })).status).toBe(200);
    expect((await ctx.owner.get(`/api/projects/${ctx.projectA}/`)).body.autocapture_exceptions_opt_in).toBe(true);
  });

  it('routing (_get_team_from_request): an invalid ?token= on project routes is 401', async () => {
    for (const path of [`/api/projects/${ctx.projectA}/`, `/api/projects/${ctx.projectA}/feature_flags/`]) {
      const response = await ctx.owner.get(`${path}?token=not-a-project-token`);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        type: 'authentication_error',
        code: 'authentication_failed',
        detail: 'Incorrect authentication credentials.',
        attr: null,
      });
    }
    expect((await ctx.owner.get(`/api/projects/${ctx.projectA}/feature_flags/?token=${PROJECT_A_TOKEN}`)).status).toBe(200);
    expect((await client(ctx.upstream, KEYS.reader).get(`/api/projects/${ctx.projectA}/?token=nope`)).status).toBe(401);
  });
});
