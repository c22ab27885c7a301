// Per-request loaders for plugins: one GET per distinct (organization, plugin), primed by lists.
// Plugins also carry the one organization fact the interface exposes besides its id, its
// name (`organization_name`): every plugin read here records it for `Organization.name`.
import DataLoader from 'dataloader';
import { codeForUpstream, ErrorCode } from '../errors.ts';
import { DEFAULT_PAGE_SIZE } from '../relay/connection.ts';
import { UpstreamError, type Page, type UpstreamClient } from '../upstream-client/http.ts';
import { getPlugin, listPlugins, type PluginRecord, type OrgPlugin } from '../upstream-client/plugins.ts';
import { listsInFlight, settle } from './batch.ts';

export interface PluginRef {
  orgId: string;
  id: number;
}

export function createPluginLoaders(client: UpstreamClient) {
  const organizationNames = new Map<string, string>();
  const lists = listsInFlight<string>();

  const noteOrganization = (record: PluginRecord): void => {
    if (record.organization_id && typeof record.organization_name === 'string')
      organizationNames.set(record.organization_id.toLowerCase(), record.organization_name);
  };

  /** (organization, plugin id) -> plugin; a failed key rejects with its own UpstreamError. */
  const plugin = new DataLoader<PluginRef, OrgPlugin, string>(
    (refs) =>
      settle(
        refs.map(({ orgId, id }) =>
          getPlugin(client, orgId, id).then((record) => {
            noteOrganization(record);
            return { orgId, record };
          }),
        ),
      ),
    { cacheKeyFn: (ref) => `${ref.orgId}/${ref.id}` },
  );

  /** Stores plugins a list or mutation returned (replacing any cached copy). */
  const primePlugins = (orgId: string, records: PluginRecord[]): OrgPlugin[] =>
    records.map((record) => {
      const value = { orgId, record };
      noteOrganization(record);
      plugin.clear({ orgId, id: record.id }).prime({ orgId, id: record.id }, value);
      return value;
    });

  /** One page of an organization's plugins (limit/offset); primes the item loaders and the organization's name. */
  const pluginPage = (orgId: string, page: { limit: number; offset: number }): Promise<Page<OrgPlugin>> => {
    const request = listPlugins(client, orgId, page).then((result) => ({
      ...result,
      results: Array.isArray(result?.results) ? primePlugins(orgId, result.results) : result?.results,
    }));
    return lists.track(orgId, request);
  };

  /**
   * The organization's name, from a plugin of its own (`organization_name`). Free when this
   * operation already read one; otherwise the first page of its plugins list, the same call
   * as a default `plugins` connection (so asking for both costs one call). Null when the
   * organization has no plugin of its own on that page, or the plugins list is refused
   * (403/404: plugins are disabled for many organizations upstream).
   */
  const organizationName = async (orgId: string): Promise<string | null> => {
    const id = orgId.toLowerCase();
    // Let sibling fields start first: a `plugins` connection next to `name` then answers both.
    await new Promise<void>((resolve) => process.nextTick(resolve));
    await lists.settled([orgId]);
    if (organizationNames.has(id)) return organizationNames.get(id) ?? null;
    try {
      await pluginPage(orgId, { limit: DEFAULT_PAGE_SIZE, offset: 0 });
    } catch (error) {
      if (error instanceof UpstreamError && (codeForUpstream(error) === ErrorCode.FORBIDDEN || codeForUpstream(error) === ErrorCode.NOT_FOUND)) return null;
      throw error;
    }
    return organizationNames.get(id) ?? null;
  };

  return { plugin, primePlugins, pluginPage, organizationName };
}
