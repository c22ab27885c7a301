// Input ids of the flag domain: "a global id, or a numeric id plus its parent's id".
import { badUserInput } from '../../errors.ts';
import { fromGlobalIdOf, parseIntId, toGlobalId, toPositiveInt } from '../../relay/global-id.ts';
import type { FlagRef } from '../../loaders/feature-flags.ts';
import type { ProjectFlag } from '../../upstream-client/feature-flags.ts';

const NUMERIC = /^[0-9]+$/;

export function flagGlobalId(flag: ProjectFlag): string {
  return toGlobalId('FeatureFlag', flag.projectId, flag.record.id);
}

/**
 * A flag named by its global id (which carries the project), or by its numeric id plus
 * `projectId` (global or numeric). A `projectId` that contradicts the global id is refused.
 */
export function parseFlagRef(id: string, projectId: string | number | null | undefined, argument = 'id'): FlagRef {
  const text = String(id).trim();
  if (NUMERIC.test(text)) {
    if (projectId == null) throw badUserInput(`"${argument}" is a numeric flag id: give the flag's global id, or also its "projectId".`, { argument });
    return { projectId: parseIntId('Project', projectId), id: toPositiveInt(text, 'FeatureFlag') };
  }
  const [project = '', flag = ''] = fromGlobalIdOf('FeatureFlag', text, 2, 'its numeric id with the project id');
  const ref = { projectId: toPositiveInt(project, 'Project'), id: toPositiveInt(flag, 'FeatureFlag') };
  if (projectId != null && parseIntId('Project', projectId) !== ref.projectId) {
    throw badUserInput(`The flag "${text}" belongs to project ${ref.projectId}, not to project ${String(projectId)}.`, { argument });
  }
  return ref;
}

/** A JSON argument that must be an object (e.g. `groups`, `condition`). */
export function jsonObject(value: unknown, argument: string): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw badUserInput(`"${argument}" must be a JSON object.`, { argument });
  return value as Record<string, unknown>;
}
