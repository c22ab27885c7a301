import { readFileSync } from 'node:fs';
import { parseId } from '../auth/access.ts';
import { notFound, permissionDenied, validationError } from '../http/errors.ts';
import { activityPage, paginate } from '../http/pagination.ts';
import { noContent, ok, type ApiResponse } from '../http/request.ts';
import type { Route, RouteContext } from '../http/router.ts';
import { countActivity, logActivity, pageActivity } from '../storage/activity.ts';
import { nowIso } from '../storage/db.ts';
import {
  countVisiblePlugins,
  deletePlugin,
  findPluginByUrl,
  getPlugin,
  insertPlugin,
  pageVisiblePlugins,
  pluginSourceFiles,
  updatePlugin,
  visiblePluginIds,
  writePluginSourceFile,
  type PluginFields,
  type PluginRow,
} from '../storage/plugins.ts';
import { pluginBody } from '../serializers/plugins.ts';
import { checkField, requireObject, requiredError } from '../validation/fields.ts';
import { latestTagOf, parsePluginUrl, validatePluginInput } from '../validation/plugin-input.ts';
import { PLUGINS, pluginsAccessLevel } from '../storage/resource-access.ts';
import { activityBody, organizationOf } from './common.ts';

/**
 * `/api/organizations/{org_id}/plugins/`. Scopes: CRUD `plugin:read`/`plugin:write` as in the real service.
 * Its custom actions have none there (session only); here `source`, `repository`, `unused` and
 * `exports_unsubscribe_configs` need `plugin:read`; `check_for_updates` (it stores `latest_tag`),
 * `update_source` and `upgrade` need `plugin:write`; `activity` needs `activity_log:read`.
 */

const REPOSITORY: unknown = JSON.parse(readFileSync(new URL('../data/plugin-repository.json', import.meta.url), 'utf8'));

interface PluginAccess {
  organizationId: string;
  level: number;
  plugin: PluginRow;
}

/** `PluginsAccessLevelPermission`: reading needs the configure level, writing the install level. */
function pluginOrganization(ctx: RouteContext, scope: string): { id: string; level: number } {
  const { organization } = organizationOf(ctx, scope);
  const level = pluginsAccessLevel(ctx.store, organization.id);
  const needed = ctx.req.method === 'GET' ? PLUGINS.CONFIG : PLUGINS.INSTALL;
  if (level < needed) throw permissionDenied("Your organization's plugin access level is insufficient.");
  return { id: organization.id, level };
}

/** A plugin the organization can see (its own or a global one); writes need it to be the organization's own. */
function pluginOf(ctx: RouteContext, scope: string, write: boolean): PluginAccess {
  const organization = pluginOrganization(ctx, scope);
  const id = parseId(ctx.req.params.id);
  const plugin = id === undefined ? undefined : getPlugin(ctx.store, id);
  if (!plugin || (plugin.organization_id !== organization.id && !plugin.is_global)) throw notFound();
  if (write && plugin.organization_id !== organization.id) throw permissionDenied('This plugin installation is managed by another organization');
  return { organizationId: organization.id, level: organization.level, plugin };
}

/** `get_plugin_with_permissions` of the source, update and upgrade actions: the organization's own plugin, and the install level. */
function ownPluginOf(ctx: RouteContext, scope: string, reason: string): PluginAccess {
  const access = pluginOf(ctx, scope, ctx.req.method !== 'GET');
  if (access.plugin.organization_id !== access.organizationId) throw notFound();
  if (access.level < PLUGINS.INSTALL) throw permissionDenied(`Plugin ${reason} is not available for the current organization!`);
  return access;
}

/** Making a plugin global, or local again, needs the root level. */
function checkGlobalChange(level: number, input: Record<string, unknown>, isCreate: boolean): void {
  const touchesGlobal = isCreate ? input.is_global === true : 'is_global' in input;
  if (touchesGlobal && level < PLUGINS.ROOT) throw permissionDenied("This organization can't manage global plugins!");
}

