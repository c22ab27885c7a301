// The LocalEvaluationFlag type: a minimal flag definition returned by local evaluation and my flags.
import type { LocalEvaluationFlagResolvers } from '../generated/resolvers-types.ts';
import type { ProjectMinimalFlag } from '../upstream-client/endpoints/feature-flag.ts';
import { restField } from './support/rest-field.ts';

const rest = restField((flag: ProjectMinimalFlag) => flag.record);

export const LocalEvaluationFlag: LocalEvaluationFlagResolvers = {
  databaseId: rest('id'),
  key: rest('key'),
  name: rest('name'),
  filters: rest('filters'),
  deleted: rest('deleted'),
  active: rest('active'),
  ensureExperienceContinuity: rest('ensure_experience_continuity'),
  hasEncryptedPayloads: rest('has_encrypted_payloads'),
  version: rest('version'),
  evaluationRuntime: rest('evaluation_runtime'),
  featureFlag: (flag, _args, ctx) => ctx.loaders.featureFlag.byId({ projectId: flag.projectId, id: flag.record.id }),
};
