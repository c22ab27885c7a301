// The caller's own user record (docs/rest-interface.md, "User"): `GET /api/users/@me/`, the one call
// behind `Query.viewer`. It embeds the current organization's full record, the basic record of every
// organization of the caller, and the current project as a list item.
import type { UpstreamClient } from '../client/http.ts';
import type { OrganizationBasicRecord, OrganizationRecord } from './organization.ts';
import type { ProjectListItem } from './project.ts';
import { expectRecord, expectRecords, ORGANIZATION, PROJECT, USER } from '../transport/record-shapes.ts';
import { endpoint } from '../across-requests/rest-policy.ts';
import { readsOf } from '../across-requests/scopes.ts';
import type { UpstreamRecord } from './upstream-record.ts';
import type { UserRecord } from './user.ts';

/** `GET /api/users/@me/` (the fields the gateway reads; the codegen mapper of `Viewer`). */
export type ViewerRecord = UpstreamRecord<
  UserRecord & {
    date_joined: string;
    /** The current project; null when the caller's current organization has none. */
    team: ProjectListItem | null;
    /** The current organization's full record; null when the caller belongs to none. */
    organization: OrganizationRecord | null;
    organizations: OrganizationBasicRecord[];
  }
>;

/** The caller, its current organization (with its projects) and current project. */
const VIEWER = endpoint('/api/users/@me/', {
  shape: USER,
  reads: ({ facts, keyHash }) => readsOf.keyOrganization(facts, keyHash),
  learns: (answer, facts, { keyHash }) => {
    const organization = (answer as Partial<ViewerRecord> | null)?.organization;
    if (!organization) return;
    facts.learnKeyOrganization(keyHash, organization.id);
    facts.learnProjects(organization.projects ?? [], organization.id);
    facts.learnProjects((answer as Partial<ViewerRecord>).team ?? []);
  },
});

export function getViewer(client: UpstreamClient): Promise<ViewerRecord> {
  return client.request({ method: 'GET', ...VIEWER, decode: decodeViewer });
}

/** The embedded records become a Project and Organizations (the current one also the loader's record). */
function decodeViewer(body: unknown): ViewerRecord {
  expectRecord(body, '');
  if (body.team != null) expectRecord(body.team, 'team', PROJECT);
  if (body.organization != null) expectRecord(body.organization, 'organization', ORGANIZATION);
  if (body.organizations != null) expectRecords(body.organizations, 'organizations', ORGANIZATION);
  return body as ViewerRecord;
}
