// Plugin mutations (docs/architecture.md, "Mutations"). Upstream validation errors (and the
// plain-detail 400s such as "already installed" or "marked as global") become userErrors through
// errors.ts `mutate`; a write's answer is remembered by the plugin loader.
import { mutate } from '../../errors.ts';
import type { MutationResolvers } from '../../generated/resolvers-types.ts';
import { parseUuidId, toGlobalId } from '../../relay/global-id.ts';
import {
  checkPluginForUpdates as checkForUpdates,
  createPlugin as create,
  deletePlugin as remove,
  updatePlugin as update,
  updatePluginSource as updateSource,
  upgradePlugin as upgrade,
  type PluginSourceRecord,
  type PluginWrite,
} from '../../upstream-client/endpoints/plugin.ts';
import { sourceFiles } from '../plugin.ts';
import { parsePluginRef } from '../support/ids.ts';
import { toUpstreamBody } from '../support/input.ts';

export const createPlugin: MutationResolvers['createPlugin'] = async (_parent, { input }, ctx) => {
  const orgId = parseUuidId('Organization', input.organizationId);
  const { result, userErrors } = await mutate(() => create(ctx.client, orgId, pluginWriteBody(input)));
  return { plugin: result && ctx.loaders.plugin.remember(orgId, result), userErrors };
};

export const updatePlugin: MutationResolvers['updatePlugin'] = async (_parent, { input }, ctx) => {
  const ref = parsePluginRef(input.id, input.organizationId);
  const { result, userErrors } = await mutate(() => update(ctx.client, ref.orgId, ref.id, pluginWriteBody(input)));
  return { plugin: result && ctx.loaders.plugin.remember(ref.orgId, result), userErrors };
};

export const deletePlugin: MutationResolvers['deletePlugin'] = async (_parent, { input }, ctx) => {
  const ref = parsePluginRef(input.id, input.organizationId);
  const { userErrors } = await mutate(() => remove(ctx.client, ref.orgId, ref.id));
  ctx.loaders.plugin.forget(ref);
  return { deletedPluginId: userErrors.length === 0 ? toGlobalId('Plugin', ref.orgId, ref.id) : null, userErrors };
};

export const updatePluginSource: MutationResolvers['updatePluginSource'] = async (_parent, { input }, ctx) => {
  const ref = parsePluginRef(input.id, input.organizationId);
  const files: PluginSourceRecord = Object.fromEntries(input.files.map((file) => [file.filename, file.source ?? null]));
  // The upstream names a bad file by its file name: point such errors at the `files` input.
  const fieldNames = Object.fromEntries(input.files.map((file) => [file.filename, 'files']));
  const { result, userErrors } = await mutate(() => updateSource(ctx.client, ref.orgId, ref.id, files), { fieldNames });
  if (!result) return { plugin: null, source: null, userErrors };
  // plugin.json can rename the plugin or change its config schema: read it back.
  ctx.loaders.plugin.forget(ref);
  return { plugin: await ctx.loaders.plugin.byId(ref), source: sourceFiles(result), userErrors };
};

export const upgradePlugin: MutationResolvers['upgradePlugin'] = async (_parent, { input }, ctx) => {
  const ref = parsePluginRef(input.id, input.organizationId);
  const { result, userErrors } = await mutate(() => upgrade(ctx.client, ref.orgId, ref.id));
  return { plugin: result && ctx.loaders.plugin.remember(ref.orgId, result), userErrors };
};

export const checkPluginForUpdates: MutationResolvers['checkPluginForUpdates'] = async (_parent, { input }, ctx) => {
  const ref = parsePluginRef(input.id, input.organizationId);
  const { result, userErrors } = await mutate(() => checkForUpdates(ctx.client, ref.orgId, ref.id));
  return { plugin: result && ctx.loaders.plugin.remember(ref.orgId, result.plugin), userErrors };
};

/** Plugin input -> REST body with the shared input rules (support/input.ts); `pluginType` is already the REST value. */
function pluginWriteBody(input: { id?: unknown; organizationId?: unknown }): PluginWrite {
  // A null pluginType is left out (the upstream's plugin type cannot be cleared).
  const { id: _id, organizationId: _organizationId, pluginType, ...fields } = input as { pluginType?: unknown; id?: unknown; organizationId?: unknown };
  return toUpstreamBody<PluginWrite>(pluginType == null ? fields : { ...fields, pluginType });
}
