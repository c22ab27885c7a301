/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** What `copyFeatureFlags` copies, from where to where. */
export type CopyFeatureFlagsInput = {
  /**
   * Also copy the flags this flag depends on (conditions on other flags) that a target lacks, each before the flags
   * depending on it; a target's enabled flag of a dependency's key is used as it is. The upstream refuses the whole
   * copy when the source flags' dependencies form a cycle (`CIRCULAR_FLAG_DEPENDENCY`), name a flag the source project
   * no longer has (`DEPENDENCY_FLAG_NOT_FOUND`) or number more than 50 (`TOO_MANY_FLAG_DEPENDENCIES`).
   */
  copyDependencies?: boolean | null | undefined;
  /** Also copy the flag's pending scheduled changes. */
  copySchedule?: boolean | null | undefined;
  /** Leave the copies disabled, whether or not the source flag is enabled. */
  disableCopiedFlag?: boolean | null | undefined;
  /** Key of the flag to copy. */
  featureFlagKey: string;
  /** The project to copy the flag from (global or numeric id). */
  fromProjectId: string | number;
  /** The organization (its UUID or an Organization global id) that owns all the projects involved. */
  organizationId: string | number;
  /** The projects to copy the flag to (global or numeric ids). An existing flag with the key is updated, otherwise one is created. */
  targetProjectIds: Array<string | number>;
};

/** Fields of a new project. */
export type CreateProjectInput = {
  /** Whether access to the project is restricted by access control. */
  accessControl?: boolean | null | undefined;
  /** Whether client IP addresses are discarded. */
  anonymizeIps?: boolean | null | undefined;
  /** Authorized URLs of the app. */
  appUrls?: Array<string> | null | undefined;
  /** Exception errors to ignore. */
  autocaptureExceptionsErrorsToIgnore?: unknown;
  /** Whether exceptions are autocaptured. */
  autocaptureExceptionsOptIn?: boolean | null | undefined;
  /** Whether autocapture is switched off. */
  autocaptureOptOut?: boolean | null | undefined;
  /** Whether console logs are captured. */
  captureConsoleLogOptIn?: boolean | null | undefined;
  /** Whether performance data is captured. */
  capturePerformanceOptIn?: boolean | null | undefined;
  /** Whether the tracking snippet onboarding is complete. */
  completedSnippetOnboarding?: boolean | null | undefined;
  /** Settings of correlation analysis. */
  correlationConfig?: unknown;
  /** Element attributes used to identify elements in the toolbar. */
  dataAttributes?: unknown;
  /** Extra settings, as a free-form map. */
  extraSettings?: unknown;
  /** Products whose onboarding has been completed. */
  hasCompletedOnboardingFor?: unknown;
  /** Whether web apps are injected into the site. */
  injectWebApps?: boolean | null | undefined;
  /** Whether this is a demo project. */
  isDemo?: boolean | null | undefined;
  /** Columns shown in the live events view. */
  liveEventsColumns?: Array<string> | null | undefined;
  /** Name of the project. */
  name: string;
  /** Rules that clean URL paths in path analyses. */
  pathCleaningFilters?: unknown;
  /** Person properties used as a person's display name. */
  personDisplayNameProperties?: Array<string> | null | undefined;
  /** Upstream id of the primary dashboard. */
  primaryDashboard?: number | null | undefined;
  /** Domains on which session recording is allowed. */
  recordingDomains?: Array<string> | null | undefined;
  /** Feature flag that must be on for a session to be recorded. */
  sessionRecordingLinkedFlag?: unknown;
  /** Minimum duration of a recorded session, in milliseconds. */
  sessionRecordingMinimumDurationMilliseconds?: number | null | undefined;
  /** What network payloads session recording captures. */
  sessionRecordingNetworkPayloadCaptureConfig?: unknown;
  /** Whether session recording is on. */
  sessionRecordingOptIn?: boolean | null | undefined;
  /** Share of sessions recorded, as a decimal string between 0 and 1. */
  sessionRecordingSampleRate?: string | null | undefined;
  /**
   * Slack incoming-webhook URL (older upstreams only; a current upstream ignores it).
   * @deprecated The upstream no longer has this setting and ignores it.
   */
  slackIncomingWebhook?: string | null | undefined;
  /** Whether surveys are enabled. */
  surveysOptIn?: boolean | null | undefined;
  /** Filters that exclude internal and test accounts. */
  testAccountFilters?: unknown;
  /** Whether test-account filtering is on by default. */
  testAccountFiltersDefaultChecked?: boolean | null | undefined;
  /** Time zone in which dates are shown (default `UTC`). */
  timezone?: string | null | undefined;
  /** First day of the week in date ranges. */
  weekStartDay?: WeekStartDay | null | undefined;
};

