import { getUser, type User } from '../storage/accounts.ts';
import type { Store } from '../storage/db.ts';
import type { FlagRow } from '../storage/flags.ts';
import { getCohortName } from '../storage/people.ts';

export interface UserBasic {
  id: number;
  uuid: string;
  distinct_id: string;
  first_name: string;
  last_name: string;
  email: string;
  is_email_verified: boolean;
}

function userBasic(user: User): UserBasic {
  return {
    id: user.id,
    uuid: user.uuid,
    distinct_id: user.distinct_id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    is_email_verified: user.is_email_verified,
  };
}

/**
 * Per-request memo of the records serializers embed (users by id, cohort names), so a page of flags by the
 * same author reads the user once; it also knows whether the caller may edit a flag (`can_edit`).
 */
export class Directory {
  private readonly store: Store;
  private readonly cache = new Map<number, UserBasic | null>();
  private readonly cohortNames = new Map<string, string | null>();
  readonly canEdit: (flag: FlagRow) => boolean;

  constructor(store: Store, canEdit: (flag: FlagRow) => boolean = () => true) {
    this.store = store;
    this.canEdit = canEdit;
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
