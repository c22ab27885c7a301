/** The whole schema, created on start (idempotent). JSON columns are TEXT. Project id doubles as team id. */
export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS organizations (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid TEXT NOT NULL UNIQUE,
  distinct_id TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE,
  first_name TEXT NOT NULL DEFAULT '',
  last_name TEXT NOT NULL DEFAULT '',
  is_email_verified INTEGER NOT NULL DEFAULT 1,
  hedgehog_config TEXT,
  role_at_organization TEXT,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS memberships (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  level INTEGER NOT NULL,
  joined_at TEXT NOT NULL,
  PRIMARY KEY (user_id, organization_id)
);
CREATE TABLE IF NOT EXISTS api_keys (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key_hash TEXT NOT NULL UNIQUE,
  scopes TEXT NOT NULL,
  label TEXT NOT NULL DEFAULT '',
  mask_value TEXT,
  last_used_at TEXT,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS roles (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  feature_flags_access_level INTEGER NOT NULL DEFAULT 37,
  created_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS projects (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  api_token TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  settings TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS projects_by_org ON projects(organization_id);
-- Seeding finds a project by organization and name (storage/projects.ts findProjectByName).
CREATE INDEX IF NOT EXISTS projects_by_org_name ON projects(organization_id, name);
CREATE TABLE IF NOT EXISTS group_types (
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  group_type_index INTEGER NOT NULL,
  group_type TEXT NOT NULL,
  PRIMARY KEY (project_id, group_type_index)
);
CREATE TABLE IF NOT EXISTS groups (
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  group_type_index INTEGER NOT NULL,
  group_key TEXT NOT NULL,
  properties TEXT NOT NULL,
  PRIMARY KEY (project_id, group_type_index, group_key)
);
CREATE TABLE IF NOT EXISTS persons (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  distinct_id TEXT NOT NULL,
  properties TEXT NOT NULL,
  UNIQUE (project_id, distinct_id)
);
CREATE TABLE IF NOT EXISTS cohorts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  is_static INTEGER NOT NULL,
  filters TEXT,
  created_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS cohort_members (
  cohort_id INTEGER NOT NULL REFERENCES cohorts(id) ON DELETE CASCADE,
  distinct_id TEXT NOT NULL,
  PRIMARY KEY (cohort_id, distinct_id)
);
CREATE TABLE IF NOT EXISTS dashboards (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  enriched INTEGER NOT NULL DEFAULT 0,
  created_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS feature_flags (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  name TEXT NOT NULL DEFAULT '',
  filters TEXT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0,
  active INTEGER NOT NULL DEFAULT 1,
  ensure_experience_continuity INTEGER NOT NULL DEFAULT 0,
  rollback_conditions TEXT NOT NULL DEFAULT 'null',
  performed_rollback INTEGER NOT NULL DEFAULT 0,
  tags TEXT NOT NULL DEFAULT '[]',
  analytics_dashboards TEXT NOT NULL DEFAULT '[]',
  has_enriched_analytics INTEGER NOT NULL DEFAULT 0,
  archived INTEGER NOT NULL DEFAULT 0,
  is_remote_configuration INTEGER NOT NULL DEFAULT 0,
  has_encrypted_payloads INTEGER NOT NULL DEFAULT 0,
  evaluation_runtime TEXT DEFAULT 'all',
  bucketing_identifier TEXT,
  usage_dashboard INTEGER REFERENCES dashboards(id) ON DELETE SET NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  last_modified_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, key)
);
CREATE INDEX IF NOT EXISTS flags_newest_first ON feature_flags(project_id, deleted, created_at DESC, id DESC);
CREATE TABLE IF NOT EXISTS role_access (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  feature_flag_id INTEGER NOT NULL REFERENCES feature_flags(id) ON DELETE CASCADE,
  role_id TEXT NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  added_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (feature_flag_id, role_id)
);
CREATE TABLE IF NOT EXISTS organization_resource_access (
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  resource TEXT NOT NULL,
  access_level INTEGER NOT NULL,
  PRIMARY KEY (organization_id, resource)
);
CREATE TABLE IF NOT EXISTS role_memberships (
  role_id TEXT NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  joined_at TEXT NOT NULL,
  PRIMARY KEY (role_id, user_id)
);
CREATE TABLE IF NOT EXISTS plugins (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organization_id TEXT REFERENCES organizations(id) ON DELETE CASCADE,
  plugin_type TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  url TEXT NOT NULL DEFAULT '',
  icon TEXT,
  config_schema TEXT NOT NULL DEFAULT '{}',
  tag TEXT,
  latest_tag TEXT,
  latest_tag_checked_at TEXT,
  is_global INTEGER NOT NULL DEFAULT 0,
  capabilities TEXT NOT NULL DEFAULT '{}',
  metrics TEXT NOT NULL DEFAULT '{}',
  public_jobs TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS plugin_source_files (
  plugin_id INTEGER NOT NULL REFERENCES plugins(id) ON DELETE CASCADE,
  filename TEXT NOT NULL,
  source TEXT NOT NULL,
  PRIMARY KEY (plugin_id, filename)
);
CREATE TABLE IF NOT EXISTS activity_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organization_id TEXT,
  project_id INTEGER,
  scope TEXT NOT NULL,
  item_id TEXT,
  activity TEXT NOT NULL,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  detail TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS activity_by_project ON activity_log(project_id, scope, created_at);
CREATE INDEX IF NOT EXISTS activity_by_org ON activity_log(organization_id, scope, created_at);
CREATE TABLE IF NOT EXISTS approval_policies (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  project_id INTEGER REFERENCES projects(id) ON DELETE CASCADE,
  action_key TEXT NOT NULL,
  conditions TEXT NOT NULL DEFAULT '{}',
  approver_config TEXT NOT NULL,
  allow_self_approve INTEGER NOT NULL DEFAULT 0,
  bypass_org_membership_levels TEXT NOT NULL DEFAULT '[]',
  bypass_roles TEXT NOT NULL DEFAULT '[]',
  expires_after_us INTEGER NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 1,
  created_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (organization_id, project_id, action_key)
);
CREATE TABLE IF NOT EXISTS change_requests (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  action_key TEXT NOT NULL,
  action_version INTEGER NOT NULL DEFAULT 1,
  resource_type TEXT NOT NULL,
  resource_id TEXT,
  intent TEXT NOT NULL,
  intent_display TEXT NOT NULL,
  policy_snapshot TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending',
  created_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  applied_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  applied_at TEXT,
  apply_error TEXT NOT NULL DEFAULT '',
  result_data TEXT
);
CREATE INDEX IF NOT EXISTS change_requests_by_project ON change_requests(project_id, created_at);
CREATE TABLE IF NOT EXISTS change_request_votes (
  id TEXT PRIMARY KEY,
  change_request_id TEXT NOT NULL REFERENCES change_requests(id) ON DELETE CASCADE,
  created_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  decision TEXT NOT NULL,
  reason TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  UNIQUE (change_request_id, created_by)
);
CREATE TABLE IF NOT EXISTS seed_origins (
  kind TEXT NOT NULL,
  seed_key TEXT NOT NULL,
  row_id INTEGER NOT NULL,
  PRIMARY KEY (kind, seed_key)
);
`;

/**
 * Columns added after the first release of the schema, so a `--db` file written by an older version gains
 * them on start (SQLite has no `ADD COLUMN IF NOT EXISTS`). Each is also in SCHEMA_SQL for new files.
 */
const ADDED_COLUMNS: ReadonlyArray<{ table: string; column: string; definition: string }> = [
  { table: 'users', column: 'hedgehog_config', definition: 'TEXT' },
  { table: 'users', column: 'role_at_organization', definition: 'TEXT' },
  { table: 'api_keys', column: 'label', definition: "TEXT NOT NULL DEFAULT ''" },
  { table: 'api_keys', column: 'mask_value', definition: 'TEXT' },
  { table: 'api_keys', column: 'last_used_at', definition: 'TEXT' },
  { table: 'feature_flags', column: 'archived', definition: 'INTEGER NOT NULL DEFAULT 0' },
  { table: 'feature_flags', column: 'is_remote_configuration', definition: 'INTEGER NOT NULL DEFAULT 0' },
  { table: 'feature_flags', column: 'has_encrypted_payloads', definition: 'INTEGER NOT NULL DEFAULT 0' },
  { table: 'feature_flags', column: 'evaluation_runtime', definition: "TEXT DEFAULT 'all'" },
  { table: 'feature_flags', column: 'bucketing_identifier', definition: 'TEXT' },
  { table: 'change_requests', column: 'applied_by', definition: 'INTEGER REFERENCES users(id) ON DELETE SET NULL' },
  { table: 'change_requests', column: 'applied_at', definition: 'TEXT' },
  { table: 'change_requests', column: 'apply_error', definition: "TEXT NOT NULL DEFAULT ''" },
  { table: 'change_requests', column: 'result_data', definition: 'TEXT' },
];

/** Adds the columns of ADDED_COLUMNS an existing database lacks. */
export function addMissingColumns(db: { exec(sql: string): void; prepare(sql: string): { all(): unknown[] } }): void {
  const present = new Map<string, Set<string>>();
  for (const { table, column, definition } of ADDED_COLUMNS) {
    let columns = present.get(table);
    if (!columns) {
      columns = new Set((db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map((row) => row.name));
      present.set(table, columns);
    }
    if (columns.has(column)) continue;
    db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
    columns.add(column);
  }
}