/** Which project to delete. */
export type DeleteProjectInput = {
  /** The project's global id or upstream integer id. */
  id: string | number;
};

/** Changes to a project; omitted fields are left unchanged, explicit nulls clear a field. */
export type UpdateProjectInput = {
  /** Whether access to the project is restricted by access control. */
  accessControl?: boolean | null | undefined;
  /** Whether client IP addresses are discarded. */
  anonymizeIps?: boolean | null | undefined;
  /** Authorized URLs of the app. */
  appUrls?: Array<string> | null | undefined;
  /** Exception errors to ignore. */
  autocaptureExceptionsErrorsToIgnore?: unknown;
  /** Whether exceptions are autocaptured. */
  autocaptureExceptionsOptIn?: boolean | null | undefined;
  /** Whether autocapture is switched off. */
  autocaptureOptOut?: boolean | null | undefined;
  /** Whether console logs are captured. */
  captureConsoleLogOptIn?: boolean | null | undefined;
  /** Whether performance data is captured. */
  capturePerformanceOptIn?: boolean | null | undefined;
  /** Whether the tracking snippet onboarding is complete. */
  completedSnippetOnboarding?: boolean | null | undefined;
  /** Settings of correlation analysis. */
  correlationConfig?: unknown;
  /** Element attributes used to identify elements in the toolbar. */
  dataAttributes?: unknown;
  /** Extra settings, as a free-form map. */
  extraSettings?: unknown;
  /** Products whose onboarding has been completed. */
  hasCompletedOnboardingFor?: unknown;
  /** The project's global id or upstream integer id. */
  id: string | number;
  /** Whether web apps are injected into the site. */
  injectWebApps?: boolean | null | undefined;
  /** Whether this is a demo project. */
  isDemo?: boolean | null | undefined;
  /** Columns shown in the live events view. */
  liveEventsColumns?: Array<string> | null | undefined;
  /** New name of the project. */
  name?: string | null | undefined;
  /** Rules that clean URL paths in path analyses. */
  pathCleaningFilters?: unknown;
  /** Person properties used as a person's display name. */
  personDisplayNameProperties?: Array<string> | null | undefined;
  /** Upstream id of the primary dashboard. */
  primaryDashboard?: number | null | undefined;
  /** Domains on which session recording is allowed. */
  recordingDomains?: Array<string> | null | undefined;
  /** Feature flag that must be on for a session to be recorded. */
  sessionRecordingLinkedFlag?: unknown;
  /** Minimum duration of a recorded session, in milliseconds. */
  sessionRecordingMinimumDurationMilliseconds?: number | null | undefined;
  /** What network payloads session recording captures. */
  sessionRecordingNetworkPayloadCaptureConfig?: unknown;
  /** Whether session recording is on. */
  sessionRecordingOptIn?: boolean | null | undefined;
  /** Share of sessions recorded, as a decimal string between 0 and 1. */
  sessionRecordingSampleRate?: string | null | undefined;
  /**
   * Slack incoming-webhook URL (older upstreams only; a current upstream ignores it).
   * @deprecated The upstream no longer has this setting and ignores it.
   */
  slackIncomingWebhook?: string | null | undefined;
  /** Whether surveys are enabled. */
  surveysOptIn?: boolean | null | undefined;
  /** Filters that exclude internal and test accounts. */
  testAccountFilters?: unknown;
  /** Whether test-account filtering is on by default. */
  testAccountFiltersDefaultChecked?: boolean | null | undefined;
  /** Time zone in which dates are shown. */
  timezone?: string | null | undefined;
  /** First day of the week in date ranges. */
  weekStartDay?: WeekStartDay | null | undefined;
};

