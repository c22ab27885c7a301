// Plugin mutations. Upstream validation errors (and the plain-detail 400s such as "already
// installed" or "marked as global") become userErrors through errors.ts `mutate`.
import { mutate } from '../../errors.ts';
import { parseUuidId, toGlobalId } from '../../relay/global-id.ts';
import {
  checkPluginForUpdates,
  createPlugin,
  deletePlugin,
  updatePlugin,
  updatePluginSource,
  upgradePlugin,
  type OrgPlugin,
  type PluginRecord,
  type PluginSourceRecord,
  type PluginWrite,
} from '../../upstream-client/plugins.ts';
import type { GatewayContext } from '../../context.ts';
import type { CreatePluginInput, MutationResolvers } from '../../generated/resolvers-types.ts';
import { PLUGIN_TYPE_TO_REST, parsePluginRef, sourceFiles } from './refs.ts';
import { toUpstreamBody } from '../input.ts';

export const Mutation: MutationResolvers = {
  createPlugin: async (_parent, { input }, ctx) => {
    const orgId = parseUuidId('Organization', input.organizationId);
    const { result, userErrors } = await mutate(() => createPlugin(ctx.client, orgId, pluginWriteBody(input)));
    return { plugin: result && remembered(ctx, orgId, result), userErrors };
  },

  updatePlugin: async (_parent, { input }, ctx) => {
    const ref = parsePluginRef(input.id, input.organizationId);
    const { result, userErrors } = await mutate(() => updatePlugin(ctx.client, ref.orgId, ref.id, pluginWriteBody(input)));
    return { plugin: result && remembered(ctx, ref.orgId, result), userErrors };
  },

  deletePlugin: async (_parent, { input }, ctx) => {
    const ref = parsePluginRef(input.id, input.organizationId);
    const { userErrors } = await mutate(() => deletePlugin(ctx.client, ref.orgId, ref.id));
    ctx.loaders.plugin.clear(ref);
    return { deletedPluginId: userErrors.length === 0 ? toGlobalId('Plugin', ref.orgId, ref.id) : null, userErrors };
  },

  updatePluginSource: async (_parent, { input }, ctx) => {
    const ref = parsePluginRef(input.id, input.organizationId);
    const files: PluginSourceRecord = Object.fromEntries(input.files.map((file) => [file.filename, file.source ?? null]));
    // The upstream names a bad file by its file name: point such errors at the `files` input.
    const fieldNames = Object.fromEntries(input.files.map((file) => [file.filename, 'files']));
    const { result, userErrors } = await mutate(() => updatePluginSource(ctx.client, ref.orgId, ref.id, files), { fieldNames });
    if (!result) return { plugin: null, source: null, userErrors };
    // plugin.json can rename the plugin or change its config schema: read it back.
    ctx.loaders.plugin.clear(ref);
    return { plugin: await ctx.loaders.plugin.load(ref), source: sourceFiles(result), userErrors };
  },

  upgradePlugin: async (_parent, { input }, ctx) => {
    const ref = parsePluginRef(input.id, input.organizationId);
    const { result, userErrors } = await mutate(() => upgradePlugin(ctx.client, ref.orgId, ref.id));
    return { plugin: result && remembered(ctx, ref.orgId, result), userErrors };
  },

  checkPluginForUpdates: async (_parent, { input }, ctx) => {
    const ref = parsePluginRef(input.id, input.organizationId);
    const { result, userErrors } = await mutate(() => checkPluginForUpdates(ctx.client, ref.orgId, ref.id));
    return { plugin: result && remembered(ctx, ref.orgId, result.plugin), userErrors };
  },
};

/** A write's answer, stored so later fields of the same operation do not refetch the plugin. */
function remembered(ctx: GatewayContext, orgId: string, record: PluginRecord): OrgPlugin {
  return ctx.loaders.primePlugins(orgId, [record])[0] as OrgPlugin;
}

/** Plugin input -> REST body with the shared input rules (input.ts); the type enum becomes the REST value. */
function pluginWriteBody(input: Omit<CreatePluginInput, 'organizationId'> & { id?: unknown; organizationId?: unknown; url?: string | null }): PluginWrite {
  const { id: _id, organizationId: _organizationId, pluginType, ...fields } = input;
  const body: PluginWrite = toUpstreamBody(fields);
  if (pluginType != null) body.plugin_type = PLUGIN_TYPE_TO_REST[pluginType];
  return body;
}
