// Plugins of one request (docs/architecture.md, "The domain template"): one GET per distinct
// (organization, plugin), in parallel; list pages and write answers make plugins known.
// Plugins also carry the one organization fact the interface exposes besides its id, its name
// (`organization_name`), which `organizationName` reads from the plugins this request knows.
import type { UpstreamClient } from '../upstream-client/http.ts';
import type { Page, PageArgs } from '../upstream-client/page.ts';
import { getPlugin, listPlugins, OrgPlugin, type PluginRecord, type PluginRef } from '../upstream-client/plugin.ts';
import { DomainCache, reader, fetchEach } from './domain-cache.ts';

/** The page a default `plugins` connection reads: `organizationName` reads the same one. */
export const FIRST_PLUGIN_PAGE: PageArgs = { limit: 100, offset: 0 };

const itemKey = (ref: PluginRef): string => `${ref.orgId}/${ref.id}`;
const pagePrefix = (orgId: string): string => `page:${orgId}|`;

export function createPluginLoader(client: UpstreamClient, cache = new DomainCache()) {
  const prime = (orgId: string, record: PluginRecord): OrgPlugin => cache.set(`item:${itemKey({ orgId, id: record.id })}`, new OrgPlugin(orgId, record));

  const page = (orgId: string, args: PageArgs): Promise<Page<OrgPlugin>> =>
    cache.read(`${pagePrefix(orgId)}${args.offset}|${args.limit}`, () =>
      listPlugins(client, orgId, args).then((result) => ({ ...result, results: result.results.map((record) => prime(orgId, record)) })),
    );

  const knownName = (orgId: string): string | undefined => {
    const id = orgId.toLowerCase();
    const own = cache
      .values<OrgPlugin>('item:')
      .find(({ record }) => record.organization_id?.toLowerCase() === id && typeof record.organization_name === 'string');
    return own?.record.organization_name ?? undefined;
  };

  return {
    cache,

    /** (organization, plugin id) -> plugin; a failed ref rejects with its own UpstreamError. */
    byId: cache.lookup<PluginRef, OrgPlugin>('item:', itemKey, (refs) =>
      fetchEach(client, refs, ({ orgId, id }) => getPlugin(client, orgId, id).then((record) => prime(orgId, record))),
    ),

    page,
    read: reader(cache, client),
    /** A write's answer replaces any known copy of the plugin. */
    remember: prime,
    /** After a write that did not answer the plugin: the next lookup asks the upstream. */
    forget: (ref: PluginRef): void => cache.delete(`item:${itemKey(ref)}`),

    /**
     * The organization's name, from a plugin of its own. Free when this request already knows
     * one; otherwise the first page of its plugins, the same call as a default `plugins`
     * connection (so asking for both costs one call). Null when that page has no plugin of its
     * own. A refused list rejects: the caller decides what a refusal means.
     */
    organizationName: async (orgId: string): Promise<string | null> => {
      // Let sibling fields start first: a `plugins` connection next to `name` then answers both.
      await new Promise<void>((resolve) => process.nextTick(resolve));
      await cache.settled(pagePrefix(orgId));
      const known = knownName(orgId);
      if (known !== undefined) return known;
      await page(orgId, FIRST_PLUGIN_PAGE);
      return knownName(orgId) ?? null;
    },
  };
}

export type PluginLoader = ReturnType<typeof createPluginLoader>;