/** The kind of a `UserError`. Field-validation codes follow the upstream's (Django REST framework) codes, upper-cased; docs/errors.md lists where each comes from. */
export type UserErrorCode =
  /** An approval policy gates this change: a change request was opened (or one is already pending), `changeRequestId` names it, and nothing was written. */
  | 'APPROVAL_REQUIRED'
  /** The flag is archived: it cannot be enabled before it is unarchived. */
  | 'ARCHIVED'
  /** A flag condition uses a cohort with behavioral (event) filters. */
  | 'BEHAVIORAL_COHORT_FOUND'
  /** The field may not be blank (an empty string). */
  | 'BLANK'
  /** The `filters` would make the flag depend on itself, directly or through other flags; the message names the flag or the cycle by key (`a → b → a`). Also `copyFeatureFlags` with `copyDependencies` when the source flags' dependencies form a cycle (the message names no flag). */
  | 'CIRCULAR_FLAG_DEPENDENCY'
  /** A flag condition names a cohort that does not exist. */
  | 'COHORT_DOES_NOT_EXIST'
  /** Input fields contradict each other, or the object changed since the caller read it (e.g. a flag edited by someone else). */
  | 'CONFLICT'
  /** A flag this flag depends on (a condition on it) is disabled: `enableFeatureFlag` or `updateFeatureFlag` with `active: true` (the message names the disabled flags, `key (ID: id)`, five at most, then how many more), or a `filters` condition on a disabled flag in `createFeatureFlag`/`updateFeatureFlag` (whether or not the flag itself is enabled). Enable those flags first. */
  | 'DEPENDENCY_FLAGS_DISABLED'
  /** A `filters` condition depends on a flag id that names no live flag of the project (a missing, deleted or another project's flag); the message gives the id. Also `copyFeatureFlags` with `copyDependencies` when a condition of the flag or of its dependencies names no live flag of the source project (the message gives the reference). */
  | 'DEPENDENCY_FLAG_NOT_FOUND'
  /** The flag cannot be disabled, archived while enabled, or deleted: enabled flags depend on it (`updateFeatureFlag` with `active: false`, `deleteFeatureFlag`, `disableFeatureFlag`, `archiveFeatureFlag`). The message names them (`key (ID: id)`, five at most, then how many more). */
  | 'DEPENDENT_FLAGS_ACTIVE'
  /** A referenced object does not exist, e.g. a dashboard or role id. */
  | 'DOES_NOT_EXIST'
  /** The list or map may not be empty. */
  | 'EMPTY'
  /** The value has the wrong type, e.g. a string where the upstream expects an id. */
  | 'INCORRECT_TYPE'
  /** The value is not one of the accepted choices, e.g. a time zone not on the upstream's list. */
  | 'INVALID_CHOICE'
  /** A date property value in a flag condition does not parse. */
  | 'INVALID_DATE'
  /** A `filters` condition names the flag it depends on by something other than its numeric id (e.g. its key); the message quotes the reference. */
  | 'INVALID_FLAG_REFERENCE'
  /** The value is invalid for the field (the upstream's generic validation code), e.g. a malformed UUID. */
  | 'INVALID_INPUT'
  /** A flag key with characters other than letters, digits, `-` and `_`. */
  | 'INVALID_KEY'
  /** An operator in a flag condition is not valid for the property's type. */
  | 'INVALID_OPERATOR'
  /** A property value in a flag condition does not suit its operator. */
  | 'INVALID_VALUE'
  /** The request data as a whole was malformed. */
  | 'MALFORMED_REQUEST'
  /** The decimal number has too many decimal places. */
  | 'MAX_DECIMAL_PLACES'
  /** The decimal number has too many digits. */
  | 'MAX_DIGITS'
  /** The text or list is longer than allowed. */
  | 'MAX_LENGTH'
  /** The number is larger than allowed. */
  | 'MAX_VALUE'
  /** The decimal number has too many digits before the decimal point. */
  | 'MAX_WHOLE_DIGITS'
  /** The text or list is shorter than allowed. */
  | 'MIN_LENGTH'
  /** The number is smaller than allowed. */
  | 'MIN_VALUE'
  /** A map (JSON object) was expected. */
  | 'NOT_A_DICT'
  /** A list was expected. */
  | 'NOT_A_LIST'
  /** The field may not be null. */
  | 'NULL'
  /** Any other problem: the upstream gave no code, or one this API does not list yet (`upstreamCode` has it). */
  | 'OTHER'
  /** A required input field is missing. */
  | 'REQUIRED'
  /** `copyFeatureFlags` with `copyDependencies` of a flag depending, directly or not, on more than 50 flags: copy it without its dependencies. */
  | 'TOO_MANY_FLAG_DEPENDENCIES'
  /** Another object already has this value, e.g. a flag key in the project, or a role's access to a flag. */
  | 'UNIQUE';

