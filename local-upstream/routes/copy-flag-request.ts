import { plainError, validationError } from '../http/errors.ts';
import type { RouteContext } from '../http/router.ts';
import { getFlagByKey, type FlagRow } from '../storage/flags.ts';
import { getProject, type ProjectRow } from '../storage/projects.ts';
import { requireObject, validateFields, type FieldSpecs } from '../validation/fields.ts';

/**
 * The requests of `copy_flags` and `copy_flags/dependency_requirements`, checked as the service's
 * `CopyFlagsRequestSerializer` and `CopyFlagsDependencyRequirementsRequestSerializer` do: fields in declaration order,
 * the first error answering (docs/rest-interface.md, "Copying flags across projects").
 */

const TARGET_FIELDS: FieldSpecs = {
  feature_flag_key: { kind: 'string' },
  from_project: { kind: 'integer' },
  target_project_ids: { kind: 'integerList' },
};
const COPY_FIELDS: FieldSpecs = {
  ...TARGET_FIELDS,
  copy_schedule: { kind: 'boolean' },
  disable_copied_flag: { kind: 'boolean' },
  copy_dependencies: { kind: 'boolean' },
};
const REQUIRED = ['feature_flag_key', 'from_project', 'target_project_ids'];
const MAX_TARGETS = 50;

function targetCount(value: unknown): unknown {
  const count = (value as unknown[]).length;
  if (count < 1) throw validationError('Ensure this field has at least 1 elements.', 'target_project_ids', 'min_length');
  if (count > MAX_TARGETS) throw validationError(`Ensure this field has no more than ${MAX_TARGETS} elements.`, 'target_project_ids', 'max_length');
  return value;
}

/** What the caller asked for besides the flag and the projects. */
export interface CopyOptions {
  copySchedule: boolean;
  disableCopiedFlag: boolean;
  copyDependencies: boolean;
}

export interface TargetsRequest {
  key: string;
  from: number;
  targets: number[];
}

export type CopyRequest = TargetsRequest & CopyOptions;

function read(body: unknown, fields: FieldSpecs): Record<string, unknown> {
  return validateFields(requireObject(body), fields, REQUIRED, { target_project_ids: targetCount });
}

const targetsOf = (input: Record<string, unknown>): TargetsRequest => ({
  key: input.feature_flag_key as string,
  from: input.from_project as number,
  targets: input.target_project_ids as number[],
});

export function targetsRequest(body: unknown): TargetsRequest {
  return targetsOf(read(body, TARGET_FIELDS));
}

export function copyRequest(body: unknown): CopyRequest {
  const input = read(body, COPY_FIELDS);
  return {
    ...targetsOf(input),
    copySchedule: input.copy_schedule === true,
    disableCopiedFlag: input.disable_copied_flag === true,
    copyDependencies: input.copy_dependencies === true,
  };
}

/** The flag to copy, in a project of the organization; 400 `{error}` otherwise, as the service answers. */
export function sourceFlag(ctx: RouteContext, organizationId: string, request: TargetsRequest): { flag: FlagRow; project: ProjectRow } {
  const project = getProject(ctx.store, request.from);
  const flag = project?.organization_id === organizationId ? getFlagByKey(ctx.store, project.id, request.key) : undefined;
  if (!project || !flag) throw plainError(400, { error: 'Feature flag to copy does not exist.' });
  return { flag, project };
}

/** A target project of the organization, or undefined (`Project not found.` in the service's answers). */
export function targetProject(ctx: RouteContext, organizationId: string, id: number): ProjectRow | undefined {
  const project = getProject(ctx.store, id);
  return project?.organization_id === organizationId ? project : undefined;
}
