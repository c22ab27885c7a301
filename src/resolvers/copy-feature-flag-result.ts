// The CopyFeatureFlagResult type: the flag copy_flags wrote into one target, with the warnings of that copy.
import { nullIfNotFound } from '../errors.ts';
import type { CopyFeatureFlagResultResolvers } from '../generated/resolvers-types.ts';

/** The upstream's lists of messages or keys; anything else in their place reads as none. */
function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

export const CopyFeatureFlagResult: CopyFeatureFlagResultResolvers = {
  projectDatabaseId: (copy) => copy.flag.projectId,
  project: (copy, _args, ctx) => nullIfNotFound(ctx.loaders.project.parent(copy.flag.projectId)),
  featureFlag: (copy) => copy.flag,
  flagDependencyWarnings: (copy) => strings(copy.record.flag_dependency_warnings),
  copiedDependencyKeys: (copy) => strings(copy.record.copied_dependency_keys),
  dependencyCopyWarnings: (copy) => strings(copy.record.dependency_copy_warnings),
  scheduleCopyWarning: (copy) => (typeof copy.record.schedule_copy_warning === 'string' ? copy.record.schedule_copy_warning : null),
};
