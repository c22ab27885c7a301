import { getUser, type User } from '../storage/accounts.ts';
import type { Store } from '../storage/db.ts';
import type { FlagRow } from '../storage/flags.ts';
import { getCohortName, getGroupProperties } from '../storage/people.ts';
import { getProject } from '../storage/projects.ts';
import { isDict } from '../python-format.ts';

export interface UserBasic {
  id: number;
  uuid: string;
  distinct_id: string;
  first_name: string;
  last_name: string;
  email: string;
  is_email_verified: boolean;
  hedgehog_config: HedgehogConfig | null;
  role_at_organization: string | null;
}

interface HedgehogConfig {
  use_as_profile: unknown;
  color: unknown;
  accessories: unknown;
  skin: unknown;
}

const pick = (object: Record<string, unknown>, key: string): unknown => object[key] ?? null;

/**
 * The service's `get_hedgehog_config`: the four avatar settings of a saved config (version 2 keeps three of them
 * under `actor_options`), null when none is saved or the stored value is not an object.
 */
function hedgehogConfig(config: unknown): HedgehogConfig | null {
  if (!isDict(config) || Object.keys(config).length === 0) return null;
  const actor = config.version === 2 ? (isDict(config.actor_options) ? config.actor_options : {}) : config;
  return { use_as_profile: pick(config, 'use_as_profile'), color: pick(actor, 'color'), accessories: pick(actor, 'accessories'), skin: pick(actor, 'skin') };
}

/** `UserBasicSerializer`, embedded wherever a record names a user. */
export function userBasic(user: User): UserBasic {
  return {
    id: user.id,
    uuid: user.uuid,
    distinct_id: user.distinct_id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    is_email_verified: user.is_email_verified,
    hedgehog_config: hedgehogConfig(user.hedgehog_config),
    role_at_organization: user.role_at_organization,
  };
}

/** The caller's access level to a flag, as the service's access control names it. */
export type AccessLevel = 'manager' | 'editor' | 'viewer';

/**
 * Per-request memo of the records serializers embed (users by id, cohort names), so a page of flags by the
 * same author reads the user once; it also knows whether the caller may edit a flag (`can_edit`).
 */
export class Directory {
  private readonly store: Store;
  private readonly cache = new Map<number, UserBasic | null>();
  private readonly cohortNames = new Map<string, string | null>();
  private readonly replayLinks = new Map<number, number | null>();
  readonly canEdit: (flag: FlagRow) => boolean;
  readonly accessLevel: (flag: FlagRow) => AccessLevel;

  constructor(store: Store, canEdit: (flag: FlagRow) => boolean = () => true, accessLevel?: (flag: FlagRow) => AccessLevel) {
    this.store = store;
    this.canEdit = canEdit;
    this.accessLevel = accessLevel ?? ((flag) => (canEdit(flag) ? 'editor' : 'viewer'));
  }

  basic(id: number | null): UserBasic | null {
    if (id === null) return null;
    let user = this.cache.get(id);
    if (user === undefined) {
      const row = getUser(this.store, id);
      user = row ? userBasic(row) : null;
      this.cache.set(id, user);
    }
    return user;
  }

  /** The id of the flag a project's session recordings are gated on (`session_recording_linked_flag`), if any. */
  replayLinkedFlagId(projectId: number): number | null {
    let id = this.replayLinks.get(projectId);
    if (id === undefined) {
      const linked = getProject(this.store, projectId)?.settings.session_recording_linked_flag as { id?: unknown } | null | undefined;
      id = typeof linked?.id === 'number' ? linked.id : null;
      this.replayLinks.set(projectId, id);
    }
    return id;
  }

  /** A group's display name (its `name` property, else its key); null when the project has no such group. */
  groupName(projectId: number, groupTypeIndex: number, key: string): string | null {
    const properties = getGroupProperties(this.store, projectId, groupTypeIndex, key);
    if (!properties) return null;
    return typeof properties.name === 'string' && properties.name ? properties.name : key;
  }

  cohortName(id: unknown): string | null {
    const key = String(id);
    let name = this.cohortNames.get(key);
    if (name === undefined) {
      const cohortId = Number(key);
      name = Number.isInteger(cohortId) ? (getCohortName(this.store, cohortId) ?? null) : null;
      this.cohortNames.set(key, name);
    }
    return name;
  }
}
