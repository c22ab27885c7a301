// The RepositoryPlugin type: an entry of the public plugin repository, a free-form JSON object.
import type { RepositoryPluginResolvers } from '../generated/resolvers-types.ts';

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export const RepositoryPlugin: RepositoryPluginResolvers = {
  name: (entry) => text(entry.name),
  url: (entry) => text(entry.url),
  description: (entry) => text(entry.description),
  icon: (entry) => text(entry.icon),
  maintainer: (entry) => text(entry.maintainer),
  verified: (entry) => (typeof entry.verified === 'boolean' ? entry.verified : null),
  data: (entry) => entry,
};
