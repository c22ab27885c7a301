// Role access grants are not in the upstream's activity log, so the gateway announces the
// ones it makes itself to the project's subscribers in this process.
import type { GatewayContext } from '../context.ts';
import type { FlagRef } from '../upstream-client/endpoints/feature-flag.ts';
import { hubWithSubscribers } from './live-context.ts';

/** After a successful grant or revocation through this gateway; costs nothing when nobody subscribes to the project. */
export async function announceRoleAccessChange(ctx: GatewayContext, flag: FlagRef, change: { granted: boolean; roleName: string | null }): Promise<void> {
  const hub = hubWithSubscribers(ctx, flag.projectId);
  if (!hub) return;
  const key = await Promise.resolve(ctx.loaders.featureFlag.byId(flag)).then(
    (found) => found.record.key,
    () => null,
  );
  hub.publish({
    projectId: flag.projectId,
    flagId: flag.id,
    key,
    kind: 'ROLE_ACCESS_CHANGED',
    activity: change.granted ? 'role_access_granted' : 'role_access_revoked',
    changedBy: null,
    changedAt: new Date().toISOString(),
    changes: [{ type: 'FeatureFlag', action: change.granted ? 'created' : 'deleted', field: 'role_access', before: null, after: change.roleName }],
    entry: null,
  });
}
