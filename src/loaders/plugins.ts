// Per-request loaders for plugins: one GET per distinct (organization, plugin), primed by lists.
import DataLoader from 'dataloader';
import type { UpstreamClient } from '../upstream-client/http.ts';
import { getPlugin, type PluginRecord, type OrgPlugin } from '../upstream-client/plugins.ts';
import { settle } from './projects.ts';

export interface PluginRef {
  orgId: string;
  id: number;
}

export function createPluginLoaders(client: UpstreamClient) {
  /** (organization, plugin id) -> plugin; a failed key rejects with its own UpstreamError. */
  const plugin = new DataLoader<PluginRef, OrgPlugin, string>(
    (refs) => settle(refs.map(({ orgId, id }) => getPlugin(client, orgId, id).then((record) => ({ orgId, record })))),
    { cacheKeyFn: (ref) => `${ref.orgId}/${ref.id}` },
  );

  /** Stores plugins a list or mutation returned (replacing any cached copy). */
  const primePlugins = (orgId: string, records: PluginRecord[]): OrgPlugin[] =>
    records.map((record) => {
      const value = { orgId, record };
      plugin.clear({ orgId, id: record.id }).prime({ orgId, id: record.id }, value);
      return value;
    });

  return { plugin, primePlugins };
}
