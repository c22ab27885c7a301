import { isDict } from './python-format.ts';
import { PLUGIN_TYPES } from './validation/plugin-input.ts';

/**
 * The seed file (local-upstream/README.md, "Seeding"). Every list is optional. Extensions (all optional): `api_token`, `timezone`,
 * `group_types`, `groups` (with properties, for group flags) and `cohorts` on projects; `organization`, `name`, `active`, `deleted`, `tags` and
 * `ensure_experience_continuity` on flags; plugin fields and `source` files on plugins.
 */
export interface SeedFile {
  /**
   * `feature_flags_access_level` 21 restricts flags organization-wide to "only view" (37: always edit);
   * `plugins_access_level` is 0 none, 3 configure, 6 install or 9 root (the default).
   */
  organizations?: Array<{ id: string; name: string; feature_flags_access_level?: number; plugins_access_level?: number }>;
  users?: Array<{
    email: string;
    first_name?: string;
    last_name?: string;
    /** Fixed distinct id (default: the user's uuid), for evaluating the caller's own flags. */
    distinct_id?: string;
    api_key?: string;
    /** The key's label, as its owner named it in the service's settings. */
    api_key_label?: string;
    scopes?: string[];
    memberships?: Array<{ organization: string; level?: number }>;
    /** Profile settings embedded users show (`UserBasicSerializer`). */
    role_at_organization?: string;
    hedgehog_config?: Record<string, unknown>;
  }>;
  /** `members`: emails of the users who hold the role. */
  roles?: Array<{ id: string; organization: string; name: string; feature_flags_access_level?: number; members?: string[] }>;
  projects?: Array<{
    organization: string;
    name: string;
    api_token?: string;
    timezone?: string;
    persons?: Array<{ distinct_id: string; properties?: Record<string, unknown> }>;
    group_types?: Array<{ index: number; name: string }>;
    groups?: Array<{ group_type_index: number; group_key: string; properties?: Record<string, unknown> }>;
    cohorts?: Array<{ name: string; is_static?: boolean; filters?: Record<string, unknown> | null; members?: string[] }>;
  }>;
  feature_flags?: Array<{
    project: string;
    organization?: string;
    key: string;
    name?: string;
    filters?: Record<string, unknown>;
    active?: boolean;
    deleted?: boolean;
    ensure_experience_continuity?: boolean;
    tags?: string[];
  }>;
  plugins?: Array<{
    organization: string;
    plugin_type: string;
    name: string;
    description?: string;
    url?: string;
    icon?: string | null;
    tag?: string | null;
    config_schema?: unknown;
    is_global?: boolean;
    capabilities?: unknown;
    source?: Record<string, string>;
  }>;
}

const PLUGIN_TYPE_NAMES: ReadonlySet<string> = new Set(PLUGIN_TYPES);

export class SeedError extends Error {}

type Dict = Record<string, unknown>;

function fail(where: string, problem: string): never {
  throw new SeedError(`Seed file: ${where}: ${problem}`);
}

function list(seed: Dict, name: string): Dict[] {
  const value = seed[name];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) fail(name, 'must be a list');
  value.forEach((item, i) => {
    if (!isDict(item)) fail(`${name}[${i}]`, 'must be an object');
  });
  return value as Dict[];
}

function text(entry: Dict, field: string, where: string): string {
  const value = entry[field];
  if (typeof value !== 'string' || value.trim() === '') fail(where, `"${field}" must be a non-empty string`);
  return value;
}

function optional(entry: Dict, field: string, where: string, check: (value: unknown) => boolean, expected: string): void {
  if (entry[field] !== undefined && entry[field] !== null && !check(entry[field])) fail(where, `"${field}" must be ${expected}`);
}

/**
 * Checks a seed file's shape and references before anything is written, so a bad seed fails with a message
 * that names the entry (`users[0].memberships[1]: unknown organization "…"`) instead of a SQLite constraint
 * error. `knownOrganizations` are the ids already in the database (a seed may build on an earlier one).
 */