function logPluginActivity(ctx: RouteContext, organizationId: string, plugin: PluginRow, activity: string): void {
  logActivity(ctx.store, {
    organizationId,
    projectId: null,
    scope: 'Plugin',
    itemId: String(plugin.id),
    activity,
    userId: ctx.caller.user.id,
    detail: { id: String(plugin.id), changes: null, merge: null, trigger: null, name: plugin.name, short_id: null, type: null },
  });
}

function list(ctx: RouteContext): ApiResponse {
  const organization = pluginOrganization(ctx, 'plugin:read');
  return ok(
    paginate(ctx.req, countVisiblePlugins(ctx.store, organization.id), (limit, offset) =>
      pageVisiblePlugins(ctx.store, organization.id, limit, offset).map((plugin) => pluginBody(plugin)),
    ),
  );
}

/** Source plugins are created from their fields; the others from a URL, which must name a repository or package. */
function create(ctx: RouteContext): ApiResponse {
  const organization = pluginOrganization(ctx, 'plugin:write');
  const input = validatePluginInput(requireObject(ctx.req.body()), true);
  checkGlobalChange(organization.level, input, true);
  const pluginType = (input.plugin_type as string | undefined) ?? 'custom';
  const fields: PluginFields & { plugin_type: string; name: string } = { ...(input as PluginFields), plugin_type: pluginType, name: '' };
  if (pluginType === 'source') {
    if (typeof input.name !== 'string' || input.name === '') throw requiredError('name');
    fields.name = input.name;
    fields.url = '';
  } else {
    const url = typeof input.url === 'string' ? input.url : '';
    const parsed = parsePluginUrl(url);
    // As the service: the check takes the URL as sent, without its query, against the stored (normalized) URLs.
    const withoutToken = url.split('?')[0]!;
    if (findPluginByUrl(ctx.store, organization.id, withoutToken)) throw validationError(`Plugin from URL "${withoutToken}" already installed!`, null);
    fields.plugin_type = pluginType === 'repository' ? 'repository' : parsed.type;
    fields.name = typeof input.name === 'string' && input.name ? input.name : parsed.name;
    fields.tag = (input.tag as string | null | undefined) ?? parsed.tag ?? latestTagOf(url);
    fields.url = parsed.rootUrl;
  }
  const plugin = insertPlugin(ctx.store, organization.id, fields);
  logPluginActivity(ctx, organization.id, plugin, 'installed');
  return ok(pluginBody(plugin), 201);
}

function retrieve(ctx: RouteContext): ApiResponse {
  return ok(pluginBody(pluginOf(ctx, 'plugin:read', false).plugin));
}

function update(ctx: RouteContext): ApiResponse {
  const { plugin, level } = pluginOf(ctx, 'plugin:write', true);
  const input = validatePluginInput(requireObject(ctx.req.body()), false);
  checkGlobalChange(level, input, false);
  return ok(pluginBody(updatePlugin(ctx.store, plugin.id, input)));
}

function destroy(ctx: RouteContext): ApiResponse {
  const { organizationId, plugin } = pluginOf(ctx, 'plugin:write', true);
  if (plugin.is_global) throw validationError('This plugin is marked as global! Make it local before uninstallation', null);
  deletePlugin(ctx.store, plugin.id);
  logPluginActivity(ctx, organizationId, plugin, 'uninstalled');
  return noContent();
}

const hasUrl = (plugin: PluginRow) => plugin.plugin_type !== 'source' && plugin.plugin_type !== 'local' && plugin.url !== '';

function checkForUpdates(ctx: RouteContext): ApiResponse {
  const { plugin } = ownPluginOf(ctx, 'plugin:write', 'installation');
  if (!hasUrl(plugin)) return ok({ plugin: pluginBody(plugin) });
  const updated = updatePlugin(ctx.store, plugin.id, { latest_tag: latestTagOf(plugin.url), latest_tag_checked_at: nowIso() });
  return ok({ plugin: pluginBody(updated) });
}

