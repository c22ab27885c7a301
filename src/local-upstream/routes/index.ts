import type { PublicRoute, Route } from '../http/router.ts';
import { flagEvaluationRoutes } from './flag-evaluation.ts';
import { flagRoutes } from './flags.ts';
import { projectRoutes } from './projects.ts';
import { sdkPublicRoutes, sdkRoutes } from './sdk.ts';

/** Every authenticated operation of the interface, plus the SDK polling paths. */
export const allRoutes: Route[] = [
  ...projectRoutes,
  ...flagRoutes,
  ...flagEvaluationRoutes,
  ...sdkRoutes,
];

/** SDK side traffic that carries no personal key (event capture, remote evaluation). */
export const publicRoutes: PublicRoute[] = [...sdkPublicRoutes];
