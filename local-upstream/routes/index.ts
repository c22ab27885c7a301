import type { PublicRoute, Route } from '../http/router.ts';
import { approvalPolicyRoutes } from './approval-policies.ts';
import { changeRequestRoutes } from './change-requests.ts';
import { flagActionRoutes } from './flag-actions.ts';
import { flagEvaluationRoutes } from './flag-evaluation.ts';
import { flagRoutes } from './flags.ts';
import { orgFlagRoutes } from './org-flags.ts';
import { copyRequirementsRoutes } from './copy-flag-requirements.ts';
import { organizationRoutes } from './organizations.ts';
import { personalApiKeyRoutes } from './personal-api-keys.ts';
import { pluginRoutes } from './plugins.ts';
import { projectRoutes } from './projects.ts';
import { roleAccessRoutes } from './role-access.ts';
import { roleRoutes } from './roles.ts';
import { sdkPublicRoutes, sdkRoutes } from './sdk.ts';
import { userRoutes } from './users.ts';

/** Every authenticated operation of the interface, plus the SDK polling paths. */
export const allRoutes: Route[] = [
  ...projectRoutes,
  ...flagRoutes,
  ...flagEvaluationRoutes,
  ...flagActionRoutes,
  ...roleAccessRoutes,
  ...copyRequirementsRoutes,
  ...orgFlagRoutes,
  ...pluginRoutes,
  ...sdkRoutes,
  ...userRoutes,
  ...organizationRoutes,
  ...roleRoutes,
  ...personalApiKeyRoutes,
  ...approvalPolicyRoutes,
  ...changeRequestRoutes,
];

/** SDK side traffic that carries no personal key (event capture, remote evaluation). */
export const publicRoutes: PublicRoute[] = [...sdkPublicRoutes];
