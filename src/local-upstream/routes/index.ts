import type { PublicRoute, Route } from '../http/router.ts';
import { flagRoutes } from './flags.ts';
import { projectRoutes } from './projects.ts';

/** Every authenticated operation of the interface, plus the SDK polling paths. */
export const allRoutes: Route[] = [
  ...projectRoutes,
  ...flagRoutes,
];

/** SDK side traffic that carries no personal key (event capture). */
export const publicRoutes: PublicRoute[] = [];
