// Organizations (docs/rest-interface.md, "Organization"): the record `GET /api/organizations/{id}/`
// answers, the basic record the caller's own `organizations` list embeds, and what the gateway knows of
// an organization before reading it (`OrganizationRef`, the codegen mapper of `Organization`).
import type { UpstreamClient } from '../client/http.ts';
import { decodePage, type Page, type PageArgs } from '../transport/page.ts';
import type { ProjectListItem } from './project.ts';
import { ORGANIZATION as ORGANIZATION_RECORD, PROJECT } from '../transport/record-shapes.ts';
import { endpoint } from '../across-requests/rest-policy.ts';
import { readsOf } from '../across-requests/scopes.ts';
import type { UpstreamRecord } from './upstream-record.ts';

/** An organization as `GET /api/organizations/{id}/` returns it (the fields the gateway reads). */
export type OrganizationRecord = UpstreamRecord<{
  id: string;
  name: string;
  slug: string;
  created_at: string;
  updated_at: string;
  /** The caller's level in the organization: 1 member, 8 admin, 15 owner. */
  membership_level: number | null;
  member_count: number;
  /** The organization's projects visible to the caller, as `ProjectBasicSerializer` items. */
  projects: { id: number; organization_id: string; name: string }[];
}>;

/** An entry of the caller's `organizations` (`GET /api/users/@me/`): the basic record. */
export type OrganizationBasicRecord = UpstreamRecord<{
  id: string;
  name: string;
  slug: string;
  membership_level: number | null;
}>;

/** The organization fields a record can carry before the organization itself is read. */
export type OrganizationFacts = Partial<Pick<OrganizationRecord, 'name' | 'slug' | 'membership_level'>>;

/** What the gateway knows about an organization: its UUID, and the facts of the record that named it. */
export interface OrganizationRef {
  /** The organization's UUID. */
  readonly id: string;
  /** Facts carried by the record that named the organization (a plugin's `organization_name`, the caller's basic list). */
  readonly known?: OrganizationFacts;
}

/** An Organization parent; `name` when the record that named the organization carried it. */
export function organizationRef(id: string, name?: string | null): OrganizationRef {
  return name == null ? { id } : { id, known: { name } };
}

/** The Organization parent of a basic or full record: every fact it carries is known. */
export function organizationOf(record: OrganizationBasicRecord): OrganizationRef {
  return { id: record.id, known: { name: record.name, slug: record.slug, membership_level: record.membership_level } };
}

/** The organization's record embeds its projects: their organization is this one. */
const ORGANIZATION = endpoint('/api/organizations/{id}/', {
  shape: ORGANIZATION_RECORD,
  reads: ({ params }) => readsOf.organization(String(params.id)),
  learns: (answer, facts, { params }) => facts.learnProjects((answer as Partial<OrganizationRecord> | null)?.projects ?? [], String(params.id)),
});

const ORGANIZATION_PROJECTS = endpoint('/api/organizations/{org_id}/projects/', {
  shape: PROJECT,
  reads: ({ params }) => readsOf.organization(String(params.org_id)),
  learns: (answer, facts, { params }) => facts.learnProjects(answer, String(params.org_id)),
});

export function getOrganization(client: UpstreamClient, id: string): Promise<OrganizationRecord> {
  return client.request({ method: 'GET', ...ORGANIZATION, params: { id } });
}

/** The organization's projects, as list items (the same items as `GET /api/projects/`). */
export function listOrganizationProjects(client: UpstreamClient, orgId: string, page: PageArgs): Promise<Page<ProjectListItem>> {
  return client.request({ method: 'GET', ...ORGANIZATION_PROJECTS, params: { org_id: orgId }, query: { ...page }, decode: decodePage<ProjectListItem> });
}
