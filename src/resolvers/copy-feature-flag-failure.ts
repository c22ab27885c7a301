// The CopyFeatureFlagFailure type: a target project copy_flags could not copy to.
import { nullIfNotFound } from '../errors.ts';
import type { CopyFeatureFlagFailureResolvers } from '../generated/resolvers-types.ts';
import type { CopyFlagsFailureRecord } from '../upstream-client/endpoints/feature-flag.ts';
import { restField } from './support/rest-field.ts';

const rest = restField((failure: CopyFlagsFailureRecord) => failure);

export const CopyFeatureFlagFailure: CopyFeatureFlagFailureResolvers = {
  projectDatabaseId: rest('project_id'),
  // The usual failure is "Project not found.": then there is no project to show.
  project: (failure, _args, ctx) => (failure.project_id == null ? null : nullIfNotFound(ctx.loaders.project.parent(failure.project_id))),
  errors: (failure) => failure.error_message ?? failure.errors ?? null,
};
