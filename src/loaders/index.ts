// The loaders of one GraphQL request, one object per domain, each over its own cache
// (docs/architecture.md, "Loaders"). They are bound to that request's client (and token):
// nothing cached here outlives the request or crosses callers. Each domain adds one line below.
import type { UpstreamClient } from '../upstream-client/http.ts';
import { createFeatureFlagLoader } from './feature-flag.ts';
import { createPluginLoader } from './plugin.ts';
import { createProjectLoader } from './project.ts';
import { createRoleAccessLoader } from './role-access.ts';

/** All domain loaders of one request. Any write the request sends drops every domain's reads. */
export function createLoaders(client: UpstreamClient) {
  const loaders = {
    project: createProjectLoader(client),
    featureFlag: createFeatureFlagLoader(client),
    roleAccess: createRoleAccessLoader(client),
    plugin: createPluginLoader(client),
  };
  client.onWrite(() => {
    for (const domain of Object.values(loaders)) domain.cache.forgetReads();
  });
  return loaders;
}

export type Loaders = ReturnType<typeof createLoaders>;
