// Which cached reads a write can have changed (docs/caching-and-quota.md, "Read your writes").
// Every cached read depends on the generation counters of a few resource scopes, taken from its
// path; a write bumps the counters of every scope it can have changed, and an entry whose
// counters moved is never served again, whichever key it belongs to. The scopes are coarse on
// purpose: an over-invalidated entry costs one upstream read, an under-invalidated one a stale answer.

/** Bumped by writes whose reach the path cannot tell: every cached read depends on it. */
const EVERYTHING = 'all';
/** Reads outside a project or organization: the projects list, the caller (`/api/users/@me/`). */
const ACCOUNT = 'account';
/** Every project's reads: bumped by organization writes that can reach into projects (copy_flags). */
const ALL_PROJECTS = 'projects';
/** Bumped by every project write: organization reads that aggregate projects (org-level flag views) depend on it. */
const ANY_PROJECT_WRITE = 'project-writes';

const PROJECT_PATH = /^\/api\/(?:projects|environments)\/(\d+)\//;
const ORGANIZATION_PATH = /^\/api\/organizations\/([^/?]+)\//;
const PROJECT_ITSELF = /^\/api\/(?:projects|environments)\/\d+\/(?:\?|$)/;
const PROJECTS_LIST = /^\/api\/(?:projects|environments)\/(?:\?|$)/;

export const projectScope = (projectId: number | string): string => `project:${projectId}`;

/** The scopes a GET of `path` depends on. */
export function readScopes(path: string): string[] {
  const project = PROJECT_PATH.exec(path);
  if (project) return [EVERYTHING, ALL_PROJECTS, projectScope(project[1]!)];
  const organization = ORGANIZATION_PATH.exec(path);
  if (organization) return [EVERYTHING, ANY_PROJECT_WRITE, `organization:${organization[1]}`];
  return [EVERYTHING, ACCOUNT];
}

/** The scopes a write (POST, PATCH, DELETE) to `path` can have changed. */
export function writeScopes(path: string): string[] {
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
