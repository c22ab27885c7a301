// The loaders of one GraphQL request, one object per domain, each over its own cache
// (docs/architecture.md, "Loaders"). They are bound to that request's client (and token):
// nothing cached here outlives the request or crosses callers. Each domain adds one getter below.
//
// A domain's loader is built on first use: most operations touch one or two domains, and the
// loaders are built per request (docs/performance.md).
import type { UpstreamClient } from '../upstream-client/client/http.ts';
import type { DomainCache } from './domain-cache.ts';
import { createFeatureFlagLoader, type FeatureFlagLoader } from './feature-flag.ts';
import { createOrganizationLoader, type OrganizationLoader } from './organization.ts';
import { createPluginLoader, type PluginLoader } from './plugin.ts';
import { createProjectLoader, type ProjectLoader } from './project.ts';
import { createRoleAccessLoader, type RoleAccessLoader } from './role-access.ts';
import { createUserLoader, type UserLoader } from './user.ts';

/** All domain loaders of one request. Any write the request sends drops every domain's reads. */
export class Loaders {
  readonly #client: UpstreamClient;
  readonly #built: { cache: DomainCache }[] = [];
  #project?: ProjectLoader;
  #featureFlag?: FeatureFlagLoader;
  #roleAccess?: RoleAccessLoader;
  #plugin?: PluginLoader;
  #organization?: OrganizationLoader;
  #user?: UserLoader;

  constructor(client: UpstreamClient) {
    this.#client = client;
    client.onWrite(() => {
      for (const domain of this.#built) domain.cache.forgetReads();
    });
  }

  get project(): ProjectLoader {
    return (this.#project ??= this.#track(createProjectLoader(this.#client)));
  }
  get featureFlag(): FeatureFlagLoader {
    return (this.#featureFlag ??= this.#track(createFeatureFlagLoader(this.#client)));
  }
  get roleAccess(): RoleAccessLoader {
    return (this.#roleAccess ??= this.#track(createRoleAccessLoader(this.#client)));
  }
  get plugin(): PluginLoader {
    return (this.#plugin ??= this.#track(createPluginLoader(this.#client)));
  }
  get organization(): OrganizationLoader {
    return (this.#organization ??= this.#track(createOrganizationLoader(this.#client)));
  }
  get user(): UserLoader {
    return (this.#user ??= this.#track(createUserLoader(this.#client)));
  }

  /**
   * Drops every domain loader and what its cache holds, once the request's answer is sent. Nothing
   * reads them any more, but V8 can keep a finished request's objects alive through young-generation
   * collections while anything still points at them, and promote them all (docs/performance.md,
   * "What survives a scavenge"). A field that still runs (a caller gone mid-operation) starts afresh.
   */
  release(): void {
    for (const domain of this.#built) domain.cache.clear();
    this.#built.length = 0;
    this.#project = this.#featureFlag = this.#roleAccess = this.#plugin = this.#organization = this.#user = undefined;
  }

  #track<T extends { cache: DomainCache }>(loader: T): T {
    this.#built.push(loader);
    return loader;
  }
}

export function createLoaders(client: UpstreamClient): Loaders {
  return new Loaders(client);
}
