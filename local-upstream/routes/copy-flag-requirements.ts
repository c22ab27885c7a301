import { ok, type ApiResponse } from '../http/request.ts';
import type { Route, RouteContext } from '../http/router.ts';
import { organizationOf } from './common.ts';
import { DependencyCopyRefused, dependencyGraph, dependencyPlan, liveFlagsByKey, type DependencyGraph } from './copy-flag-dependencies.ts';
import { sourceFlag, targetProject, targetsRequest } from './copy-flag-request.ts';

/**
 * `copy_flags/dependency_requirements`: what `copy_flags` with `copy_dependencies` would do for these targets, written
 * nowhere (OrganizationFeatureFlagView.copy_flags_dependency_requirements in PostHog's
 * products/feature_flags/backend/api/organization_feature_flag.py; docs/rest-interface.md, "Copying flags across projects").
 */

const PROJECT_NOT_FOUND = 'Project not found.';

interface Requirements {
  can_copy_dependencies: boolean;
  dependency_count: number;
  copied_dependency_keys: string[];
  reused_dependency_keys: string[];
  warnings: string[];
  reason: string;
}

function unavailable(reason: string): Requirements {
  return { can_copy_dependencies: false, dependency_count: 0, copied_dependency_keys: [], reused_dependency_keys: [], warnings: [reason], reason };
}

/** Keys copied for any target; keys reused only when every target reuses them (none once a target is unreachable). */
function requirements(ctx: RouteContext, organizationId: string, graph: DependencyGraph, targets: number[]): Requirements {
  const keys = graph.flags.map((flag) => flag.key);
  if (keys.length === 0) return { ...unavailable("This feature flag doesn't have dependencies to copy."), warnings: [] };
  const copied = new Set<string>();
  let reused: Set<string> | null = null;
  const warnings: string[] = [];
  let unreachable = false;
  for (const targetId of targets) {
    const target = targetProject(ctx, organizationId, targetId);
    if (!target) {
      unreachable = true;
      warnings.push(PROJECT_NOT_FOUND);
      reused = new Set();
      continue;
    }
    const plan = dependencyPlan(graph, liveFlagsByKey(ctx.store, target.id));
    plan.copy.forEach((key) => copied.add(key));
    warnings.push(...plan.warnings);
    reused = reused === null ? plan.reuse : new Set([...reused].filter((key) => plan.reuse.has(key)));
  }
  const unique = [...new Set(warnings)];
  const base = { dependency_count: keys.length, warnings: unique };
  if (unreachable) return { ...base, can_copy_dependencies: false, copied_dependency_keys: [], reused_dependency_keys: [], reason: PROJECT_NOT_FOUND };
  const copiedKeys = keys.filter((key) => copied.has(key));
  const reusedKeys = keys.filter((key) => reused?.has(key) && !copied.has(key));
  return {
    ...base,
    can_copy_dependencies: copiedKeys.length > 0,
    copied_dependency_keys: copiedKeys,
    reused_dependency_keys: reusedKeys,
    reason: reason(copiedKeys, unique),
  };
}

function reason(copiedKeys: string[], warnings: string[]): string {
  if (copiedKeys.length > 0) {
    const count = `${copiedKeys.length} dependency flag${copiedKeys.length === 1 ? '' : 's'} can be copied.`;
    return warnings.length > 0 ? `${count} Some dependencies will be left unchanged.` : count;
  }
  return warnings[0] ?? "No dependency flags need to be copied because existing active target flags satisfy this flag's dependencies.";
}

function dependencyRequirements(ctx: RouteContext): ApiResponse {
  const { organization } = organizationOf(ctx, 'feature_flag:write');
  const request = targetsRequest(ctx.req.body());
  const { flag } = sourceFlag(ctx, organization.id, request);
  let graph: DependencyGraph;
  try {
    graph = dependencyGraph(ctx.store, flag);
  } catch (error) {
    if (error instanceof DependencyCopyRefused) return ok(unavailable(error.message));
    throw error;
  }
  return ok(requirements(ctx, organization.id, graph, request.targets));
}

export const copyRequirementsRoutes: Route[] = [
  { method: 'POST', path: '/api/organizations/:org/feature_flags/copy_flags/dependency_requirements', handler: dependencyRequirements },
];
