// Minimal flag definitions returned by local evaluation and my flags.
import type { LocalEvaluationFlagResolvers } from '../../generated/resolvers-types.ts';

export const LocalEvaluationFlag: LocalEvaluationFlagResolvers = {
  databaseId: (flag) => flag.record.id,
  key: (flag) => flag.record.key,
  name: (flag) => flag.record.name ?? null,
  filters: (flag) => flag.record.filters ?? null,
  deleted: (flag) => flag.record.deleted ?? null,
  active: (flag) => flag.record.active ?? null,
  ensureExperienceContinuity: (flag) => flag.record.ensure_experience_continuity ?? null,
  hasEncryptedPayloads: (flag) => flag.record.has_encrypted_payloads ?? null,
  version: (flag) => flag.record.version ?? null,
  evaluationRuntime: (flag) => flag.record.evaluation_runtime ?? null,
  featureFlag: (flag, _args, ctx) => ctx.loaders.featureFlag.load({ projectId: flag.projectId, id: flag.record.id }),
};