export function checkSeed(input: unknown, knownOrganizations: Iterable<string>): SeedFile {
  if (!isDict(input)) fail('top level', 'must be a JSON object');
  const organizations = new Set([...knownOrganizations].map((id) => id.toLowerCase()));
  list(input, 'organizations').forEach((org, i) => {
    organizations.add(text(org, 'id', `organizations[${i}]`).toLowerCase());
    text(org, 'name', `organizations[${i}]`);
    optional(org, 'feature_flags_access_level', `organizations[${i}]`, (v) => v === 21 || v === 37, '21 (only view) or 37 (always edit)');
    optional(org, 'plugins_access_level', `organizations[${i}]`, (v) => [0, 3, 6, 9].includes(v as number), '0, 3, 6 or 9 (none, config, install, root)');
  });
  const organizationOf = (entry: Dict, where: string): string => {
    const id = text(entry, 'organization', where);
    if (!organizations.has(id.toLowerCase())) fail(where, `unknown organization "${id}"`);
    return id.toLowerCase();
  };
  const emails = new Set<string>();
  list(input, 'users').forEach((user, i) => {
    const where = `users[${i}]`;
    emails.add(text(user, 'email', where));
    optional(user, 'api_key', where, (v) => typeof v === 'string' && v.trim() !== '', 'a non-empty string');
    optional(user, 'distinct_id', where, (v) => typeof v === 'string' && v.trim() !== '', 'a non-empty string');
    optional(user, 'scopes', where, (v) => Array.isArray(v) && v.every((s) => typeof s === 'string'), 'a list of strings');
    optional(user, 'api_key_label', where, (v) => typeof v === 'string', 'a string');
    optional(user, 'role_at_organization', where, (v) => typeof v === 'string', 'a string');
    optional(user, 'hedgehog_config', where, isDict, 'an object');
    list(user, 'memberships').forEach((membership, j) => {
      organizationOf(membership, `${where}.memberships[${j}]`);
      optional(membership, 'level', `${where}.memberships[${j}]`, Number.isInteger, 'an integer (1 member, 8 admin, 15 owner)');
    });
  });
  list(input, 'roles').forEach((role, i) => {
    text(role, 'id', `roles[${i}]`);
    text(role, 'name', `roles[${i}]`);
    organizationOf(role, `roles[${i}]`);
    optional(role, 'members', `roles[${i}]`, (v) => Array.isArray(v) && v.every((email) => typeof email === 'string'), 'a list of emails');
    for (const email of (role.members as string[] | undefined) ?? []) {
      if (!emails.has(email)) fail(`roles[${i}]`, `no user with email "${email}" in the seed's users`);
    }
  });
  const projectNames = new Map<string, Set<string>>();
  list(input, 'projects').forEach((project, i) => {
    const org = organizationOf(project, `projects[${i}]`);
    const name = text(project, 'name', `projects[${i}]`);
    projectNames.set(name, new Set([...(projectNames.get(name) ?? []), org]));
    list(project, 'persons').forEach((person, j) => text(person, 'distinct_id', `projects[${i}].persons[${j}]`));
  });
  list(input, 'feature_flags').forEach((flag, i) => {
    const where = `feature_flags[${i}]`;
    const project = text(flag, 'project', where);
    text(flag, 'key', where);
    optional(flag, 'filters', where, isDict, 'an object');
    const orgs = projectNames.get(project);
    if (!orgs) fail(where, `no project named "${project}" in the seed's projects`);
    if (flag.organization !== undefined && !orgs.has(organizationOf(flag, where))) {
      fail(where, `no project named "${project}" in organization "${organizationOf(flag, where)}"`);
    }
  });
  list(input, 'plugins').forEach((plugin, i) => {
    const where = `plugins[${i}]`;
    organizationOf(plugin, where);
    text(plugin, 'name', where);
    const type = text(plugin, 'plugin_type', where);
    if (!PLUGIN_TYPE_NAMES.has(type)) fail(where, `"plugin_type" must be one of ${PLUGIN_TYPES.join(', ')} (got "${type}")`);
    optional(plugin, 'source', where, (v) => isDict(v) && Object.values(v).every((s) => typeof s === 'string'), 'an object of file name to source text');
  });
  return input;
}
