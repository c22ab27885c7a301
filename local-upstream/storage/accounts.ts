import { createHash, randomUUID } from 'node:crypto';
import { nowIso, parseJson, toBool, toJson, type Store } from './db.ts';

export interface Organization {
  id: string;
  name: string;
}
export interface User {
  id: number;
  uuid: string;
  distinct_id: string;
  email: string;
  first_name: string;
  last_name: string;
  is_email_verified: boolean;
  /** Free-form JSON the user saved for their avatar; null when never set. */
  hedgehog_config: unknown;
  role_at_organization: string | null;
}
export interface ApiKeyOwner {
  user: User;
  scopes: string[];
}

/** Keys are stored hashed, as the real service does (`sha256$<hex>`). */
const hashKey = (key: string): string => `sha256$${createHash('sha256').update(key).digest('hex')}`;

const USER_COLUMNS = 'id, uuid, distinct_id, email, first_name, last_name, is_email_verified, hedgehog_config, role_at_organization';

function toUser(row: Record<string, unknown>): User {
  return {
    id: Number(row.id),
    uuid: String(row.uuid),
    distinct_id: String(row.distinct_id),
    email: String(row.email),
    first_name: String(row.first_name),
    last_name: String(row.last_name),
    is_email_verified: toBool(row.is_email_verified),
    hedgehog_config: parseJson(row.hedgehog_config, null),
    role_at_organization: typeof row.role_at_organization === 'string' ? row.role_at_organization : null,
  };
}

export function getOrganization(store: Store, id: string): Organization | undefined {
  return store.get<Organization>('SELECT id, name FROM organizations WHERE id = $id', { id });
}

export function upsertOrganization(store: Store, id: string, name: string): void {
  store.run(
    `INSERT INTO organizations (id, name, created_at) VALUES ($id, $name, $now)
     ON CONFLICT(id) DO UPDATE SET name = excluded.name`,
    { id, name, now: nowIso() },
  );
}

export function getUser(store: Store, id: number): User | undefined {
  const row = store.get(`SELECT ${USER_COLUMNS} FROM users WHERE id = $id`, { id });
  return row ? toUser(row) : undefined;
}

export function getUserByEmail(store: Store, email: string): User | undefined {
  const row = store.get(`SELECT ${USER_COLUMNS} FROM users WHERE email = $email`, { email });
  return row ? toUser(row) : undefined;
}

export function upsertUser(store: Store, input: { email: string; first_name: string; last_name: string; distinct_id?: string }): User {
  const existing = getUserByEmail(store, input.email);
  if (existing) {
    store.run('UPDATE users SET first_name = $first, last_name = $last WHERE id = $id', { first: input.first_name, last: input.last_name, id: existing.id });
    return { ...existing, first_name: input.first_name, last_name: input.last_name };
  }
  const uuid = randomUUID();
  const { id } = store.run(
    `INSERT INTO users (uuid, distinct_id, email, first_name, last_name, created_at)
     VALUES ($uuid, $distinct, $email, $first, $last, $now)`,
    { uuid, distinct: input.distinct_id ?? uuid, email: input.email, first: input.first_name, last: input.last_name, now: nowIso() },
  );
  return getUser(store, id)!;
}

/** The profile settings embedded users show; the seed sets them (no route here changes a user). */
export function setUserProfile(store: Store, userId: number, profile: { role_at_organization: string | null; hedgehog_config: unknown }): void {
  store.run('UPDATE users SET role_at_organization = $role, hedgehog_config = $hedgehog WHERE id = $id', {
    id: userId,
    role: profile.role_at_organization,
    hedgehog: profile.hedgehog_config === null ? null : toJson(profile.hedgehog_config),
  });
}

export function upsertMembership(store: Store, userId: number, organizationId: string, level: number): void {
  store.run(
    `INSERT INTO memberships (user_id, organization_id, level, joined_at) VALUES ($user, $org, $level, $now)
     ON CONFLICT(user_id, organization_id) DO UPDATE SET level = excluded.level`,
    { user: userId, org: organizationId, level, now: nowIso() },
  );
}

/** The user's membership level in an organization, or undefined when not a member. */
export function membershipLevel(store: Store, userId: number, organizationId: string): number | undefined {
  const row = store.get<{ level: number }>('SELECT level FROM memberships WHERE user_id = $user AND organization_id = $org', {
    user: userId,
    org: organizationId,
  });
  return row?.level;
}

