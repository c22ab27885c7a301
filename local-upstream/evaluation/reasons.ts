/** Evaluation reasons of the real service, with the priority used when no condition matches. */

const REASON_PRIORITY: Readonly<Record<string, number>> = {
  super_condition_value: 5,
  holdout_condition_value: 4,
  condition_match: 3,
  no_group_type: 2,
  out_of_rollout_bound: 1,
  no_condition_match: 0,
};

export interface ReasonAtIndex {
  reason: string;
  conditionIndex: number;
}

/** Takes the later reason unless the earlier one ranks strictly higher: among equals, the last index wins. */
export function higherPriority(current: ReasonAtIndex, candidate: ReasonAtIndex): ReasonAtIndex {
  const currentRank = REASON_PRIORITY[current.reason] ?? -1;
  const candidateRank = REASON_PRIORITY[candidate.reason] ?? -1;
  return currentRank > candidateRank ? current : candidate;
}
