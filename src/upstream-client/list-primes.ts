// Answers a list already holds: each record of a project's flags page is the very record its own
// GET (`/api/projects/{p}/feature_flags/{id}/`) answers (the service serializes both alike; the
// per-request loaders prime their lookups from pages for the same reason, src/loaders/feature-flag.ts).
// The read cache keeps them as that key's entries, so a flag's detail opened from its list costs no
// call (docs/caching-and-quota.md, "The read cache").

const FLAG_LIST = '/api/projects/{project_id}/feature_flags/';
const PROJECT_OF_LIST = /^\/api\/projects\/(\d+)\/feature_flags\/(?:\?|$)/;

/** The detail entries a GET answer of `route` at `path` holds: each record with an id, under its own path. */
export function primedEntries(route: string, path: string, answer: unknown): Array<{ path: string; value: unknown }> {
  if (route !== FLAG_LIST) return [];
  const project = PROJECT_OF_LIST.exec(path)?.[1];
  const results = (answer as { results?: unknown } | null)?.results;
  if (project === undefined || !Array.isArray(results)) return [];
  const entries: Array<{ path: string; value: unknown }> = [];
  for (const record of results) {
    const id = (record as { id?: unknown } | null)?.id;
    if (typeof id === 'number' && Number.isSafeInteger(id)) entries.push({ path: `/api/projects/${project}/feature_flags/${id}/`, value: record });
  }
  return entries;
}