/** First day of the week. */
export type WeekStartDay =
  /** Weeks start on Monday (upstream value 1). */
  | 'MONDAY'
  /** Weeks start on Sunday (upstream value 0). */
  | 'SUNDAY';

export type FlagsByKeyQueryVariables = Exact<{
  org: string | number;
  key: string;
}>;


export type FlagsByKeyQuery = { organization: { featureFlagsByKey: Array<{ flagDatabaseId: number, projectDatabaseId: number, active: boolean | null, filters: unknown, createdAt: string | null, createdBy: { email: string | null } | null, project: { name: string } | null, featureFlag: { key: string, name: string | null } | null }> | null } | null };

export type CopyFlagsMutationVariables = Exact<{
  input: CopyFeatureFlagsInput;
}>;


export type CopyFlagsMutation = { copyFeatureFlags: { copiedFeatureFlags: Array<{ key: string, name: string | null, filters: unknown, project: { name: string } | null }> | null, failures: Array<{ projectDatabaseId: number | null, errors: unknown, project: { name: string } | null }> | null, userErrors: Array<{ field: Array<string> | null, message: string, code: UserErrorCode }> } };

export type CopiedFlagNameQueryVariables = Exact<{
  p: string | number;
}>;


export type CopiedFlagNameQuery = { project: { featureFlag: { name: string | null } | null } | null };

export type ProjectsPageQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  last?: number | null | undefined;
  before?: string | null | undefined;
}>;


export type ProjectsPageQuery = { projects: { totalCount: number, pageInfo: { hasNextPage: boolean, hasPreviousPage: boolean, startCursor: string | null, endCursor: string | null }, edges: Array<{ cursor: string, node: { id: string, databaseId: number, name: string } }>, nodes: Array<{ name: string }> } | null };

export type ProjectNamesQueryVariables = Exact<{ [key: string]: never; }>;


export type ProjectNamesQuery = { projects: { nodes: Array<{ databaseId: number, name: string }> } | null };

export type ProjectNameQueryVariables = Exact<{
  id: string | number;
}>;


export type ProjectNameQuery = { project: { name: string } | null };

export type ProjectCountQueryVariables = Exact<{ [key: string]: never; }>;


export type ProjectCountQuery = { projects: { totalCount: number } | null };

export type ProjectListFieldsQueryVariables = Exact<{ [key: string]: never; }>;