/** The user's organizations, first joined first: the first one is their current organization. */
export function userOrganizationIds(store: Store, userId: number): string[] {
  return store
    .all<{ organization_id: string }>('SELECT organization_id FROM memberships WHERE user_id = $user ORDER BY joined_at, rowid', { user: userId })
    .map((row) => row.organization_id);
}

/** The service's `mask_key_value`: the first and last four characters, or all masked for a short key. */
const maskKey = (key: string): string => (key.length < 16 ? '********' : `${key.slice(0, 4)}...${key.slice(-4)}`);

export function upsertApiKey(store: Store, userId: number, key: string, scopes: string[], label = ''): void {
  store.run(
    `INSERT INTO api_keys (user_id, key_hash, scopes, label, mask_value, created_at) VALUES ($user, $hash, $scopes, $label, $mask, $now)
     ON CONFLICT(key_hash) DO UPDATE SET user_id = excluded.user_id, scopes = excluded.scopes, label = excluded.label,
       mask_value = excluded.mask_value`,
    { user: userId, hash: hashKey(key), scopes: toJson(scopes), label, mask: maskKey(key), now: nowIso() },
  );
}

export interface ApiKeyRow {
  id: number;
  user_id: number;
  label: string;
  mask_value: string | null;
  scopes: string[];
  created_at: string;
  last_used_at: string | null;
}

/** The stored record of a personal API key, by its value. */
export function getApiKey(store: Store, key: string): ApiKeyRow | undefined {
  const row = store.get('SELECT id, user_id, label, mask_value, scopes, created_at, last_used_at FROM api_keys WHERE key_hash = $hash', {
    hash: hashKey(key),
  });
  if (!row) return undefined;
  return {
    id: Number(row.id),
    user_id: Number(row.user_id),
    label: String(row.label),
    mask_value: typeof row.mask_value === 'string' ? row.mask_value : null,
    scopes: parseJson<string[]>(row.scopes, ['*']),
    created_at: String(row.created_at),
    last_used_at: typeof row.last_used_at === 'string' ? row.last_used_at : null,
  };
}

/** Ids of a user's personal API keys. */
export function userApiKeyIds(store: Store, userId: number): number[] {
  return store.all<{ id: number }>('SELECT id FROM api_keys WHERE user_id = $user', { user: userId }).map((row) => Number(row.id));
}

/** Deletes a personal API key (as its owner would in the real service's settings); true when it existed. */
export function deleteApiKey(store: Store, key: string): boolean {
  const existed = store.get('SELECT 1 AS found FROM api_keys WHERE key_hash = $hash', { hash: hashKey(key) }) !== undefined;
  store.run('DELETE FROM api_keys WHERE key_hash = $hash', { hash: hashKey(key) });
  return existed;
}

/** The service records a key's use at most once an hour (`PersonalAPIKeyAuthentication`). */
const LAST_USED_PRECISION_MS = 3_600_000;

export function findApiKeyOwner(store: Store, key: string): ApiKeyOwner | undefined {
  const row = store.get(
    `SELECT u.id, u.uuid, u.distinct_id, u.email, u.first_name, u.last_name, u.is_email_verified, u.hedgehog_config,
       u.role_at_organization, k.scopes, k.id AS key_id, k.last_used_at
     FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.key_hash = $hash`,
    { hash: hashKey(key) },
  );
  if (!row) return undefined;
  const lastUsed = typeof row.last_used_at === 'string' ? Date.parse(row.last_used_at) : Number.NaN;
  if (!(Date.now() - lastUsed < LAST_USED_PRECISION_MS)) {
    store.run('UPDATE api_keys SET last_used_at = $now WHERE id = $id', { id: Number(row.key_id), now: nowIso() });
  }
  return { user: toUser(row), scopes: parseJson<string[]>(row.scopes, ['*']) };
}

/** The organization's most senior member (first joined among equals), who "created" seeded objects. */
export function seniorMemberId(store: Store, organizationId: string): number | null {
  const row = store.get<{ user_id: number }>('SELECT user_id FROM memberships WHERE organization_id = $org ORDER BY level DESC, joined_at LIMIT 1', {
    org: organizationId,
  });
  return row?.user_id ?? null;
}

export function organizationIds(store: Store): string[] {
  return store.all<{ id: string }>('SELECT id FROM organizations').map((row) => row.id);
}
