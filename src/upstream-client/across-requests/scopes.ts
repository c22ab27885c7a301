// Which kept reads a write can have changed (docs/caching-and-quota.md, "Which write invalidates
// what"). Every kept read depends on the generation counters of a few scopes, named by its
// endpoint's policy (rest-policy.ts); a write bumps the counters of the scopes it can have changed,
// and an entry whose counters moved is never served again, whichever key it belongs to. Scopes are
// per project and per organization, so one tenant's writes reach only its own organization's reads.
// A project's organization is learned from records already read (`RecordFacts`); a write to a project
// whose organization no record has shown yet reaches every organization's aggregate reads
// (`UNKNOWN_ORGANIZATION`): over-invalidating costs one upstream read, under-invalidating a stale answer.
import { LRUCache } from 'lru-cache';
import { isObject } from '../transport/record-shapes.ts';

/** Bumped only by a write without a policy (none today): every kept read depends on it. */
export const EVERYTHING = 'all';
/** Bumped by every organization-level write: reads whose organization is not known yet depend on it. */
const ANY_ORGANIZATION = 'org:*';
/** Bumped by a write to a project of unknown organization: every organization-level read depends on it. */
const UNKNOWN_ORGANIZATION = 'org:?';
/** Bumped by a write to a global plugin (or one not known to be local): every organization's plugin reads show it. */
const GLOBAL_PLUGINS = 'plugins:global';

const projectScope = (projectId: string | number): string => `project:${projectId}`;
/** A project's lists and counts (its flags page): every write in the project can change them. */
const projectListsScope = (projectId: string | number): string => `project-lists:${projectId}`;
const flagScope = (projectId: string | number, flagId: string | number): string => `flag:${projectId}:${flagId}`;
/** An organization's reads that show its projects and their flags (its record, its projects, flags by key). */
const organizationScope = (orgId: string): string => `org:${orgId}`;
const pluginsScope = (orgId: string): string => `plugins:${orgId}`;
/** All of one key's kept reads: bumped when the upstream refuses the key (401). */
export const keyScope = (keyHash: string): string => `key:${keyHash}`;

/** The scopes reads depend on. */
export const readsOf = {
  /** The project's own record: none of its flags. */
  project: (projectId: string | number): string[] => [EVERYTHING, projectScope(projectId)],
  /** The project's lists and counts, and views reading many of its flags. */
  projectLists: (projectId: string | number): string[] => [EVERYTHING, projectScope(projectId), projectListsScope(projectId)],
  /** One flag, its role access. */
  flag: (projectId: string | number, flagId: string | number): string[] => [EVERYTHING, projectScope(projectId), flagScope(projectId, flagId)],
  organization: (orgId: string): string[] => [EVERYTHING, organizationScope(orgId), UNKNOWN_ORGANIZATION],
  /** The caller's own organization's (the projects list, the viewer): per organization once a record named it. */
  keyOrganization: (facts: RecordFacts, keyHash: string): string[] => {
    const orgId = facts.organizationOfKey(keyHash);
    return orgId === undefined ? [EVERYTHING, ANY_ORGANIZATION] : readsOf.organization(orgId);
  },
  /** An organization's plugins, global plugins of other organizations included. */
  plugins: (orgId: string): string[] => [EVERYTHING, pluginsScope(orgId), GLOBAL_PLUGINS],
};

/** The scopes writes can have changed. */
export const changesOf = {
  /** A flag's fields, role access or actions: that flag, its project's lists, its organization's views. */
  flag: (facts: RecordFacts, projectId: string | number, flagId: string | number): string[] => [
    flagScope(projectId, flagId),
    projectListsScope(projectId),
    ...changesOf.organization(facts.organizationOfProject(Number(projectId))),
  ],
  /** Anything else in a project (a flag created, the project itself): every read of the project. */
  project: (facts: RecordFacts, projectId: string | number, orgId?: string): string[] => [
    projectScope(projectId),
    ...changesOf.organization(orgId ?? facts.organizationOfProject(Number(projectId))),
  ],
  /** An organization's aggregate reads; those of every organization when the organization is not known. */
  organization: (orgId: string | undefined): string[] =>
    orgId === undefined ? [UNKNOWN_ORGANIZATION, ANY_ORGANIZATION] : [organizationScope(orgId), ANY_ORGANIZATION],
  /**
   * A plugin (`pluginId` undefined: one created): its organization's plugin reads, and every
   * organization's unless it was local before the write (a record read said so) and still is.
   */
  plugin: (facts: RecordFacts, orgId: string, pluginId: number | undefined, answer: unknown): string[] => {
    const wasLocal = pluginId === undefined || facts.pluginIsLocal(pluginId);
    const local = wasLocal && (pluginId === undefined ? globalFlag(answer) === false : globalFlag(answer) !== true);
    return local ? [pluginsScope(orgId)] : [pluginsScope(orgId), GLOBAL_PLUGINS];
  },
};

/** The scopes a change seen in a project's activity log (live updates' feed) can have changed. */
export function projectChangeScopes(facts: RecordFacts, projectId: number): string[] {
  return changesOf.project(facts, projectId);
}

/** Facts kept of each kind (lru-cache allocates the slots up front, ~24 bytes each): the projects, keys and plugins in recent use. */
const MAX_FACTS = 10_000;

/**
 * What records read so far say about others, for the scopes of later writes: a project's organization,
 * a key's current organization, whether a plugin is local. Facts only narrow invalidation; a missing
 * one widens it (bounded LRUs: memory stays bounded whatever the upstream answers).
 */
export class RecordFacts {
  readonly #projectOrganizations = new LRUCache<number, string>({ max: MAX_FACTS });
  readonly #keyOrganizations = new LRUCache<string, string>({ max: MAX_FACTS });
  readonly #localPlugins = new LRUCache<number, boolean>({ max: MAX_FACTS });

  organizationOfProject(projectId: number): string | undefined {
    return this.#projectOrganizations.get(projectId);
  }

  organizationOfKey(keyHash: string): string | undefined {
    return this.#keyOrganizations.get(keyHash);
  }

  pluginIsLocal(pluginId: number): boolean {
    return this.#localPlugins.get(pluginId) === true;
  }

  /** Project records (full, list items, or an organization's `{id, organization_id}` items). */
  learnProjects(records: unknown, orgId?: string): void {
    for (const record of recordsOf(records)) {
      const owner = typeof record.organization === 'string' ? record.organization : typeof record.organization_id === 'string' ? record.organization_id : orgId;
      if (typeof record.id === 'number' && owner !== undefined) this.#projectOrganizations.set(record.id, owner);
    }
  }

  /** The key's current organization (the viewer's `organization`, the organization of its projects list). */
  learnKeyOrganization(keyHash: string, orgId: unknown): void {
    if (typeof orgId === 'string') this.#keyOrganizations.set(keyHash, orgId);
  }

  learnPlugins(records: unknown): void {
    for (const record of recordsOf(records)) {
      if (typeof record.id === 'number' && typeof record.is_global === 'boolean') this.#localPlugins.set(record.id, !record.is_global);
    }
  }
}

/** The records of an answer: a page's `results`, a plain array, or one record. */
export function recordsOf(answer: unknown): Record<string, unknown>[] {
  const list = Array.isArray(answer) ? answer : isObject(answer) && Array.isArray(answer.results) ? answer.results : [answer];
  return list.filter(isObject);
}

/** The `is_global` of a plugin record; undefined when the write got no record. */
const globalFlag = (answer: unknown): boolean | undefined => (isObject(answer) && typeof answer.is_global === 'boolean' ? answer.is_global : undefined);