function upgrade(ctx: RouteContext): ApiResponse {
  const { plugin } = ownPluginOf(ctx, 'plugin:write', 'upgrading');
  if (!hasUrl(plugin)) return ok(pluginBody(plugin));
  const latest = plugin.latest_tag ?? latestTagOf(plugin.url);
  return ok(pluginBody(updatePlugin(ctx.store, plugin.id, { tag: latest, latest_tag: latest, latest_tag_checked_at: nowIso() })));
}

function source(ctx: RouteContext): ApiResponse {
  return ok(pluginSourceFiles(ctx.store, ownPluginOf(ctx, 'plugin:read', 'source editing').plugin.id));
}

/** `{filename: source | null}`; null deletes. `plugin.json`'s `name` and `config` update the plugin itself. */
function updateSource(ctx: RouteContext): ApiResponse {
  const { plugin } = ownPluginOf(ctx, 'plugin:write', 'source editing');
  const files = requireObject(ctx.req.body());
  for (const [filename, content] of Object.entries(files)) {
    writePluginSourceFile(
      ctx.store,
      plugin.id,
      filename,
      checkField(filename, content, { kind: 'string', allowBlank: true, allowNull: true }) as string | null,
    );
  }
  const manifest = files['plugin.json'];
  if (typeof manifest === 'string') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(manifest);
    } catch {
      parsed = undefined;
    }
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const { name, config } = parsed as { name?: unknown; config?: unknown };
      const changes: PluginFields = {};
      if (typeof name === 'string' && name) changes.name = name;
      if (config !== undefined) changes.config_schema = config;
      if (Object.keys(changes).length) updatePlugin(ctx.store, plugin.id, changes);
    }
  }
  return ok(pluginSourceFiles(ctx.store, plugin.id));
}

function activity(ctx: RouteContext): ApiResponse {
  const { organization } = organizationOf(ctx, 'activity_log:read');
  const query = { organizationId: organization.id, scopes: ['Plugin', 'PluginConfig'] };
  return ok(
    activityPage(ctx.req, countActivity(ctx.store, query), (limit, offset) =>
      pageActivity(ctx.store, query, limit, offset).map((entry) => activityBody(ctx, entry)),
    ),
  );
}

function repository(ctx: RouteContext): ApiResponse {
  pluginOrganization(ctx, 'plugin:read');
  return ok(REPOSITORY);
}

/** Plugins with no enabled configuration: the local upstream stores no plugin configs, so every visible plugin. */
function unused(ctx: RouteContext): ApiResponse {
  const organization = pluginOrganization(ctx, 'plugin:read');
  return ok(visiblePluginIds(ctx.store, organization.id));
}

/** Enabled export configs of the organization: none, since plugin configs are not stored. */
function exportsUnsubscribeConfigs(ctx: RouteContext): ApiResponse {
  pluginOrganization(ctx, 'plugin:read');
  return ok([]);
}

const BASE = '/api/organizations/:org/plugins';
export const pluginRoutes: Route[] = [
  { method: 'GET', path: BASE, handler: list },
  { method: 'POST', path: BASE, handler: create },
  { method: 'GET', path: `${BASE}/activity`, handler: activity },
  { method: 'GET', path: `${BASE}/repository`, handler: repository },
  { method: 'GET', path: `${BASE}/unused`, handler: unused },
  { method: 'GET', path: `${BASE}/exports_unsubscribe_configs`, handler: exportsUnsubscribeConfigs },
  { method: 'GET', path: `${BASE}/:id`, handler: retrieve },
  { method: 'PATCH', path: `${BASE}/:id`, handler: update },
  { method: 'DELETE', path: `${BASE}/:id`, handler: destroy },
  { method: 'GET', path: `${BASE}/:id/check_for_updates`, handler: checkForUpdates },
  { method: 'GET', path: `${BASE}/:id/source`, handler: source },
  { method: 'PATCH', path: `${BASE}/:id/update_source`, handler: updateSource },
  { method: 'POST', path: `${BASE}/:id/upgrade`, handler: upgrade },
];
