// Plugins of one request (docs/architecture.md, "The domain template"): one GET per distinct
// (organization, plugin), in parallel; list pages and write answers make plugins known.
import type { UpstreamClient } from '../upstream-client/client/http.ts';
import type { Page, PageArgs } from '../upstream-client/transport/page.ts';
import { getPlugin, listPlugins, OrgPlugin, type PluginRecord, type PluginRef } from '../upstream-client/endpoints/plugin.ts';
import { DomainCache, reader, fetchEach } from './domain-cache.ts';

const itemKey = (ref: PluginRef): string => `${ref.orgId}/${ref.id}`;

export function createPluginLoader(client: UpstreamClient, cache = new DomainCache()) {
  const prime = (orgId: string, record: PluginRecord): OrgPlugin => cache.set(`item:${itemKey({ orgId, id: record.id })}`, new OrgPlugin(orgId, record));

  const page = (orgId: string, args: PageArgs): Promise<Page<OrgPlugin>> =>
    cache.read(`page:${orgId}|${args.offset}|${args.limit}`, () =>
      listPlugins(client, orgId, args).then((result) => ({ ...result, results: result.results.map((record) => prime(orgId, record)) })),
    );

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
  };
}

export type PluginLoader = ReturnType<typeof createPluginLoader>;
