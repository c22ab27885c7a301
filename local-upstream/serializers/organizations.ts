import type { Store } from '../storage/db.ts';
import { pluginsAccessLevel } from '../storage/resource-access.ts';
import { memberCount, organizationNames, organizationProjects, type MembershipRow } from '../storage/organizations.ts';
import type { ProjectRow } from '../storage/projects.ts';
import { projectListItem } from './projects.ts';

// Organization records as the service's `OrganizationSerializer` and `OrganizationBasicSerializer`
// (posthog/api/organization.py, posthog/api/shared.py) return them; docs/rest-interface.md names the
// version. Settings the interface cannot change carry the service's model defaults.

const SLUG_LENGTH = 48;

/** Django's `slugify`: accents dropped, ASCII word characters and hyphens, lower case, runs of spaces and hyphens as one hyphen. */
function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[-\s]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '');
}

/**
 * The organization's slug: its name slugified, as the service makes it on creation; an organization whose slug an
 * older one already took gets a short suffix (the service adds a random one; here it comes from the id, so it is stable).
 */
export function organizationSlug(store: Store, organizationId: string): string {
  const taken = new Set<string>();
  for (const { id, name } of organizationNames(store)) {
    const base = slugify(name).slice(0, SLUG_LENGTH) || 'organization';
    const slug = taken.has(base) ? `${base.slice(0, SLUG_LENGTH - 5)}-${id.replace(/-/g, '').slice(-4)}` : base;
    if (id === organizationId) return slug;
    taken.add(slug);
  }
  return slugify(organizationId);
}

/** `TeamBasicSerializer`: a project as `teams` and the user's `team` list it (an environment is its own project here). */
export function teamBasic(project: ProjectRow): Record<string, unknown> {
  const { id, uuid, organization, ...rest } = projectListItem(project);
  return { id, uuid, organization, project_id: project.id, ...rest };
}

/** `ProjectBasicSerializer`. */
const projectBasic = (project: ProjectRow): Record<string, unknown> => ({ id: project.id, organization_id: project.organization_id, name: project.name });

/** `OrganizationBasicSerializer`: an entry of the user's `organizations`. */
export function organizationBasic(store: Store, membership: MembershipRow): Record<string, unknown> {
  return {
    id: membership.id,
    name: membership.name,
    slug: organizationSlug(store, membership.id),
    logo_media_id: null,
    membership_level: membership.level,
    members_can_use_personal_api_keys: true,
    is_active: true,
    is_not_active_reason: null,
    is_pending_deletion: false,
  };
}

/** `OrganizationSerializer`: the organization's full record, seen by one of its members. */
export function organizationBody(store: Store, membership: MembershipRow): Record<string, unknown> {
  const projects = organizationProjects(store, membership.id);
  return {
    id: membership.id,
    name: membership.name,
    slug: organizationSlug(store, membership.id),
    logo_media_id: null,
    created_at: membership.created_at,
    updated_at: membership.created_at,
    membership_level: membership.level,
    plugins_access_level: pluginsAccessLevel(store, membership.id),
    teams: projects.map(teamBasic),
    projects: projects.map(projectBasic),
    available_product_features: [],
    is_member_join_email_enabled: true,
    metadata: { instance_tag: 'none' },
    customer_id: null,
    enforce_2fa: null,
    members_can_invite: true,
    members_can_use_personal_api_keys: true,
    allow_publicly_shared_resources: true,
    member_count: memberCount(store, membership.id),
    is_ai_data_processing_approved: null,
    default_experiment_stats_method: 'bayesian',
    default_anonymize_ips: false,
    default_role_id: null,
    is_active: true,
    is_not_active_reason: null,
  };
}
