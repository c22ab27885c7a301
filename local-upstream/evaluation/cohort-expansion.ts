import { cohortPropertyGroup } from './cohorts.ts';
import type { Cohort, PropertyFilter } from './types.ts';

/**
 * The service's cohort transformation for clients that cannot evaluate cohorts (`local_evaluation` without
 * `send_cohorts`): a flag using exactly one cohort made only of person properties, none negated, gets that cohort
 * replaced by conditions on those properties. An AND cohort becomes one condition, an OR cohort one condition per
 * branch. Expanded conditions go after the flag's other conditions and take the cohort condition's
 * `rollout_percentage` (null included). Anything else is left as it is: several cohorts, a cohort condition with
 * other properties or a variant override, static, negated, behavioural or nested-AND cohorts.
 */
export function expandCohortConditions(conditions: Condition[], cohorts: Cohort[]): Condition[] {
  const withCohort = conditions.filter((condition) => propertiesOf(condition).some(isCohortProperty));
  const cohortProperties = conditions.flatMap((condition) => propertiesOf(condition).filter(isCohortProperty));
  if (withCohort.length !== 1 || cohortProperties.length !== 1) return conditions;
  const [condition] = withCohort as [Condition];
  const [property] = cohortProperties as [PropertyFilter];
  if (propertiesOf(condition).length !== 1 || condition.variant || property.operator === 'not_in' || property.negation) return conditions;
  const cohort = cohorts.find((candidate) => candidate.id === Number(property.value));
  const branches = cohort && !cohort.is_static ? personPropertyBranches(cohortPropertyGroup(cohort)) : null;
  if (!branches) return conditions;
  const rollout = condition.rollout_percentage ?? null;
  const expanded = branches.map((properties) => ({ properties, rollout_percentage: rollout }));
  return [...conditions.filter((candidate) => candidate !== condition), ...expanded];
}

type Condition = Record<string, unknown>;
type Node = Record<string, unknown>;

function propertiesOf(condition: Condition): PropertyFilter[] {
  return Array.isArray(condition.properties) ? (condition.properties as PropertyFilter[]) : [];
}

function isCohortProperty(property: PropertyFilter): boolean {
  return property?.type === 'cohort';
}

const isGroup = (node: Node): boolean => Array.isArray(node.values);

/** The cohort as an OR of AND-ed person property lists, or null when it cannot be written that way. */
function personPropertyBranches(root: Node): PropertyFilter[][] | null {
  const leaves = flatLeaves(root);
  if (leaves.length === 0 || !leaves.every((leaf) => leaf.type === 'person' && !leaf.negation)) return null;
  const node = clearExcessLevels(root, false);
  if (!isGroup(node)) return [[copyLeaf(node)]];
  const values = node.values as Node[];
  if (values.every((value) => !isGroup(value))) {
    return node.type === 'OR' ? values.map((leaf) => [copyLeaf(leaf)]) : [values.map(copyLeaf)];
  }
  if (node.type !== 'OR') return null;
  const branches = values.map((value) => (isGroup(value) ? andBranch(value) : [copyLeaf(value)]));
  return branches.every((branch): branch is PropertyFilter[] => branch !== null) ? branches : null;
}

/** One branch of an OR: a group of plain properties that is AND-ed, or has a single property. */
function andBranch(group: Node): PropertyFilter[] | null {
  const values = group.values as Node[];
  if (values.some(isGroup)) return null;
  if (group.type === 'OR' && values.length > 1) return null;
  return values.map(copyLeaf);
}

/** Groups of one value collapse into that value, except directly under a group of several. */
function clearExcessLevels(node: Node, underSeveral: boolean): Node {
  if (!isGroup(node)) return node;
  const values = node.values as Node[];
  if (values.length === 1 && !underSeveral) return clearExcessLevels(values[0]!, false);
  const nested = values.length === 1 ? values.map((value) => clearExcessLevels(value, false)) : values.map((value) => clearExcessLevels(value, true));
  return { ...node, values: nested };
}

function flatLeaves(node: Node): Node[] {
  return isGroup(node) ? (node.values as Node[]).flatMap(flatLeaves) : [node];
}

function copyLeaf(leaf: Node): PropertyFilter {
  return { ...leaf };
}
