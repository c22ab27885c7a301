/**
 * Feature flag evaluation for the local upstream: the server-side algorithm of the real service, the
 * `evaluation_reasons` and `local_evaluation` bodies, and the user blast radius.
 */
import { evaluateFlag, type GroupPropertiesContext } from './evaluate.ts';
import type { EvaluationContext, EvaluationFlag } from './types.ts';

export type { Cohort, EvaluationContext, EvaluationFlag, FlagEvaluation, Person } from './types.ts';
export { evaluateFlag, type GroupPropertiesContext } from './evaluate.ts';
export { blastRadius, type BlastRadius } from './blast-radius.ts';
export { localEvaluationPayload, type LocalEvaluationFlag, type LocalEvaluationOptions, type LocalEvaluationPayload } from './local-evaluation.ts';
export { bucketHash } from './hash.ts';

export type EvaluationReasons = Record<string, { value: boolean | string; evaluation: { reason: string; condition_index: number | null } }>;

/** Body of `evaluation_reasons`: every non-deleted flag by key; inactive flags read `disabled`. */
export function evaluationReasons(flags: EvaluationFlag[], ctx: EvaluationContext & GroupPropertiesContext): EvaluationReasons {
  const context = { ...ctx, flags: ctx.flags ?? flags };
  const reasons: EvaluationReasons = {};
  for (const flag of flags.filter((candidate) => !candidate.deleted)) {
    const result = evaluateFlag(flag, context);
    reasons[flag.key] = { value: result.value, evaluation: { reason: result.reason, condition_index: result.conditionIndex } };
  }
  return reasons;
}