export type ProjectListFieldsQuery = { projects: { totalCount: number, nodes: Array<{ id: string, databaseId: number, uuid: string, name: string, apiToken: string, timezone: string, isDemo: boolean, accessControl: boolean, ingestedEvent: boolean, completedSnippetOnboarding: boolean, organization: { id: string, databaseId: string } }> } | null };

export type ProjectFullRecordFieldsQueryVariables = Exact<{ [key: string]: never; }>;


export type ProjectFullRecordFieldsQuery = { projects: { nodes: Array<{ name: string, createdAt: string | null, weekStartDay: WeekStartDay | null, appUrls: Array<string> | null, effectiveMembershipLevel: number | null }> } | null };

export type ProjectSearchQueryVariables = Exact<{ [key: string]: never; }>;


export type ProjectSearchQuery = { projects: { totalCount: number, nodes: Array<{ name: string }> } | null };

export type ProjectByIdQueryVariables = Exact<{
  id: string | number;
}>;


export type ProjectByIdQuery = { project: { id: string, databaseId: number, name: string, timezone: string } | null };

export type ProjectReferencedFourTimesQueryVariables = Exact<{
  g: string | number;
  n: string | number;
}>;


export type ProjectReferencedFourTimesQuery = { a: { name: string, createdAt: string | null } | null, b: { apiToken: string, anonymizeIps: boolean | null } | null, c: { weekStartDay: WeekStartDay | null } | null, d:
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { updatedAt: string | null, id: string }
   | null };

export type CreateProjectForTestMutationVariables = Exact<{
  input: CreateProjectInput;
}>;


export type CreateProjectForTestMutation = { createProject: { project: { id: string, databaseId: number, name: string, timezone: string, weekStartDay: WeekStartDay | null, anonymizeIps: boolean | null, appUrls: Array<string> | null, isPendingDeletion: boolean, organization: { databaseId: string } } | null, userErrors: Array<{ field: Array<string> | null, message: string, code: UserErrorCode }> } };

export type UpdateProjectForTestMutationVariables = Exact<{
  input: UpdateProjectInput;
}>;


export type UpdateProjectForTestMutation = { updateProject: { project: { id: string, name: string, weekStartDay: WeekStartDay | null, anonymizeIps: boolean | null } | null, userErrors: Array<{ field: Array<string> | null, message: string }> } };

export type ProjectNameAndIpsQueryVariables = Exact<{
  id: string | number;
}>;


export type ProjectNameAndIpsQuery = { project: { name: string, anonymizeIps: boolean | null } | null };

export type DeleteProjectForTestMutationVariables = Exact<{
  input: DeleteProjectInput;
}>;


export type DeleteProjectForTestMutation = { deleteProject: { deletedProjectId: string | null, deletedDatabaseId: number | null, userErrors: Array<{ message: string }> } };

export type ProjectPendingDeletionQueryVariables = Exact<{
  id: string | number;
}>;


export type ProjectPendingDeletionQuery = { project: { name: string, isPendingDeletion: boolean } | null, projects: { nodes: Array<{ id: string }> } | null };

export type DeleteProjectAgainForTestMutationVariables = Exact<{
  input: DeleteProjectInput;
}>;


export type DeleteProjectAgainForTestMutation = { deleteProject: { deletedProjectId: string | null, userErrors: Array<{ message: string }> } };

export type ViewerQueryVariables = Exact<{ [key: string]: never; }>;


export type ViewerQuery = { viewer: { id: string, databaseId: number, email: string | null, firstName: string | null, dateJoined: string | null, organizations: Array<{ id: string, name: string | null, slug: string | null, membershipLevel: number | null }>, organization: { databaseId: string, name: string | null, createdAt: string | null, memberCount: number | null } | null, project: { name: string, apiToken: string, organization: { databaseId: string } } | null } | null };

export type ViewerOrganizationProjectsQueryVariables = Exact<{ [key: string]: never; }>;


export type ViewerOrganizationProjectsQuery = { viewer: { organizations: Array<{ name: string | null, projects: { totalCount: number, nodes: Array<{ name: string }> } | null }> } | null };

