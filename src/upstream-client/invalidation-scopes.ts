// Which cached reads a write can have changed (docs/caching-and-quota.md, "Read your writes").
// Every cached read depends on the generation counters of a few resource scopes, taken from its
// path; a write bumps the counters of every scope it can have changed, and an entry whose
// counters moved is never served again, whichever key it belongs to. A scope is cut finer only
// where the REST interface makes the reach sure (a write to one flag changes that flag and its
// project's lists); elsewhere it stays coarse: an over-invalidated entry costs one upstream read,
// an under-invalidated one a stale answer.

/** Bumped by writes whose reach the path cannot tell: every cached read depends on it. */
const EVERYTHING = 'all';
/** Reads outside a project or organization: the projects list, the caller (`/api/users/@me/`). */
const ACCOUNT = 'account';
/** Every project's reads: bumped by organization writes that can reach into projects (copy_flags). */
const ALL_PROJECTS = 'projects';
/** Bumped by every project write: organization reads that aggregate projects (org-level flag views) depend on it. */
const ANY_PROJECT_WRITE = 'project-writes';

const PROJECT_PATH = /^\/api\/(?:projects|environments)\/(\d+)\//;
/** A path about one flag: the flag, its role access, its actions (`/feature_flags/7/`, `/feature_flags/7/role_access/`...). */
const FLAG_PATH = /^\/api\/(?:projects|environments)\/(\d+)\/feature_flags\/(\d+)\/(role_access\/)?/;
/** The flag itself or its role access: reads that show nothing of the project's other flags. */
const flagAlone = (match: RegExpExecArray, path: string): boolean => match[3] !== undefined || path.length === match[0].length || path[match[0].length] === '?';
const ORGANIZATION_PATH = /^\/api\/organizations\/([^/?]+)\//;
const PROJECT_ITSELF = /^\/api\/(?:projects|environments)\/\d+\/(?:\?|$)/;
const PROJECTS_LIST = /^\/api\/(?:projects|environments)\/(?:\?|$)/;

export const projectScope = (projectId: number | string): string => `project:${projectId}`;
/** A project's lists and counts (its flags page, its flag count): every write in the project can change them. */
const projectListsScope = (projectId: string): string => `project-lists:${projectId}`;
const flagScope = (projectId: string, flagId: string): string => `flag:${projectId}:${flagId}`;

/** The scopes a GET of `path` depends on. */
export function readScopes(path: string): string[] {
  const flag = FLAG_PATH.exec(path);
  if (flag) {
    const scopes = [EVERYTHING, ALL_PROJECTS, projectScope(flag[1]!), flagScope(flag[1]!, flag[2]!)];
    // A flag's other views (status, dependent flags...) read the project's other flags too.
    return flagAlone(flag, path) ? scopes : [...scopes, projectListsScope(flag[1]!)];
  }
  const project = PROJECT_PATH.exec(path);
  if (project) {
    const scopes = [EVERYTHING, ALL_PROJECTS, projectScope(project[1]!)];
    // The project's own record shows none of its flags; its other reads are lists and counts.
    return PROJECT_ITSELF.test(path) ? scopes : [...scopes, projectListsScope(project[1]!)];
  }
  const organization = ORGANIZATION_PATH.exec(path);
  if (organization) return [EVERYTHING, ANY_PROJECT_WRITE, `organization:${organization[1]}`];
  return [EVERYTHING, ACCOUNT];
}

/** The scopes a write (POST, PATCH, DELETE) to `path` can have changed. */
export function writeScopes(path: string): string[] {
  // A write to one flag (its fields, role access, an action) changes that flag and the project's lists, not the other flags.
  const flag = FLAG_PATH.exec(path);
  if (flag) return [flagScope(flag[1]!, flag[2]!), projectListsScope(flag[1]!), ANY_PROJECT_WRITE];
  const project = PROJECT_PATH.exec(path);
  if (project) {
    const scopes = [projectScope(project[1]!), ANY_PROJECT_WRITE];
    // The project itself (rename, delete) also shows in the projects list.
    return PROJECT_ITSELF.test(path) ? [...scopes, ACCOUNT] : scopes;
  }
  const organization = ORGANIZATION_PATH.exec(path);
  if (organization) return [`organization:${organization[1]}`, ALL_PROJECTS, ACCOUNT];
  if (PROJECTS_LIST.test(path)) return [ACCOUNT, ANY_PROJECT_WRITE];
  return [EVERYTHING];
}

/** The scopes a change seen in a project's activity log (live updates' feed) can have changed. */
export function projectChangeScopes(projectId: number): string[] {
  return [projectScope(projectId), ANY_PROJECT_WRITE];
}
