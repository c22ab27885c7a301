// The PluginConfig type: a plugin enabled in a project, with the organization it was listed under.
import type { PluginConfigResolvers } from '../generated/resolvers-types.ts';
import type { OrgPluginConfig } from '../upstream-client/endpoints/plugin.ts';
import { restField } from './support/rest-field.ts';

const rest = restField((config: OrgPluginConfig) => config.record);

export const PluginConfig: PluginConfigResolvers = {
  databaseId: rest('id'),
  pluginDatabaseId: rest('plugin'),
  plugin: (config, _args, ctx) => ctx.loaders.plugin.byId({ orgId: config.orgId, id: config.record.plugin }),
  enabled: rest('enabled'),
  order: rest('order'),
  config: rest('config'),
  error: rest('error'),
  project: (config, _args, ctx) => ctx.loaders.project.parent(config.record.team_id),
  pluginInfo: rest('plugin_info'),
  deliveryRate24h: rest('delivery_rate_24h'),
  createdAt: rest('created_at'),
  updatedAt: rest('updated_at'),
  name: rest('name'),
  description: rest('description'),
  deleted: rest('deleted'),
};