export type ViewerProjectSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type ViewerProjectSettingsQuery = { viewer: { project: { createdAt: string | null } | null } | null };

export type OrganizationRecordQueryVariables = Exact<{
  id: string | number;
}>;


export type OrganizationRecordQuery = { organization: { name: string | null, slug: string | null, membershipLevel: number | null, createdAt: string | null, updatedAt: string | null, memberCount: number | null } | null };

export type OrganizationProjectsQueryVariables = Exact<{
  id: string | number;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type OrganizationProjectsQuery = { organization: { projects: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, nodes: Array<{ name: string, timezone: string }> } | null } | null };


export const FlagsByKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FlagsByKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"org"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"key"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organization"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"org"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"featureFlagsByKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"key"},"value":{"kind":"Variable","name":{"kind":"Name","value":"key"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"flagDatabaseId"}},{"kind":"Field","name":{"kind":"Name","value":"projectDatabaseId"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"filters"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"project"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"featureFlag"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]} as unknown as DocumentNode<FlagsByKeyQuery, FlagsByKeyQueryVariables>;
export const CopyFlagsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CopyFlags"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CopyFeatureFlagsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"copyFeatureFlags"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"copiedFeatureFlags"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"project"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"filters"}}]}},{"kind":"Field","name":{"kind":"Name","value":"failures"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"projectDatabaseId"}},{"kind":"Field","name":{"kind":"Name","value":"project"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"errors"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]} as unknown as DocumentNode<CopyFlagsMutation, CopyFlagsMutationVariables>;
export const CopiedFlagNameDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CopiedFlagName"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"p"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"project"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"p"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"featureFlag"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"key"},"value":{"kind":"StringValue","value":"to-copy","block":false}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<CopiedFlagNameQuery, CopiedFlagNameQueryVariables>;
export const ProjectsPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProjectsPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"last"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"before"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"projects"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"last"},"value":{"kind":"Variable","name":{"kind":"Name","value":"last"}}},{"kind":"Argument","name":{"kind":"Name","value":"before"},"value":{"kind":"Variable","name":{"kind":"Name","value":"before"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"databaseId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<ProjectsPageQuery, ProjectsPageQueryVariables>;
export const ProjectNamesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProjectNames"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"projects"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"databaseId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<ProjectNamesQuery, ProjectNamesQueryVariables>;
export const ProjectNameDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProjectName"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"project"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<ProjectNameQuery, ProjectNameQueryVariables>;
export const ProjectCountDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProjectCount"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"projects"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}}]}}]} as unknown as DocumentNode<ProjectCountQuery, ProjectCountQueryVariables>;
export const ProjectListFieldsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProjectListFields"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"projects"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"10"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"databaseId"}},{"kind":"Field","name":{"kind":"Name","value":"uuid"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"apiToken"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"isDemo"}},{"kind":"Field","name":{"kind":"Name","value":"accessControl"}},{"kind":"Field","name":{"kind":"Name","value":"ingestedEvent"}},{"kind":"Field","name":{"kind":"Name","value":"completedSnippetOnboarding"}},{"kind":"Field","name":{"kind":"Name","value":"organization"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"databaseId"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ProjectListFieldsQuery, ProjectListFieldsQueryVariables>;
export const ProjectFullRecordFieldsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProjectFullRecordFields"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"projects"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"weekStartDay"}},{"kind":"Field","name":{"kind":"Name","value":"appUrls"}},{"kind":"Field","name":{"kind":"Name","value":"effectiveMembershipLevel"}}]}}]}}]}}]} as unknown as DocumentNode<ProjectFullRecordFieldsQuery, ProjectFullRecordFieldsQueryVariables>;
export const ProjectSearchDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProjectSearch"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"projects"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"search"},"value":{"kind":"StringValue","value":"app","block":false}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<ProjectSearchQuery, ProjectSearchQueryVariables>;
export const ProjectByIdDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProjectById"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"project"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"databaseId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}}]}}]}}]} as unknown as DocumentNode<ProjectByIdQuery, ProjectByIdQueryVariables>;
export const ProjectReferencedFourTimesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProjectReferencedFourTimes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"g"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"n"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"a"},"name":{"kind":"Name","value":"project"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"g"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"b"},"name":{"kind":"Name","value":"project"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"n"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiToken"}},{"kind":"Field","name":{"kind":"Name","value":"anonymizeIps"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"c"},"name":{"kind":"Name","value":"project"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"g"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"weekStartDay"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"d"},"name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"g"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Project"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]}}]} as unknown as DocumentNode<ProjectReferencedFourTimesQuery, ProjectReferencedFourTimesQueryVariables>;
export const CreateProjectForTestDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateProjectForTest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateProjectInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createProject"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"project"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"databaseId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}},{"kind":"Field","name":{"kind":"Name","value":"weekStartDay"}},{"kind":"Field","name":{"kind":"Name","value":"anonymizeIps"}},{"kind":"Field","name":{"kind":"Name","value":"appUrls"}},{"kind":"Field","name":{"kind":"Name","value":"isPendingDeletion"}},{"kind":"Field","name":{"kind":"Name","value":"organization"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"databaseId"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]} as unknown as DocumentNode<CreateProjectForTestMutation, CreateProjectForTestMutationVariables>;
export const UpdateProjectForTestDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateProjectForTest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateProjectInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateProject"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"project"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"weekStartDay"}},{"kind":"Field","name":{"kind":"Name","value":"anonymizeIps"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<UpdateProjectForTestMutation, UpdateProjectForTestMutationVariables>;
export const ProjectNameAndIpsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProjectNameAndIps"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"project"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"anonymizeIps"}}]}}]}}]} as unknown as DocumentNode<ProjectNameAndIpsQuery, ProjectNameAndIpsQueryVariables>;
export const DeleteProjectForTestDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteProjectForTest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteProjectInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteProject"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deletedProjectId"}},{"kind":"Field","name":{"kind":"Name","value":"deletedDatabaseId"}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<DeleteProjectForTestMutation, DeleteProjectForTestMutationVariables>;
export const ProjectPendingDeletionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProjectPendingDeletion"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"project"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"isPendingDeletion"}}]}},{"kind":"Field","name":{"kind":"Name","value":"projects"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<ProjectPendingDeletionQuery, ProjectPendingDeletionQueryVariables>;
export const DeleteProjectAgainForTestDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteProjectAgainForTest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteProjectInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteProject"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deletedProjectId"}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<DeleteProjectAgainForTestMutation, DeleteProjectAgainForTestMutationVariables>;
export const ViewerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"databaseId"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"dateJoined"}},{"kind":"Field","name":{"kind":"Name","value":"organizations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"membershipLevel"}}]}},{"kind":"Field","name":{"kind":"Name","value":"organization"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"databaseId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"memberCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"project"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"apiToken"}},{"kind":"Field","name":{"kind":"Name","value":"organization"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"databaseId"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ViewerQuery, ViewerQueryVariables>;
export const ViewerOrganizationProjectsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ViewerOrganizationProjects"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organizations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"projects"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<ViewerOrganizationProjectsQuery, ViewerOrganizationProjectsQueryVariables>;
export const ViewerProjectSettingsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ViewerProjectSettings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"project"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]}}]} as unknown as DocumentNode<ViewerProjectSettingsQuery, ViewerProjectSettingsQueryVariables>;
export const OrganizationRecordDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OrganizationRecord"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organization"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"membershipLevel"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"memberCount"}}]}}]}}]} as unknown as DocumentNode<OrganizationRecordQuery, OrganizationRecordQueryVariables>;
export const OrganizationProjectsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OrganizationProjects"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organization"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"projects"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"timezone"}}]}}]}}]}}]}}]} as unknown as DocumentNode<OrganizationProjectsQuery, OrganizationProjectsQueryVariables>;