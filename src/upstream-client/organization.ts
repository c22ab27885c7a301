// Organizations: the interface has no endpoint that reads an organization, so the gateway
// knows an organization by its UUID and whatever facts arrive embedded in other records
// (a project's `organization`, a plugin's `organization_id`/`organization_name`).

/** What the gateway knows about an organization (the codegen mapper of `Organization`). */
export interface OrganizationRef {
  /** The organization's UUID. */
  id: string;
  /** Known only when a record carried it (e.g. a plugin's `organization_name`). */
  name?: string | null;
}

/** An Organization parent; `name` only when the record that named the organization carried it. */
export function organizationRef(id: string, name?: string | null): OrganizationRef {
  return name === undefined ? { id } : { id, name };
}
