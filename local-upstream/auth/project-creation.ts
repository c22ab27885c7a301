// Who may create a project in an organization, in the service's permission order: the organization's project
// limits first, then the caller's membership (docs/rest-interface.md, "Projects").
import { notFound, permissionDenied } from '../http/errors.ts';
import { membershipLevel } from '../storage/accounts.ts';
import type { Store } from '../storage/db.ts';
import { countNonDemoProjects, hasDemoProject } from '../storage/projects.ts';
import { ADMIN } from './access.ts';

/** The service's hard ceiling for an organization whose plan has no project limit (the local upstream has no plans). */
export const MAX_PROJECTS_PER_ORGANIZATION = 2000;

const PLAN_LIMIT =
  'You have reached the maximum limit of allowed projects for your current plan. Upgrade your plan to be able to create and manage more projects.';

/** Python's truthiness of a JSON value, which the service applies to the raw `is_demo` of the request. */
function pythonTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value !== null && typeof value === 'object') return Object.keys(value).length > 0;
  return Boolean(value);
}

/**
 * Refuses a project creation the service would refuse before validating the body: a second demo project, more than
 * 2,000 non-demo projects, or a caller below admin (members may only create the demo project, as the members'
 * own-project setting needs an entitlement the local upstream has no billing for).
 */
export function checkCanCreateProject(store: Store, userId: number, organizationId: string, body: Record<string, unknown>): void {
  const isDemo = pythonTruthy(body.is_demo);
  if (isDemo && hasDemoProject(store, organizationId)) throw permissionDenied(PLAN_LIMIT);
  if (countNonDemoProjects(store, organizationId) >= MAX_PROJECTS_PER_ORGANIZATION) {
    throw permissionDenied(
      `You have reached the maximum limit of ${MAX_PROJECTS_PER_ORGANIZATION} projects per organization. Contact support if you'd like access to more projects.`,
    );
  }
  const level = membershipLevel(store, userId, organizationId);
  if (isDemo) {
    // OrganizationMemberPermissions has no message of its own.
    if (level === undefined) throw permissionDenied('You do not have permission to perform this action.');
    return;
  }
  if (level === undefined) throw notFound('Organization not found.');
  if (level < ADMIN) throw permissionDenied('You need to be an organization admin or above to create new projects.');
}
