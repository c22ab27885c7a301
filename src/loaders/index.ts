// One set of loaders per GraphQL request, bound to that request's client (and token):
// nothing cached here outlives the request or crosses callers.
// Each domain adds one line below.
import type { UpstreamClient } from '../upstream-client/http.ts';
import { createProjectLoaders } from './projects.ts';
import { createFeatureFlagLoaders } from './feature-flags.ts';
import { createRoleAccessLoaders } from './role-access.ts';
import { createPluginLoaders } from './plugins.ts';

/** All loaders of one request, bound to its client (see the domain files for what each batches). */
export function createLoaders(client: UpstreamClient) {
  return {
    ...createProjectLoaders(client),
    ...createFeatureFlagLoaders(client),
    ...createRoleAccessLoaders(client),
    ...createPluginLoaders(client),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
