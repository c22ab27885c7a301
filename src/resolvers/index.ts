// Assembles the Resolvers map from the domain modules; nothing else. Each domain module
// exports `{ Query?, Mutation?, <Type>... }` and is added to the list below with one line.
// Several modules may contribute fields to the same type (e.g. Organization).
import type { Resolvers } from '../generated/resolvers-types.ts';
import { scalarResolvers } from './scalars.ts';
import { nodeResolvers } from './node.ts';
import { projectResolvers } from './project.ts';
import { organizationResolvers } from './organization.ts';
import { userResolvers } from './user.ts';
import { featureFlagResolvers } from './feature-flag.ts';
import { roleAccessResolvers } from './role-access.ts';
import { pluginResolvers } from './plugin.ts';
import { subscriptionResolvers } from '../subscriptions/resolvers.ts';

const modules: object[] = [
  scalarResolvers,
  nodeResolvers,
  projectResolvers,
  organizationResolvers,
  userResolvers,
  featureFlagResolvers,
  roleAccessResolvers,
  pluginResolvers,
  subscriptionResolvers,
];

export const resolvers: Resolvers = mergeResolverMaps(modules);

/** Merges per-type field maps; a field defined twice is a programming error. */
function mergeResolverMaps(maps: object[]): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const map of maps) {
    for (const [typeName, fields] of Object.entries(map)) {
      const existing = merged[typeName];
      if (existing === undefined || !isPlainObject(fields) || !isPlainObject(existing)) {
        if (existing !== undefined) throw new Error(`Resolvers for ${typeName} are defined twice`);
        merged[typeName] = fields;
        continue;
      }
      for (const field of Object.keys(fields)) {
        if (field in existing) throw new Error(`Resolver ${typeName}.${field} is defined twice`);
      }
      merged[typeName] = { ...existing, ...fields };
    }
  }
  return merged;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}
