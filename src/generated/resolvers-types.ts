import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { ProjectParent } from '../upstream-client/endpoints/project.ts';
import type { Connection, Edge } from '../relay/connection.ts';
import type { OrganizationRef } from '../upstream-client/endpoints/organization.ts';
import type { UserRecord } from '../upstream-client/endpoints/user.ts';
import type { ViewerRecord } from '../upstream-client/endpoints/viewer.ts';
import type { ProjectFlag, ProjectMinimalFlag, OrganizationFlagRecord, CohortRecord, StaticCohortPayload, CopyFlagsFailureRecord, ProjectFlagCopy } from '../upstream-client/endpoints/feature-flag.ts';
import type { ActivityLogRecord } from '../upstream-client/endpoints/activity.ts';
import type { ProjectRoleAccess, RoleRecord, RevokeRoleAccessPayload } from '../upstream-client/endpoints/role-access.ts';
import type { OrgPlugin, OrgPluginConfig, RepositoryPluginRecord } from '../upstream-client/endpoints/plugin.ts';
import type { UserErrorRecord } from '../user-error.ts';
import type { FlagChangeEvent } from '../subscriptions/events.ts';
import type { GatewayContext } from '../context.ts';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** An ISO 8601 date-time string, e.g. `2024-05-01T12:00:00.000Z`. */
  DateTime: { input: string; output: string; }
  /** Arbitrary JSON, used only for maps whose structure the upstream leaves free-form (filters, config schemas, capabilities...). */
  JSON: { input: unknown; output: unknown; }
  /** An IANA time-zone name accepted by the upstream (docs/rest-interface.md, "Time zones"), e.g. `Europe/Paris`, `UTC` or `US/Eastern`. */
  TimeZone: { input: string; output: string; }
  /** A UUID string, e.g. `0190f5a4-6a1e-7d2a-9a47-3c1f0e2b7c11`. */
  UUID: { input: string; output: string; }
  _FieldSet: { input: unknown; output: unknown; }
};

/** One field change inside an activity log entry. */
export type ActivityLogChange = {
  readonly __typename?: 'ActivityLogChange';
  /** `created`, `changed` or `deleted`. */
  readonly action?: Maybe<Scalars['String']['output']>;
  /** The value after the change. */
  readonly after?: Maybe<Scalars['JSON']['output']>;
  /** The value before the change. */
  readonly before?: Maybe<Scalars['JSON']['output']>;
  /** The changed field, e.g. `filters`. */
  readonly field?: Maybe<Scalars['String']['output']>;
  /** The kind of object changed. */
  readonly type?: Maybe<Scalars['String']['output']>;
};

/** A page of activity log entries (Relay connection over the upstream's page/limit pagination). */
export type ActivityLogConnection = {
  readonly __typename?: 'ActivityLogConnection';
  /** The entries of this page with their cursors. */
  readonly edges: ReadonlyArray<ActivityLogEdge>;
  /** The entries of this page. */
  readonly nodes: ReadonlyArray<ActivityLogEntry>;
  /** Where this page sits in the whole log. */
  readonly pageInfo: PageInfo;
  /** Number of entries in the whole log (the upstream's `total_count`). */
  readonly totalCount: Scalars['Int']['output'];
};

/** An activity log entry in a connection. */
export type ActivityLogEdge = {
  readonly __typename?: 'ActivityLogEdge';
  /** Opaque cursor of this entry's position. */
  readonly cursor: Scalars['String']['output'];
  /** The entry. */
  readonly node: ActivityLogEntry;
};

/** One entry of an activity log (flags, plugins). */
export type ActivityLogEntry = {
  readonly __typename?: 'ActivityLogEntry';
  /** What happened: `created`, `updated`, `deleted`, `restored`, `installed`, `enabled`... */
  readonly activity: Scalars['String']['output'];
  /** The changes, as the upstream reports them. */
  readonly changes: ReadonlyArray<ActivityLogChange>;
  /** When it happened. */
  readonly createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** The full detail object as the upstream returns it (changes, merge, trigger, name...). */
  readonly detail?: Maybe<Scalars['JSON']['output']>;
  /** The upstream id of the changed object, as a string. */
  readonly itemId?: Maybe<Scalars['String']['output']>;
  /** The name of the changed object at the time (for flags: the key). */
  readonly name?: Maybe<Scalars['String']['output']>;
  /** The kind of object changed, e.g. `FeatureFlag`, `Plugin`, `PluginConfig`. */
  readonly scope: Scalars['String']['output'];
  /** Who did it; `isSystem` for changes made by PostHog itself. */
  readonly user?: Maybe<ActivityLogUser>;
};

/** The author of an activity log entry. */
export type ActivityLogUser = {
  readonly __typename?: 'ActivityLogUser';
  /** The author's e-mail (null for system changes). */
  readonly email?: Maybe<Scalars['String']['output']>;
  /** The author's first name (`System` for system changes). */
  readonly firstName?: Maybe<Scalars['String']['output']>;
  /** True when the change was made by PostHog itself, not a user. */
  readonly isSystem: Scalars['Boolean']['output'];
};

/** Result of `archiveFeatureFlag`. */
export type ArchiveFeatureFlagPayload = {
  readonly __typename?: 'ArchiveFeatureFlagPayload';
  /** The flag, now archived (and disabled); null when `userErrors` is not empty. */
  readonly featureFlag?: Maybe<FeatureFlag>;
  /** Why the flag could not be archived: `DEPENDENT_FLAGS_ACTIVE` (an enabled flag others depend on), `APPROVAL_REQUIRED`, a deleted flag (`OTHER`). */
  readonly userErrors: ReadonlyArray<UserError>;
};

/** Result of `checkPluginForUpdates`. */
export type CheckPluginForUpdatesPayload = {
  readonly __typename?: 'CheckPluginForUpdatesPayload';
  /** The plugin with its `latestTag` refreshed; null when `userErrors` is not empty. */
  readonly plugin?: Maybe<Plugin>;
  /** Why the check failed. */
  readonly userErrors: ReadonlyArray<UserError>;
};

/** A target project the flag could not be copied to. */
export type CopyFeatureFlagFailure = {
  readonly __typename?: 'CopyFeatureFlagFailure';
  /** What went wrong, as the upstream reports it (a message or a map of field errors). */
  readonly errors?: Maybe<Scalars['JSON']['output']>;
  /** The target project, when it exists. */
  readonly project?: Maybe<Project>;
  /** The target project's numeric id. */
  readonly projectDatabaseId?: Maybe<Scalars['Int']['output']>;
};

/**
 * The flag copied into one target project. A condition on another flag is pointed at the target's enabled flag with
 * the same key; one the target cannot satisfy is dropped, reported in `flagDependencyWarnings`, and the copy is then
 * left disabled for review.
 */
export type CopyFeatureFlagResult = {
  readonly __typename?: 'CopyFeatureFlagResult';
  /** Keys of the dependency flags copied into the target before this flag (`copyDependencies`), each after its own dependencies. */
  readonly copiedDependencyKeys: ReadonlyArray<Scalars['String']['output']>;
  /** What the copies of those dependency flags dropped, worded as `flagDependencyWarnings`. */
  readonly dependencyCopyWarnings: ReadonlyArray<Scalars['String']['output']>;
  /** The flag created or updated in the target project. */
  readonly featureFlag: FeatureFlag;
  /** One message per condition on another flag the copy dropped (and per condition set left with no condition), as the upstream words it. */
  readonly flagDependencyWarnings: ReadonlyArray<Scalars['String']['output']>;
  /** The target project. */
  readonly project?: Maybe<Project>;
  /** The target project's numeric id. */
  readonly projectDatabaseId: Scalars['Int']['output'];
  /** Why scheduled changes were not copied (with `copySchedule`), as the upstream words it; null when nothing was skipped. */
  readonly scheduleCopyWarning?: Maybe<Scalars['String']['output']>;
};

/** What `copyFeatureFlags` copies, from where to where. */
export type CopyFeatureFlagsInput = {
  /**
   * Also copy the flags this flag depends on (conditions on other flags) that a target lacks, each before the flags
   * depending on it; a target's enabled flag of a dependency's key is used as it is. The upstream refuses the whole
   * copy when the source flags' dependencies form a cycle (`CIRCULAR_FLAG_DEPENDENCY`), name a flag the source project
   * no longer has (`DEPENDENCY_FLAG_NOT_FOUND`) or number more than 50 (`TOO_MANY_FLAG_DEPENDENCIES`).
   */
  readonly copyDependencies?: InputMaybe<Scalars['Boolean']['input']>;
  /** Also copy the flag's pending scheduled changes. */
  readonly copySchedule?: InputMaybe<Scalars['Boolean']['input']>;
  /** Leave the copies disabled, whether or not the source flag is enabled. */
  readonly disableCopiedFlag?: InputMaybe<Scalars['Boolean']['input']>;
  /** Key of the flag to copy. */
  readonly featureFlagKey: Scalars['String']['input'];
  /** The project to copy the flag from (global or numeric id). */
  readonly fromProjectId: Scalars['ID']['input'];
  /** The organization (its UUID or an Organization global id) that owns all the projects involved. */
  readonly organizationId: Scalars['ID']['input'];
  /** The projects to copy the flag to (global or numeric ids). An existing flag with the key is updated, otherwise one is created. */
  readonly targetProjectIds: ReadonlyArray<Scalars['ID']['input']>;
};

/** Result of `copyFeatureFlags`. */
export type CopyFeatureFlagsPayload = {
  readonly __typename?: 'CopyFeatureFlagsPayload';
  /** The flags created or updated in the target projects. */
  readonly copiedFeatureFlags?: Maybe<ReadonlyArray<FeatureFlag>>;
  /** Each target the flag was copied to, in the order asked, with what its copy could not carry over. */
  readonly copies?: Maybe<ReadonlyArray<CopyFeatureFlagResult>>;
  /** The target projects the copy failed for, with the reason. */
  readonly failures?: Maybe<ReadonlyArray<CopyFeatureFlagFailure>>;
  /** Why the whole copy was refused (e.g. the source flag does not exist). */
  readonly userErrors: ReadonlyArray<UserError>;
};

/** The flag fields `createFeatureFlag` accepts. */
export type CreateFeatureFlagInput = {
  /** Whether the flag starts enabled (upstream default: true). */
  readonly active?: InputMaybe<Scalars['Boolean']['input']>;
  /** Database ids of dashboards to link (same project). */
  readonly analyticsDashboards?: InputMaybe<ReadonlyArray<Scalars['Int']['input']>>;
  /** The flag's description; an alias of `name`. */
  readonly description?: InputMaybe<Scalars['String']['input']>;
  /** Keep a person's value stable across anonymous and identified ids. */
  readonly ensureExperienceContinuity?: InputMaybe<Scalars['Boolean']['input']>;
  /**
   * Release conditions; when given it needs at least one condition in `groups`. A condition on another flag names an
   * enabled flag of the project by its numeric id (`{"type": "flag", "key": "42", "operator": "flag_evaluates_to",
   * "value": true}`), and may not lead back to this flag.
   */
  readonly filters?: InputMaybe<Scalars['JSON']['input']>;
  /** Whether the usage dashboard has enriched analytics. */
  readonly hasEnrichedAnalytics?: InputMaybe<Scalars['Boolean']['input']>;
  /** The flag key (letters, digits, `-` and `_`; unique among the project's non-deleted flags). */
  readonly key: Scalars['String']['input'];
  /** The flag's description (upstream `name`). Give this or `description`, not both. */
  readonly name?: InputMaybe<Scalars['String']['input']>;
  /**
   * Legacy rollback marker (older upstreams only; a current upstream ignores it).
   * @deprecated The upstream dropped automatic rollbacks and ignores this field.
   */
  readonly performedRollback?: InputMaybe<Scalars['Boolean']['input']>;
  /** The project to create the flag in: a Project global id or its numeric id. */
  readonly projectId: Scalars['ID']['input'];
  /**
   * Legacy automatic-rollback conditions (older upstreams only; a current upstream ignores it).
   * @deprecated The upstream dropped automatic rollbacks and ignores this field.
   */
  readonly rollbackConditions?: InputMaybe<Scalars['JSON']['input']>;
  /** Tags (kept only if the organization has the tagging feature). */
  readonly tags?: InputMaybe<ReadonlyArray<Scalars['String']['input']>>;
};

/** Result of `createFeatureFlag`. */
export type CreateFeatureFlagPayload = {
  readonly __typename?: 'CreateFeatureFlagPayload';
  /** The new flag; null when `userErrors` is not empty. */
  readonly featureFlag?: Maybe<FeatureFlag>;
  /**
   * Why the input was refused, with the path of the offending input field. A condition on another flag that is
   * disabled, missing, named by key or circular has its own code (`DEPENDENCY_FLAGS_DISABLED`,
   * `DEPENDENCY_FLAG_NOT_FOUND`, `INVALID_FLAG_REFERENCE`, `CIRCULAR_FLAG_DEPENDENCY`), and `flags` names the flags.
   */
  readonly userErrors: ReadonlyArray<UserError>;
};

/** Result of `createFeatureFlagStaticCohort`. */
export type CreateFeatureFlagStaticCohortPayload = {
  readonly __typename?: 'CreateFeatureFlagStaticCohortPayload';
  /** The new static cohort; null when `userErrors` is not empty. */
  readonly cohort?: Maybe<FeatureFlagStaticCohort>;
  /** The flag the cohort was built from. */
  readonly featureFlag?: Maybe<FeatureFlag>;
  /** Why the cohort could not be created. */
  readonly userErrors: ReadonlyArray<UserError>;
};

/** The plugin fields `createPlugin` accepts. */
export type CreatePluginInput = {
  /** What the plugin implements. */
  readonly capabilities?: InputMaybe<Scalars['JSON']['input']>;
  /** The plugin's configuration fields. */
  readonly configSchema?: InputMaybe<Scalars['JSON']['input']>;
  /** What the plugin does. */
  readonly description?: InputMaybe<Scalars['String']['input']>;
  /** The plugin's icon. */
  readonly icon?: InputMaybe<Scalars['String']['input']>;
  /** Make the plugin available to every organization (needs the right to manage global plugins). */
  readonly isGlobal?: InputMaybe<Scalars['Boolean']['input']>;
  /** Metrics definitions. */
  readonly metrics?: InputMaybe<Scalars['JSON']['input']>;
  /** The plugin's name. */
  readonly name?: InputMaybe<Scalars['String']['input']>;
  /** The organization to install the plugin in: its UUID or an Organization global id. */
  readonly organizationId: Scalars['ID']['input'];
  /** How the plugin is installed (`SOURCE` for browser-edited code). */
  readonly pluginType?: InputMaybe<PluginType>;
  /** Jobs the plugin exposes. */
  readonly publicJobs?: InputMaybe<Scalars['JSON']['input']>;
  /** The version tag to install. */
  readonly tag?: InputMaybe<Scalars['String']['input']>;
  /** Where to download the plugin from (needed by the real service for all but `SOURCE` plugins). */
  readonly url?: InputMaybe<Scalars['String']['input']>;
};

/** Result of `createPlugin`. */
export type CreatePluginPayload = {
  readonly __typename?: 'CreatePluginPayload';
  /** The new plugin; null when `userErrors` is not empty. */
  readonly plugin?: Maybe<Plugin>;
  /** Why the plugin could not be created. */
  readonly userErrors: ReadonlyArray<UserError>;
};

/** Fields of a new project. */
export type CreateProjectInput = {
  /** Whether access to the project is restricted by access control. */
  readonly accessControl?: InputMaybe<Scalars['Boolean']['input']>;
  /** Whether client IP addresses are discarded. */
  readonly anonymizeIps?: InputMaybe<Scalars['Boolean']['input']>;
  /** Authorized URLs of the app. */
  readonly appUrls?: InputMaybe<ReadonlyArray<Scalars['String']['input']>>;
  /** Exception errors to ignore. */
  readonly autocaptureExceptionsErrorsToIgnore?: InputMaybe<Scalars['JSON']['input']>;
  /** Whether exceptions are autocaptured. */
  readonly autocaptureExceptionsOptIn?: InputMaybe<Scalars['Boolean']['input']>;
  /** Whether autocapture is switched off. */
  readonly autocaptureOptOut?: InputMaybe<Scalars['Boolean']['input']>;
  /** Whether console logs are captured. */
  readonly captureConsoleLogOptIn?: InputMaybe<Scalars['Boolean']['input']>;
  /** Whether performance data is captured. */
  readonly capturePerformanceOptIn?: InputMaybe<Scalars['Boolean']['input']>;
  /** Whether the tracking snippet onboarding is complete. */
  readonly completedSnippetOnboarding?: InputMaybe<Scalars['Boolean']['input']>;
  /** Settings of correlation analysis. */
  readonly correlationConfig?: InputMaybe<Scalars['JSON']['input']>;
  /** Element attributes used to identify elements in the toolbar. */
  readonly dataAttributes?: InputMaybe<Scalars['JSON']['input']>;
  /** Extra settings, as a free-form map. */
  readonly extraSettings?: InputMaybe<Scalars['JSON']['input']>;
  /** Products whose onboarding has been completed. */
  readonly hasCompletedOnboardingFor?: InputMaybe<Scalars['JSON']['input']>;
  /** Whether web apps are injected into the site. */
  readonly injectWebApps?: InputMaybe<Scalars['Boolean']['input']>;
  /** Whether this is a demo project. */
  readonly isDemo?: InputMaybe<Scalars['Boolean']['input']>;
  /** Columns shown in the live events view. */
  readonly liveEventsColumns?: InputMaybe<ReadonlyArray<Scalars['String']['input']>>;
  /** Name of the project. */
  readonly name: Scalars['String']['input'];
  /** Rules that clean URL paths in path analyses. */
  readonly pathCleaningFilters?: InputMaybe<Scalars['JSON']['input']>;
  /** Person properties used as a person's display name. */
  readonly personDisplayNameProperties?: InputMaybe<ReadonlyArray<Scalars['String']['input']>>;
  /** Upstream id of the primary dashboard. */
  readonly primaryDashboard?: InputMaybe<Scalars['Int']['input']>;
  /** Domains on which session recording is allowed. */
  readonly recordingDomains?: InputMaybe<ReadonlyArray<Scalars['String']['input']>>;
  /** Feature flag that must be on for a session to be recorded. */
  readonly sessionRecordingLinkedFlag?: InputMaybe<Scalars['JSON']['input']>;
  /** Minimum duration of a recorded session, in milliseconds. */
  readonly sessionRecordingMinimumDurationMilliseconds?: InputMaybe<Scalars['Int']['input']>;
  /** What network payloads session recording captures. */
  readonly sessionRecordingNetworkPayloadCaptureConfig?: InputMaybe<Scalars['JSON']['input']>;
  /** Whether session recording is on. */
  readonly sessionRecordingOptIn?: InputMaybe<Scalars['Boolean']['input']>;
  /** Share of sessions recorded, as a decimal string between 0 and 1. */
  readonly sessionRecordingSampleRate?: InputMaybe<Scalars['String']['input']>;
  /**
   * Slack incoming-webhook URL (older upstreams only; a current upstream ignores it).
   * @deprecated The upstream no longer has this setting and ignores it.
   */
  readonly slackIncomingWebhook?: InputMaybe<Scalars['String']['input']>;
  /** Whether surveys are enabled. */
  readonly surveysOptIn?: InputMaybe<Scalars['Boolean']['input']>;
  /** Filters that exclude internal and test accounts. */
  readonly testAccountFilters?: InputMaybe<Scalars['JSON']['input']>;
  /** Whether test-account filtering is on by default. */
  readonly testAccountFiltersDefaultChecked?: InputMaybe<Scalars['Boolean']['input']>;
  /** Time zone in which dates are shown (default `UTC`). */
  readonly timezone?: InputMaybe<Scalars['TimeZone']['input']>;
  /** First day of the week in date ranges. */
  readonly weekStartDay?: InputMaybe<WeekStartDay>;
};

/** Result of `createProject`. */
export type CreateProjectPayload = {
  readonly __typename?: 'CreateProjectPayload';
  /** The new project; null when there are user errors. */
  readonly project?: Maybe<Project>;
  /** Validation failures reported by the upstream. */
  readonly userErrors: ReadonlyArray<UserError>;
};

/** Result of `deleteFeatureFlag` (a soft delete). */
export type DeleteFeatureFlagPayload = {
  readonly __typename?: 'DeleteFeatureFlagPayload';
  /** Global id of the soft-deleted flag; null when `userErrors` is not empty. */
  readonly deletedFeatureFlagId?: Maybe<Scalars['ID']['output']>;
  /** The flag, now with `deleted: true` (it can still be read by id and restored). */
  readonly featureFlag?: Maybe<FeatureFlag>;
  /** Why the flag could not be deleted: `DEPENDENT_FLAGS_ACTIVE` when enabled flags depend on it (the message names them). */
  readonly userErrors: ReadonlyArray<UserError>;
};

/** Result of `deletePlugin`. */
export type DeletePluginPayload = {
  readonly __typename?: 'DeletePluginPayload';
  /** Global id of the uninstalled plugin; null when `userErrors` is not empty. */
  readonly deletedPluginId?: Maybe<Scalars['ID']['output']>;
  /** Why the plugin could not be deleted (e.g. it is global). */
  readonly userErrors: ReadonlyArray<UserError>;
};

/** Which project to delete. */
export type DeleteProjectInput = {
  /** The project's global id or upstream integer id. */
  readonly id: Scalars['ID']['input'];
};

/** Result of `deleteProject`. */
export type DeleteProjectPayload = {
  readonly __typename?: 'DeleteProjectPayload';
  /** Upstream integer id of the deleted project; null when nothing was deleted. */
  readonly deletedDatabaseId?: Maybe<Scalars['Int']['output']>;
  /** Global id of the deleted project; null when nothing was deleted. */
  readonly deletedProjectId?: Maybe<Scalars['ID']['output']>;
  /** Failures reported by the upstream. */
  readonly userErrors: ReadonlyArray<UserError>;
};

/** Result of `disableFeatureFlag`. */
export type DisableFeatureFlagPayload = {
  readonly __typename?: 'DisableFeatureFlagPayload';
  /** The flag, now disabled; null when `userErrors` is not empty. */
  readonly featureFlag?: Maybe<FeatureFlag>;
  /** Why the flag could not be disabled: `DEPENDENT_FLAGS_ACTIVE`, `APPROVAL_REQUIRED`, a deleted flag (`OTHER`). */
  readonly userErrors: ReadonlyArray<UserError>;
};

/** Result of `enableFeatureFlag`. */
export type EnableFeatureFlagPayload = {
  readonly __typename?: 'EnableFeatureFlagPayload';
  /** The flag, now enabled; null when `userErrors` is not empty. */
  readonly featureFlag?: Maybe<FeatureFlag>;
  /** Why the flag could not be enabled: `ARCHIVED`, `DEPENDENCY_FLAGS_DISABLED` (flags it depends on are disabled; `flags` names them), `APPROVAL_REQUIRED`, a deleted flag (`OTHER`). */
  readonly userErrors: ReadonlyArray<UserError>;
};

/**
 * A feature flag: a key that client libraries evaluate to on/off (or a variant) per person or group,
 * according to its release conditions (`filters`). Flags are never hard-deleted; `deleted` marks a soft delete.
 */
export type FeatureFlag = Node & {
  readonly __typename?: 'FeatureFlag';
  /** False when the flag is disabled: it then evaluates to false for everyone. */
  readonly active: Scalars['Boolean']['output'];
  /** The flag's own activity log (created, updated, deleted, restored...), newest first. */
  readonly activity?: Maybe<ActivityLogConnection>;
  /** Database ids of the dashboards linked to the flag. */
  readonly analyticsDashboards?: Maybe<ReadonlyArray<Scalars['Int']['output']>>;
  /**
   * True when the flag is archived (`archiveFeatureFlag`): kept for reference, disabled, and hidden from the
   * upstream's default flag list. Exactly when `status` is `ARCHIVED`, unless the flag is also deleted (`status`
   * `DELETED`). Upstreams older than the lifecycle endpoints report no archive state: false there.
   */
  readonly archived: Scalars['Boolean']['output'];
  /** Whether the calling user may edit this flag. */
  readonly canEdit?: Maybe<Scalars['Boolean']['output']>;
  /** When the flag was created. */
  readonly createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** The user who created the flag (null for system-created flags). */
  readonly createdBy?: Maybe<User>;
  /** The upstream's numeric id of the flag (unique within its project). */
  readonly databaseId: Scalars['Int']['output'];
  /** True when the flag has been soft-deleted (`deleteFeatureFlag`); `restoreFeatureFlag` undoes it. */
  readonly deleted: Scalars['Boolean']['output'];
  /** The flag's description (the upstream field `name`). */
  readonly description?: Maybe<Scalars['String']['output']>;
  /** Whether the flag keeps a person's value stable across anonymous and identified ids. */
  readonly ensureExperienceContinuity?: Maybe<Scalars['Boolean']['output']>;
  /** Database ids of the non-deleted experiments that use this flag. */
  readonly experimentSet?: Maybe<ReadonlyArray<Scalars['Int']['output']>>;
  /** Early-access features linked to the flag, as the upstream returns them. */
  readonly features?: Maybe<Scalars['JSON']['output']>;
  /** Release conditions, free-form as the upstream stores them: `groups` (conditions, OR-ed), `multivariate`, `payloads`, `aggregation_group_type_index`. */
  readonly filters?: Maybe<Scalars['JSON']['output']>;
  /** Whether the usage dashboard has been enriched with analytics. */
  readonly hasEnrichedAnalytics?: Maybe<Scalars['Boolean']['output']>;
  /** Opaque global id; it carries the project id, so `node(id:)` can refetch the flag. */
  readonly id: Scalars['ID']['output'];
  /**
   * True when the flag has one condition, without properties, for persons (older upstreams only; null when not reported).
   * @deprecated The upstream no longer reports it (PostHog's current FeatureFlagSerializer): null against a current upstream. Read `filters` instead.
   */
  readonly isSimpleFlag?: Maybe<Scalars['Boolean']['output']>;
  /** The flag key client libraries evaluate (letters, digits, `-` and `_`; unique among the project's non-deleted flags). */
  readonly key: Scalars['String']['output'];
  /** The user who last changed the flag (null when unknown or not reported by the upstream). */
  readonly lastModifiedBy?: Maybe<User>;
  /** The flag's description. The upstream calls it `name` for backwards compatibility; `description` returns the same text. */
  readonly name?: Maybe<Scalars['String']['output']>;
  /**
   * Legacy: whether an automatic rollback happened (older upstreams only).
   * @deprecated The upstream dropped automatic rollbacks (PostHog's current FeatureFlagSerializer): null against a current upstream.
   */
  readonly performedRollback?: Maybe<Scalars['Boolean']['output']>;
  /** The project the flag belongs to. */
  readonly project?: Maybe<Project>;
  /** The upstream's id of the flag's project (`project { databaseId }` without reading the project). With `databaseId`, the flag's REST identity and its second federation key. */
  readonly projectDatabaseId: Scalars['Int']['output'];
  /** Roles that were granted access to this flag (the deprecated per-flag role access). */
  readonly roleAccess?: Maybe<FeatureFlagRoleAccessConnection>;
  /**
   * Legacy automatic-rollback conditions, as stored (older upstreams only).
   * @deprecated The upstream dropped automatic rollbacks (PostHog's current FeatureFlagSerializer): null against a current upstream.
   */
  readonly rollbackConditions?: Maybe<Scalars['JSON']['output']>;
  /**
   * The single condition's rollout percentage for a simple flag (older upstreams only; null otherwise).
   * @deprecated The upstream no longer reports it (PostHog's current FeatureFlagSerializer): null against a current upstream. Read the rollout percentages in `filters` instead.
   */
  readonly rolloutPercentage?: Maybe<Scalars['Int']['output']>;
  /** The upstream's staleness verdict for the flag (null when the upstream does not report it; not every upstream version does). */
  readonly status?: Maybe<FeatureFlagStatus>;
  /** Surveys linked to the flag, as the upstream returns them. */
  readonly surveys?: Maybe<Scalars['JSON']['output']>;
  /** Tags of the flag (empty unless the organization has the tagging feature). */
  readonly tags?: Maybe<ReadonlyArray<Scalars['String']['output']>>;
  /** When the flag was last changed (null when the upstream does not report it). */
  readonly updatedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Database id of the flag's generated usage dashboard, if any. */
  readonly usageDashboard?: Maybe<Scalars['Int']['output']>;
  /** The flag's edit counter: 1 on creation, +1 on every update (null when the upstream does not report it). */
  readonly version?: Maybe<Scalars['Int']['output']>;
};


/**
 * A feature flag: a key that client libraries evaluate to on/off (or a variant) per person or group,
 * according to its release conditions (`filters`). Flags are never hard-deleted; `deleted` marks a soft delete.
 */
export type FeatureFlagActivityArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * A feature flag: a key that client libraries evaluate to on/off (or a variant) per person or group,
 * according to its release conditions (`filters`). Flags are never hard-deleted; `deleted` marks a soft delete.
 */
export type FeatureFlagRoleAccessArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};

/** One change of a feature flag, as pushed to `featureFlagChanged` subscribers. */
export type FeatureFlagChange = {
  readonly __typename?: 'FeatureFlagChange';
  /** The activity as the upstream's log names it (`created`, `updated`, `deleted`, `restored`...). */
  readonly activity: Scalars['String']['output'];
  /** When the change happened (the activity entry's time). */
  readonly changedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Who made the change (`isSystem` for changes made by PostHog itself). */
  readonly changedBy?: Maybe<ActivityLogUser>;
  /** The field changes the activity entry lists. */
  readonly changes: ReadonlyArray<ActivityLogChange>;
  /** The whole activity log entry; null for role access changes, which the log does not record. */
  readonly entry?: Maybe<ActivityLogEntry>;
  /** The flag as it is now, read with the subscriber's own key through the same fields as queries; null when it cannot be read (e.g. deleted for good). */
  readonly flag?: Maybe<FeatureFlag>;
  /** The upstream's numeric id of the changed flag. */
  readonly flagDatabaseId: Scalars['Int']['output'];
  /** Global id of the changed flag. */
  readonly flagId: Scalars['ID']['output'];
  /** The flag's key at the time of the change. */
  readonly key?: Maybe<Scalars['String']['output']>;
  /** What happened. */
  readonly kind: FeatureFlagChangeKind;
};

/** What happened to a flag. */
export type FeatureFlagChangeKind =
  /** The flag was created. */
  | 'CREATED'
  /** The flag was soft-deleted. */
  | 'DELETED'
  /** Another activity the log recorded for the flag. */
  | 'OTHER'
  /** A soft-deleted flag was restored. */
  | 'RESTORED'
  /** A role was granted or refused access to the flag (seen only for grants made through this gateway: the upstream's log does not record them). */
  | 'ROLE_ACCESS_CHANGED'
  /** Fields of the flag changed. */
  | 'UPDATED';

/** A page of feature flags (Relay connection). */
export type FeatureFlagConnection = {
  readonly __typename?: 'FeatureFlagConnection';
  /** The flags of this page with their cursors. */
  readonly edges: ReadonlyArray<FeatureFlagEdge>;
  /** The flags of this page. */
  readonly nodes: ReadonlyArray<FeatureFlag>;
  /** Where this page sits in the whole list. */
  readonly pageInfo: PageInfo;
  /** Number of flags in the whole list (the upstream's `count`). */
  readonly totalCount: Scalars['Int']['output'];
};

/** Result of `createFeatureFlagDashboard` and `enrichFeatureFlagUsageDashboard`. */
export type FeatureFlagDashboardPayload = {
  readonly __typename?: 'FeatureFlagDashboardPayload';
  /** The flag after the change (its `usageDashboard` / `hasEnrichedAnalytics`); null when `userErrors` is not empty. */
  readonly featureFlag?: Maybe<FeatureFlag>;
  /** Why the dashboard could not be created or enriched (the upstream's message). */
  readonly userErrors: ReadonlyArray<UserError>;
};

/** A feature flag in a connection. */
export type FeatureFlagEdge = {
  readonly __typename?: 'FeatureFlagEdge';
  /** Opaque cursor of this flag's position. */
  readonly cursor: Scalars['String']['output'];
  /** The flag. */
  readonly node: FeatureFlag;
};

/** How one flag evaluates for a person, and why. */
export type FeatureFlagEvaluation = {
  readonly __typename?: 'FeatureFlagEvaluation';
  /** Index (in `filters.groups`) of the condition that decided the value, when one did. */
  readonly conditionIndex?: Maybe<Scalars['Int']['output']>;
  /** Whether the flag is on for this person (true for any variant). */
  readonly enabled: Scalars['Boolean']['output'];
  /** The flag key. */
  readonly key: Scalars['String']['output'];
  /** Why: `condition_match`, `no_condition_match`, `out_of_rollout_bound`, `no_group_type`, `disabled`, `unknown`... */
  readonly reason: Scalars['String']['output'];
  /** The value: `true`/`false` for boolean flags, the variant key for multivariate ones. */
  readonly value?: Maybe<Scalars['JSON']['output']>;
  /** The variant key when the flag is multivariate and on; otherwise null. */
  readonly variant?: Maybe<Scalars['String']['output']>;
};

/** Names a flag: by global id, or by numeric id plus project. */
export type FeatureFlagReferenceInput = {
  /** The flag: a FeatureFlag global id, or its numeric id together with `projectId`. */
  readonly id: Scalars['ID']['input'];
  /** The flag's project (global or numeric id); needed only when `id` is numeric. */
  readonly projectId?: InputMaybe<Scalars['ID']['input']>;
};

/** A grant of one role's access to one feature flag. */
export type FeatureFlagRoleAccess = Node & {
  readonly __typename?: 'FeatureFlagRoleAccess';
  /** When the access was granted. */
  readonly addedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The upstream's numeric id of the grant. */
  readonly databaseId: Scalars['Int']['output'];
  /** The flag the role was granted access to. */
  readonly featureFlag: FeatureFlag;
  /** Opaque global id; it carries the project, the flag and the grant's own id. */
  readonly id: Scalars['ID']['output'];
  /** The role that was granted access. */
  readonly role: Role;
  /** When the grant was last changed. */
  readonly updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** A page of role-access grants (Relay connection). */
export type FeatureFlagRoleAccessConnection = {
  readonly __typename?: 'FeatureFlagRoleAccessConnection';
  /** The grants of this page with their cursors. */
  readonly edges: ReadonlyArray<FeatureFlagRoleAccessEdge>;
  /** The grants of this page. */
  readonly nodes: ReadonlyArray<FeatureFlagRoleAccess>;
  /** Where this page sits in the whole list. */
  readonly pageInfo: PageInfo;
  /** Number of grants of the flag (the upstream's `count`). */
  readonly totalCount: Scalars['Int']['output'];
};

/** A role-access grant in a connection. */
export type FeatureFlagRoleAccessEdge = {
  readonly __typename?: 'FeatureFlagRoleAccessEdge';
  /** Opaque cursor of this grant's position. */
  readonly cursor: Scalars['String']['output'];
  /** The grant. */
  readonly node: FeatureFlagRoleAccess;
};

/** A static cohort created from a flag: everyone the flag was on for at creation time. */
export type FeatureFlagStaticCohort = {
  readonly __typename?: 'FeatureFlagStaticCohort';
  /** When the cohort was created. */
  readonly createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** The cohort record as the upstream returns it. */
  readonly data: Scalars['JSON']['output'];
  /** The cohort's numeric database id. */
  readonly databaseId: Scalars['Int']['output'];
  /** True while the cohort's members are still being computed. */
  readonly isCalculating?: Maybe<Scalars['Boolean']['output']>;
  /** Always true for these cohorts. */
  readonly isStatic?: Maybe<Scalars['Boolean']['output']>;
  /** The cohort's name (`Users with feature flag <key> enabled at <time>`). */
  readonly name?: Maybe<Scalars['String']['output']>;
};

/** The upstream's verdict on whether a flag is still in use. */
export type FeatureFlagStatus =
  /** The flag is in use. */
  | 'ACTIVE'
  /** The flag is archived: kept for reference, off, and hidden from the default flag list. */
  | 'ARCHIVED'
  /** The flag is soft-deleted. */
  | 'DELETED'
  /** The flag has not been evaluated in the last 30 days (reported by the real service, which records flag calls). */
  | 'INACTIVE'
  /** The flag is fully rolled out and more than 30 days old: a candidate for removal from code. */
  | 'STALE'
  /** The upstream could not tell, or reported a status this gateway does not know. */
  | 'UNKNOWN';

/** Which role gets access to which flag. */
export type GrantFeatureFlagRoleAccessInput = {
  /** The flag: a FeatureFlag global id, or its numeric id together with `projectId`. */
  readonly featureFlagId: Scalars['ID']['input'];
  /** The flag's project (global or numeric id); needed only when `featureFlagId` is numeric. */
  readonly projectId?: InputMaybe<Scalars['ID']['input']>;
  /** The role's UUID. */
  readonly roleId: Scalars['UUID']['input'];
};

/** Result of `grantFeatureFlagRoleAccess`. */
export type GrantFeatureFlagRoleAccessPayload = {
  readonly __typename?: 'GrantFeatureFlagRoleAccessPayload';
  /** The new grant; null when `userErrors` is not empty. */
  readonly roleAccess?: Maybe<FeatureFlagRoleAccess>;
  /** Why the grant was refused (e.g. unknown role, role already granted). */
  readonly userErrors: ReadonlyArray<UserError>;
};

/** Flag definitions for SDK local evaluation. */
export type LocalEvaluation = {
  readonly __typename?: 'LocalEvaluation';
  /** Cohort definitions by cohort id (only with `sendCohorts: true`). */
  readonly cohorts?: Maybe<Scalars['JSON']['output']>;
  /** The definitions of all non-deleted flags (inactive ones included). */
  readonly flags: ReadonlyArray<LocalEvaluationFlag>;
  /** Group type names by group type index, e.g. `{"0": "organization"}`. */
  readonly groupTypeMapping?: Maybe<Scalars['JSON']['output']>;
};

/** The minimal definition of a flag that SDKs need to evaluate it. */
export type LocalEvaluationFlag = {
  readonly __typename?: 'LocalEvaluationFlag';
  /** Whether the flag is enabled. */
  readonly active?: Maybe<Scalars['Boolean']['output']>;
  /** The flag's numeric database id. */
  readonly databaseId: Scalars['Int']['output'];
  /** Whether the flag is soft-deleted (always false here). */
  readonly deleted?: Maybe<Scalars['Boolean']['output']>;
  /** Whether the flag needs server-side hash-key overrides (cannot be fully evaluated locally). */
  readonly ensureExperienceContinuity?: Maybe<Scalars['Boolean']['output']>;
  /** Where the flag may be evaluated (`server`, `client`, `all`), when reported. */
  readonly evaluationRuntime?: Maybe<Scalars['String']['output']>;
  /** The full flag (one upstream GET per flag unless already loaded). */
  readonly featureFlag?: Maybe<FeatureFlag>;
  /** The release conditions (flag-dependency properties rewritten to keys). */
  readonly filters?: Maybe<Scalars['JSON']['output']>;
  /** Whether the flag's payloads are encrypted. */
  readonly hasEncryptedPayloads?: Maybe<Scalars['Boolean']['output']>;
  /** The flag key. */
  readonly key: Scalars['String']['output'];
  /** The flag's description (upstream `name`). */
  readonly name?: Maybe<Scalars['String']['output']>;
  /** The flag's version counter, when reported. */
  readonly version?: Maybe<Scalars['Int']['output']>;
};

/** Write operations. Each takes one `input` argument and returns a payload with the changed object and `userErrors`. */
export type Mutation = {
  readonly __typename?: 'Mutation';
  /**
   * Archive a flag: hidden from the default flag list, and disabled in the same write (one call to the
   * upstream's `archive/` endpoint). An archived flag is returned unchanged. Refused for an enabled flag other
   * enabled flags depend on (`DEPENDENT_FLAGS_ACTIVE`).
   */
  readonly archiveFeatureFlag: ArchiveFeatureFlagPayload;
  /** Look up the newest version of a plugin and record it as `latestTag` (a write upstream, hence a mutation). */
  readonly checkPluginForUpdates: CheckPluginForUpdatesPayload;
  /** Copy a flag, by key, from one project to others of the same organization. Browser sessions only on the real service (personal keys get FORBIDDEN). */
  readonly copyFeatureFlags: CopyFeatureFlagsPayload;
  /**
   * Create a feature flag in a project. A condition on another flag must name an enabled flag of the project by id,
   * without a cycle (`DEPENDENCY_FLAGS_DISABLED`, `DEPENDENCY_FLAG_NOT_FOUND`, `INVALID_FLAG_REFERENCE`,
   * `CIRCULAR_FLAG_DEPENDENCY`).
   */
  readonly createFeatureFlag: CreateFeatureFlagPayload;
  /** Generate a new usage dashboard for the flag. Browser sessions only on the real service (personal keys get FORBIDDEN). */
  readonly createFeatureFlagDashboard: FeatureFlagDashboardPayload;
  /** Create a static cohort of everyone the flag is currently on for. Browser sessions only on the real service (personal keys get FORBIDDEN). */
  readonly createFeatureFlagStaticCohort: CreateFeatureFlagStaticCohortPayload;
  /** Install a plugin in an organization. */
  readonly createPlugin: CreatePluginPayload;
  /** Creates a project in the caller's current organization (POST /api/projects/). */
  readonly createProject: CreateProjectPayload;
  /** Soft-delete a flag (PATCH `deleted: true`; the gateway never sends an HTTP DELETE for a flag). Its key becomes free for a new flag. */
  readonly deleteFeatureFlag: DeleteFeatureFlagPayload;
  /** Uninstall a plugin (HTTP DELETE; a global plugin must be made local first). */
  readonly deletePlugin: DeletePluginPayload;
  /** Deletes a project (DELETE /api/projects/{id}/). */
  readonly deleteProject: DeleteProjectPayload;
  /**
   * Disable a flag, changing nothing else (one call to the upstream's `disable/` endpoint). A disabled flag is
   * returned unchanged. Refused while enabled flags depend on it (`DEPENDENT_FLAGS_ACTIVE`, naming them).
   */
  readonly disableFeatureFlag: DisableFeatureFlagPayload;
  /**
   * Enable a flag, changing nothing else (one call to the upstream's `enable/` endpoint; targeting is never re-sent).
   * An enabled flag is returned unchanged. Refused for an archived flag (`ARCHIVED`: unarchive it first) and
   * for a flag that depends on disabled flags (`DEPENDENCY_FLAGS_DISABLED`, naming them: enable those first).
   */
  readonly enableFeatureFlag: EnableFeatureFlagPayload;
  /** Add enriched analytics to the flag's usage dashboard. Browser sessions only on the real service (personal keys get FORBIDDEN). */
  readonly enrichFeatureFlagUsageDashboard: FeatureFlagDashboardPayload;
  /** Give a role access to a feature flag. */
  readonly grantFeatureFlagRoleAccess: GrantFeatureFlagRoleAccessPayload;
  /** Undo a soft delete (PATCH `deleted: false`). */
  readonly restoreFeatureFlag: RestoreFeatureFlagPayload;
  /** Take a role's access to a feature flag away (deletes the grant). */
  readonly revokeFeatureFlagRoleAccess: RevokeFeatureFlagRoleAccessPayload;
  /** Unarchive a flag; it stays disabled (one call to the upstream's `unarchive/` endpoint). A flag not archived is returned unchanged. */
  readonly unarchiveFeatureFlag: UnarchiveFeatureFlagPayload;
  /**
   * Change fields of a feature flag (PATCH: omitted fields stay). Use delete/restore for `deleted`, and the
   * enable/disable/archive mutations to switch a flag. With `expectedVersion`, only if nobody changed the flag
   * since that version (`CONFLICT` otherwise); without it, the edit wins over what others changed in the same fields.
   * `active: false` is refused while enabled flags depend on the flag (`DEPENDENT_FLAGS_ACTIVE`, naming them), `active: true`
   * while a flag its stored conditions depend on is disabled (`DEPENDENCY_FLAGS_DISABLED`, naming them).
   */
  readonly updateFeatureFlag: UpdateFeatureFlagPayload;
  /** Change fields of a plugin (PATCH: omitted fields stay). */
  readonly updatePlugin: UpdatePluginPayload;
  /** Write or delete source files of a `SOURCE` plugin. */
  readonly updatePluginSource: UpdatePluginSourcePayload;
  /** Updates a project (PATCH /api/projects/{id}/). */
  readonly updateProject: UpdateProjectPayload;
  /** Re-download a plugin at its latest version. */
  readonly upgradePlugin: UpgradePluginPayload;
};


/** Write operations. Each takes one `input` argument and returns a payload with the changed object and `userErrors`. */
export type MutationArchiveFeatureFlagArgs = {
  input: FeatureFlagReferenceInput;
};


/** Write operations. Each takes one `input` argument and returns a payload with the changed object and `userErrors`. */
export type MutationCheckPluginForUpdatesArgs = {
  input: PluginReferenceInput;
};


/** Write operations. Each takes one `input` argument and returns a payload with the changed object and `userErrors`. */
export type MutationCopyFeatureFlagsArgs = {
  input: CopyFeatureFlagsInput;
};


/** Write operations. Each takes one `input` argument and returns a payload with the changed object and `userErrors`. */
export type MutationCreateFeatureFlagArgs = {
  input: CreateFeatureFlagInput;
};


/** Write operations. Each takes one `input` argument and returns a payload with the changed object and `userErrors`. */
export type MutationCreateFeatureFlagDashboardArgs = {
  input: FeatureFlagReferenceInput;
};


/** Write operations. Each takes one `input` argument and returns a payload with the changed object and `userErrors`. */
export type MutationCreateFeatureFlagStaticCohortArgs = {
  input: FeatureFlagReferenceInput;
};


/** Write operations. Each takes one `input` argument and returns a payload with the changed object and `userErrors`. */
export type MutationCreatePluginArgs = {
  input: CreatePluginInput;
};


/** Write operations. Each takes one `input` argument and returns a payload with the changed object and `userErrors`. */
export type MutationCreateProjectArgs = {
  input: CreateProjectInput;
};


/** Write operations. Each takes one `input` argument and returns a payload with the changed object and `userErrors`. */
export type MutationDeleteFeatureFlagArgs = {
  input: FeatureFlagReferenceInput;
};


/** Write operations. Each takes one `input` argument and returns a payload with the changed object and `userErrors`. */
export type MutationDeletePluginArgs = {
  input: PluginReferenceInput;
};


/** Write operations. Each takes one `input` argument and returns a payload with the changed object and `userErrors`. */
export type MutationDeleteProjectArgs = {
  input: DeleteProjectInput;
};


/** Write operations. Each takes one `input` argument and returns a payload with the changed object and `userErrors`. */
export type MutationDisableFeatureFlagArgs = {
  input: FeatureFlagReferenceInput;
};


/** Write operations. Each takes one `input` argument and returns a payload with the changed object and `userErrors`. */
export type MutationEnableFeatureFlagArgs = {
  input: FeatureFlagReferenceInput;
};


/** Write operations. Each takes one `input` argument and returns a payload with the changed object and `userErrors`. */
export type MutationEnrichFeatureFlagUsageDashboardArgs = {
  input: FeatureFlagReferenceInput;
};


/** Write operations. Each takes one `input` argument and returns a payload with the changed object and `userErrors`. */
export type MutationGrantFeatureFlagRoleAccessArgs = {
  input: GrantFeatureFlagRoleAccessInput;
};


/** Write operations. Each takes one `input` argument and returns a payload with the changed object and `userErrors`. */
export type MutationRestoreFeatureFlagArgs = {
  input: FeatureFlagReferenceInput;
};


/** Write operations. Each takes one `input` argument and returns a payload with the changed object and `userErrors`. */
export type MutationRevokeFeatureFlagRoleAccessArgs = {
  input: RevokeFeatureFlagRoleAccessInput;
};


/** Write operations. Each takes one `input` argument and returns a payload with the changed object and `userErrors`. */
export type MutationUnarchiveFeatureFlagArgs = {
  input: FeatureFlagReferenceInput;
};


/** Write operations. Each takes one `input` argument and returns a payload with the changed object and `userErrors`. */
export type MutationUpdateFeatureFlagArgs = {
  input: UpdateFeatureFlagInput;
};


/** Write operations. Each takes one `input` argument and returns a payload with the changed object and `userErrors`. */
export type MutationUpdatePluginArgs = {
  input: UpdatePluginInput;
};


/** Write operations. Each takes one `input` argument and returns a payload with the changed object and `userErrors`. */
export type MutationUpdatePluginSourceArgs = {
  input: UpdatePluginSourceInput;
};


/** Write operations. Each takes one `input` argument and returns a payload with the changed object and `userErrors`. */
export type MutationUpdateProjectArgs = {
  input: UpdateProjectInput;
};


/** Write operations. Each takes one `input` argument and returns a payload with the changed object and `userErrors`. */
export type MutationUpgradePluginArgs = {
  input: PluginReferenceInput;
};

/** One of the calling user's flags with its value for them. */
export type MyFeatureFlag = {
  readonly __typename?: 'MyFeatureFlag';
  /** Whether the flag is on for the calling user. */
  readonly enabled: Scalars['Boolean']['output'];
  /** The flag definition (minimal form). */
  readonly flag: LocalEvaluationFlag;
  /** The value for the calling user: `true`/`false`, or a variant key. */
  readonly value?: Maybe<Scalars['JSON']['output']>;
};

/** An object with a globally unique, opaque id that `Query.node` can refetch. */
export type Node = {
  /** Opaque global id; encodes everything needed to refetch the object. */
  readonly id: Scalars['ID']['output'];
};

/** An organization: owns projects, plugins and roles. Its record comes from `GET /api/organizations/{id}/`, one call per organization per operation, made only when a field needs it: `id` and `databaseId` cost nothing, and fields the record that named the organization already carried (a plugin's organization name, the entries of `viewer.organizations`, the viewer's current organization) cost nothing either. */
export type Organization = Node & {
  readonly __typename?: 'Organization';
  /** When the organization was created (the organization's record: one call, free for the viewer's current organization). */
  readonly createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** The organization's UUID (its id in the upstream). */
  readonly databaseId: Scalars['UUID']['output'];
  /** The enabled export plugin configurations of the organization's projects, the ones a user can unsubscribe from. */
  readonly exportsUnsubscribeConfigs?: Maybe<ReadonlyArray<PluginConfig>>;
  /**
   * The flags with this key in every project of the organization (one entry per project that has a
   * non-deleted flag with the key; empty when none). The real service serves this route only to browser
   * sessions: a personal API key gets `FORBIDDEN` there.
   */
  readonly featureFlagsByKey?: Maybe<ReadonlyArray<OrganizationFeatureFlag>>;
  /** Opaque global id of the organization. */
  readonly id: Scalars['ID']['output'];
  /** Number of members of the organization (the organization's record: one call, free for the viewer's current organization). */
  readonly memberCount?: Maybe<Scalars['Int']['output']>;
  /** The caller's membership level in the organization: 1 member, 8 admin, 15 owner (as `Project.effectiveMembershipLevel`). Free on `viewer`; otherwise the organization's record (one call). */
  readonly membershipLevel?: Maybe<Scalars['Int']['output']>;
  /** Name of the organization. Free when the record that named the organization carried it (a plugin's `organizationName`, `viewer`); otherwise the organization's record (one call). An organization the caller does not belong to answers null with a `NOT_FOUND` error. */
  readonly name?: Maybe<Scalars['String']['output']>;
  /** One plugin, by Plugin global id or numeric database id. Null with a `NOT_FOUND` error when it does not exist or is not visible. */
  readonly plugin?: Maybe<Plugin>;
  /** The activity log of plugins and plugin configurations (installed, enabled, config_updated...), newest first. */
  readonly pluginActivity?: Maybe<ActivityLogConnection>;
  /** The plugins this organization can see (its own, global ones, and those its projects use). */
  readonly plugins?: Maybe<PluginConnection>;
  /** The organization's projects visible to the caller (`GET /api/organizations/{id}/projects/`: one call per page). Null, with the error, when the upstream list fails. */
  readonly projects?: Maybe<ProjectConnection>;
  /** The public plugin repository's catalogue (plugins that can be installed by URL), as the upstream returns it. */
  readonly repository?: Maybe<ReadonlyArray<RepositoryPlugin>>;
  /** The organization's URL slug. Free on `viewer`; otherwise the organization's record (one call). */
  readonly slug?: Maybe<Scalars['String']['output']>;
  /** Database ids of plugins (of any organization) that no project has enabled. */
  readonly unused?: Maybe<ReadonlyArray<Scalars['Int']['output']>>;
  /** When the organization was last updated (the organization's record: one call, free for the viewer's current organization). */
  readonly updatedAt?: Maybe<Scalars['DateTime']['output']>;
};


/** An organization: owns projects, plugins and roles. Its record comes from `GET /api/organizations/{id}/`, one call per organization per operation, made only when a field needs it: `id` and `databaseId` cost nothing, and fields the record that named the organization already carried (a plugin's organization name, the entries of `viewer.organizations`, the viewer's current organization) cost nothing either. */
export type OrganizationFeatureFlagsByKeyArgs = {
  key: Scalars['String']['input'];
};


/** An organization: owns projects, plugins and roles. Its record comes from `GET /api/organizations/{id}/`, one call per organization per operation, made only when a field needs it: `id` and `databaseId` cost nothing, and fields the record that named the organization already carried (a plugin's organization name, the entries of `viewer.organizations`, the viewer's current organization) cost nothing either. */
export type OrganizationPluginArgs = {
  id: Scalars['ID']['input'];
};


/** An organization: owns projects, plugins and roles. Its record comes from `GET /api/organizations/{id}/`, one call per organization per operation, made only when a field needs it: `id` and `databaseId` cost nothing, and fields the record that named the organization already carried (a plugin's organization name, the entries of `viewer.organizations`, the viewer's current organization) cost nothing either. */
export type OrganizationPluginActivityArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** An organization: owns projects, plugins and roles. Its record comes from `GET /api/organizations/{id}/`, one call per organization per operation, made only when a field needs it: `id` and `databaseId` cost nothing, and fields the record that named the organization already carried (a plugin's organization name, the entries of `viewer.organizations`, the viewer's current organization) cost nothing either. */
export type OrganizationPluginsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** An organization: owns projects, plugins and roles. Its record comes from `GET /api/organizations/{id}/`, one call per organization per operation, made only when a field needs it: `id` and `databaseId` cost nothing, and fields the record that named the organization already carried (a plugin's organization name, the entries of `viewer.organizations`, the viewer's current organization) cost nothing either. */
export type OrganizationProjectsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};

/** A flag found by key at organization level: one per project that has it. */
export type OrganizationFeatureFlag = {
  readonly __typename?: 'OrganizationFeatureFlag';
  /** Whether the flag is enabled in that project. */
  readonly active?: Maybe<Scalars['Boolean']['output']>;
  /** When the flag was created. */
  readonly createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** Who created the flag. */
  readonly createdBy?: Maybe<User>;
  /** The flag itself (one upstream GET per flag unless already loaded). */
  readonly featureFlag?: Maybe<FeatureFlag>;
  /** The flag's release conditions. */
  readonly filters?: Maybe<Scalars['JSON']['output']>;
  /** The flag's numeric database id in its project. */
  readonly flagDatabaseId: Scalars['Int']['output'];
  /** The project holding this flag. */
  readonly project?: Maybe<Project>;
  /** The project's numeric database id. */
  readonly projectDatabaseId: Scalars['Int']['output'];
};

/**
 * Pagination state of a connection (Relay Cursor Connections). Every connection of this API
 * follows the spec's algorithm over the upstream's offset pagination: `after`/`before` narrow the
 * list, then `first` keeps the start of what remains, then `last` keeps the end of that (so
 * `first` and `last` together give the last `last` of the first `first`; clients rarely want
 * that). `first`/`last` are 0-100 (default 100 when neither is given); a negative or larger value,
 * or a cursor this gateway did not issue, is `BAD_USER_INPUT` with no upstream call. A cursor
 * past the end gives an empty page. Cursors encode a position, so they stay valid across pages of
 * the same list but not across lists.
 */
export type PageInfo = {
  readonly __typename?: 'PageInfo';
  /** Cursor of the last edge, or null when the page is empty. */
  readonly endCursor?: Maybe<Scalars['String']['output']>;
  /** Whether more items follow the last edge of this page. */
  readonly hasNextPage: Scalars['Boolean']['output'];
  /** Whether items precede the first edge of this page. */
  readonly hasPreviousPage: Scalars['Boolean']['output'];
  /** Cursor of the first edge, or null when the page is empty. */
  readonly startCursor?: Maybe<Scalars['String']['output']>;
};

/** A plugin installed in (or visible to) an organization. */
export type Plugin = Node & {
  readonly __typename?: 'Plugin';
  /** What the plugin implements (methods, jobs, scheduled tasks), free-form. */
  readonly capabilities?: Maybe<Scalars['JSON']['output']>;
  /** The plugin's configuration fields, free-form as the plugin declares them. */
  readonly configSchema?: Maybe<Scalars['JSON']['output']>;
  /** The upstream's numeric id of the plugin. */
  readonly databaseId: Scalars['Int']['output'];
  /** What the plugin does. */
  readonly description?: Maybe<Scalars['String']['output']>;
  /** The plugin's icon (URL or data). */
  readonly icon?: Maybe<Scalars['String']['output']>;
  /** Opaque global id; it carries the organization id, so `node(id:)` can refetch the plugin. */
  readonly id: Scalars['ID']['output'];
  /** Whether every organization can use the plugin. */
  readonly isGlobal?: Maybe<Scalars['Boolean']['output']>;
  /** The newest version tag found by `checkPluginForUpdates` (null when unknown or equal to `tag`). */
  readonly latestTag?: Maybe<Scalars['String']['output']>;
  /** The plugin's metrics definitions, free-form. */
  readonly metrics?: Maybe<Scalars['JSON']['output']>;
  /** The plugin's name. */
  readonly name?: Maybe<Scalars['String']['output']>;
  /** The organization that owns the plugin. */
  readonly organization?: Maybe<Organization>;
  /** UUID of the organization that owns the plugin. */
  readonly organizationId?: Maybe<Scalars['UUID']['output']>;
  /** Name of the organization that owns the plugin. */
  readonly organizationName?: Maybe<Scalars['String']['output']>;
  /** How the plugin was installed. */
  readonly pluginType?: Maybe<PluginType>;
  /** The jobs the plugin exposes, free-form. */
  readonly publicJobs?: Maybe<Scalars['JSON']['output']>;
  /** The plugin's source files (for `SOURCE` plugins; empty otherwise), sorted by file name. One upstream GET. */
  readonly source?: Maybe<ReadonlyArray<PluginSourceFile>>;
  /** The installed version tag. */
  readonly tag?: Maybe<Scalars['String']['output']>;
  /** Where the plugin came from (without any private token). */
  readonly url?: Maybe<Scalars['String']['output']>;
};

/** A plugin enabled in one project, with its configuration. */
export type PluginConfig = {
  readonly __typename?: 'PluginConfig';
  /** The configuration values (secret fields are masked by the upstream). */
  readonly config?: Maybe<Scalars['JSON']['output']>;
  /** When the configuration was created. */
  readonly createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** The configuration's numeric database id. */
  readonly databaseId: Scalars['Int']['output'];
  /** Whether the configuration was deleted. */
  readonly deleted?: Maybe<Scalars['Boolean']['output']>;
  /** Share of events delivered over the last 24 hours (0-1), when measured. */
  readonly deliveryRate24h?: Maybe<Scalars['Float']['output']>;
  /** The configuration's description. */
  readonly description?: Maybe<Scalars['String']['output']>;
  /** Whether the plugin runs in the project. */
  readonly enabled?: Maybe<Scalars['Boolean']['output']>;
  /** The last error the plugin reported, if any. */
  readonly error?: Maybe<Scalars['JSON']['output']>;
  /** The configuration's display name. */
  readonly name?: Maybe<Scalars['String']['output']>;
  /** Position of the plugin in the project's processing order. */
  readonly order?: Maybe<Scalars['Int']['output']>;
  /** The configured plugin. */
  readonly plugin?: Maybe<Plugin>;
  /** Database id of the configured plugin. */
  readonly pluginDatabaseId?: Maybe<Scalars['Int']['output']>;
  /** Summary of the plugin as the upstream embeds it. */
  readonly pluginInfo?: Maybe<Scalars['JSON']['output']>;
  /** The project the configuration belongs to. */
  readonly project?: Maybe<Project>;
  /** When the configuration was last changed. */
  readonly updatedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** A page of plugins (Relay connection). */
export type PluginConnection = {
  readonly __typename?: 'PluginConnection';
  /** The plugins of this page with their cursors. */
  readonly edges: ReadonlyArray<PluginEdge>;
  /** The plugins of this page. */
  readonly nodes: ReadonlyArray<Plugin>;
  /** Where this page sits in the whole list. */
  readonly pageInfo: PageInfo;
  /** Number of plugins in the whole list (the upstream's `count`). */
  readonly totalCount: Scalars['Int']['output'];
};

/** A plugin in a connection. */
export type PluginEdge = {
  readonly __typename?: 'PluginEdge';
  /** Opaque cursor of this plugin's position. */
  readonly cursor: Scalars['String']['output'];
  /** The plugin. */
  readonly node: Plugin;
};

/** Names a plugin: by global id, or by numeric id plus organization. */
export type PluginReferenceInput = {
  /** The plugin: a Plugin global id, or its numeric id together with `organizationId`. */
  readonly id: Scalars['ID']['input'];
  /** The plugin's organization (UUID or global id); needed only when `id` is numeric. */
  readonly organizationId?: InputMaybe<Scalars['ID']['input']>;
};

/** One source file of a plugin. */
export type PluginSourceFile = {
  readonly __typename?: 'PluginSourceFile';
  /** The file name, e.g. `index.ts`, `plugin.json`, `frontend.tsx`. */
  readonly filename: Scalars['String']['output'];
  /** The file's contents. */
  readonly source: Scalars['String']['output'];
};

/** A source file to write; `source: null` deletes the file. */
export type PluginSourceFileInput = {
  /** The file name, e.g. `index.ts` or `plugin.json`. */
  readonly filename: Scalars['String']['input'];
  /** The new contents, or null to delete the file. */
  readonly source?: InputMaybe<Scalars['String']['input']>;
};

/** How a plugin was installed. */
export type PluginType =
  /** Downloaded from a GitHub, GitLab or npm URL. */
  | 'custom'
  /** Loaded from a local path (`file:` URL). */
  | 'local'
  /** Installed from PostHog's plugin repository. */
  | 'repository'
  /** Code written in the browser and stored as source files. */
  | 'source';

/** A project (the upstream also calls it a team): the container of feature flags and analytics settings. Fields marked "full record" are not in the upstream's list response; asking for them costs one GET per project (batched and de-duplicated per request). Each carries `@cost(weight: 10)`, the weight of an upstream call: a cost estimate (ours or a router's demand control) counts that GET once per such field selected, since the cost directives cannot express one call shared by several fields. */
export type Project = Node & {
  readonly __typename?: 'Project';
  /** Whether access to the project is restricted by access control. */
  readonly accessControl: Scalars['Boolean']['output'];
  /** Whether client IP addresses are discarded (full record). */
  readonly anonymizeIps?: Maybe<Scalars['Boolean']['output']>;
  /** The project API token (`phc_...`) used by client libraries to send events and evaluate flags. */
  readonly apiToken: Scalars['String']['output'];
  /** Authorized URLs of the app (full record). */
  readonly appUrls?: Maybe<ReadonlyArray<Scalars['String']['output']>>;
  /** Exception errors to ignore when autocapturing exceptions (full record). */
  readonly autocaptureExceptionsErrorsToIgnore?: Maybe<Scalars['JSON']['output']>;
  /** Whether exceptions are autocaptured (full record). */
  readonly autocaptureExceptionsOptIn?: Maybe<Scalars['Boolean']['output']>;
  /** Whether autocapture is switched off (full record). */
  readonly autocaptureOptOut?: Maybe<Scalars['Boolean']['output']>;
  /** Whether console logs are captured with session recordings (full record). */
  readonly captureConsoleLogOptIn?: Maybe<Scalars['Boolean']['output']>;
  /** Whether performance data is captured (full record). */
  readonly capturePerformanceOptIn?: Maybe<Scalars['Boolean']['output']>;
  /** Whether the tracking snippet has sent its first event. */
  readonly completedSnippetOnboarding: Scalars['Boolean']['output'];
  /** Settings of correlation analysis (full record). */
  readonly correlationConfig?: Maybe<Scalars['JSON']['output']>;
  /** When the project was created (full record). */
  readonly createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** Element attributes used to identify elements in the toolbar (full record). */
  readonly dataAttributes?: Maybe<Scalars['JSON']['output']>;
  /** The upstream's integer id of the project (team). */
  readonly databaseId: Scalars['Int']['output'];
  /** The caller's effective membership level in the project (1 member, 8 admin, 15 owner) (full record). */
  readonly effectiveMembershipLevel?: Maybe<Scalars['Int']['output']>;
  /**
   * How every flag of the project evaluates for one person (and optional groups), with the reason.
   * Inactive flags are reported as `disabled`. The real service allows this only with a browser
   * session: a personal API key gets `FORBIDDEN`.
   */
  readonly evaluationReasons?: Maybe<ReadonlyArray<FeatureFlagEvaluation>>;
  /** Extra settings, as a free-form map (full record). */
  readonly extraSettings?: Maybe<Scalars['JSON']['output']>;
  /**
   * One flag of this project, by `id` (a FeatureFlag global id or the numeric database id) or by `key`.
   * Exactly one of the two arguments must be given. An id lookup costs one upstream GET (none if an
   * earlier list in the same operation returned the flag). A key lookup has no direct endpoint: it
   * runs a list search for the key and keeps the exact match, so it costs one list call (more if the
   * search matches over 100 flags). The upstream's list leaves archived flags out, so when that
   * search has no exact match, the same search runs among the archived flags (one more call, paid
   * only for archived or missing keys). It never finds a soft-deleted flag. Null with a `NOT_FOUND`
   * error when there is no such flag.
   */
  readonly featureFlag?: Maybe<FeatureFlag>;
  /** The activity log of all feature flags of this project (created, updated, deleted, restored...), newest first. */
  readonly featureFlagActivity?: Maybe<ActivityLogConnection>;
  /**
   * The project's feature flags, newest first (the upstream orders by `-created_at`). Archived flags
   * are left out, as the upstream's list leaves them out; `featureFlag(key:)` still finds them.
   * A Relay connection over the upstream's limit/offset list: `first`/`last` are capped at 100.
   */
  readonly featureFlags?: Maybe<FeatureFlagConnection>;
  /**
   * Whether groups-on-events querying is enabled (full record; older upstreams only).
   * @deprecated The upstream no longer reports it (PostHog's current project serializer): null against a current upstream.
   */
  readonly groupsOnEventsQueryingEnabled?: Maybe<Scalars['Boolean']['output']>;
  /** Products whose onboarding has been completed, as a free-form map. */
  readonly hasCompletedOnboardingFor?: Maybe<Scalars['JSON']['output']>;
  /** Whether group types are defined (full record). */
  readonly hasGroupTypes?: Maybe<Scalars['Boolean']['output']>;
  /** Opaque global id of the project. */
  readonly id: Scalars['ID']['output'];
  /** Whether the project has received at least one event. */
  readonly ingestedEvent: Scalars['Boolean']['output'];
  /** Whether web apps are injected into the site (full record). */
  readonly injectWebApps?: Maybe<Scalars['Boolean']['output']>;
  /** Whether this is a demo project with generated data. */
  readonly isDemo: Scalars['Boolean']['output'];
  /** True once the project was deleted: the upstream removes it in the background, and until then it is still read and listed (full record). */
  readonly isPendingDeletion: Scalars['Boolean']['output'];
  /** Columns shown in the live events view (full record). */
  readonly liveEventsColumns?: Maybe<ReadonlyArray<Scalars['String']['output']>>;
  /** The flag definitions server-side SDKs download to evaluate flags locally (inactive flags included, deleted excluded). */
  readonly localEvaluation?: Maybe<LocalEvaluation>;
  /**
   * Every non-deleted flag of the project evaluated for the calling user, newest first.
   * The real service allows this only with a browser session: a personal API key gets `FORBIDDEN`.
   */
  readonly myFlags?: Maybe<ReadonlyArray<MyFeatureFlag>>;
  /** Name of the project. */
  readonly name: Scalars['String']['output'];
  /** The organization that owns the project. */
  readonly organization: Organization;
  /** Rules that clean URL paths in path analyses (full record). */
  readonly pathCleaningFilters?: Maybe<Scalars['JSON']['output']>;
  /** Person properties used as a person's display name (full record). */
  readonly personDisplayNameProperties?: Maybe<ReadonlyArray<Scalars['String']['output']>>;
  /** Whether person-on-events querying is enabled (full record). */
  readonly personOnEventsQueryingEnabled?: Maybe<Scalars['Boolean']['output']>;
  /** Upstream id of the project's primary dashboard (full record). */
  readonly primaryDashboard?: Maybe<Scalars['Int']['output']>;
  /** Domains on which session recording is allowed (full record). */
  readonly recordingDomains?: Maybe<ReadonlyArray<Scalars['String']['output']>>;
  /** Feature flag that must be on for a session to be recorded (full record). */
  readonly sessionRecordingLinkedFlag?: Maybe<Scalars['JSON']['output']>;
  /** Minimum duration of a recorded session, in milliseconds (full record). */
  readonly sessionRecordingMinimumDurationMilliseconds?: Maybe<Scalars['Int']['output']>;
  /** What network payloads session recording captures (full record). */
  readonly sessionRecordingNetworkPayloadCaptureConfig?: Maybe<Scalars['JSON']['output']>;
  /** Whether session recording is on (full record). */
  readonly sessionRecordingOptIn?: Maybe<Scalars['Boolean']['output']>;
  /** Share of sessions recorded, as a decimal string between 0 and 1 (full record). */
  readonly sessionRecordingSampleRate?: Maybe<Scalars['String']['output']>;
  /**
   * Slack incoming-webhook URL for notifications (full record; older upstreams only).
   * @deprecated The upstream no longer reports it (PostHog's current project serializer): null against a current upstream.
   */
  readonly slackIncomingWebhook?: Maybe<Scalars['String']['output']>;
  /** Whether surveys are enabled (full record). */
  readonly surveysOptIn?: Maybe<Scalars['Boolean']['output']>;
  /** Filters that exclude internal and test accounts (full record). */
  readonly testAccountFilters?: Maybe<Scalars['JSON']['output']>;
  /** Whether test-account filtering is on by default in new insights (full record). */
  readonly testAccountFiltersDefaultChecked?: Maybe<Scalars['Boolean']['output']>;
  /** Time zone in which the project's dates are shown. */
  readonly timezone: Scalars['TimeZone']['output'];
  /** When the project was last updated (full record). */
  readonly updatedAt?: Maybe<Scalars['DateTime']['output']>;
  /**
   * How many users a release condition would reach. Read-only despite being a POST upstream.
   * The real service allows this only with a browser session: a personal API key gets `FORBIDDEN`.
   */
  readonly userBlastRadius?: Maybe<UserBlastRadius>;
  /** The project's UUID. */
  readonly uuid: Scalars['UUID']['output'];
  /** First day of the week in date ranges; null when unknown (full record). */
  readonly weekStartDay?: Maybe<WeekStartDay>;
};


/** A project (the upstream also calls it a team): the container of feature flags and analytics settings. Fields marked "full record" are not in the upstream's list response; asking for them costs one GET per project (batched and de-duplicated per request). Each carries `@cost(weight: 10)`, the weight of an upstream call: a cost estimate (ours or a router's demand control) counts that GET once per such field selected, since the cost directives cannot express one call shared by several fields. */
export type ProjectEvaluationReasonsArgs = {
  distinctId: Scalars['String']['input'];
  groups?: InputMaybe<Scalars['JSON']['input']>;
};


/** A project (the upstream also calls it a team): the container of feature flags and analytics settings. Fields marked "full record" are not in the upstream's list response; asking for them costs one GET per project (batched and de-duplicated per request). Each carries `@cost(weight: 10)`, the weight of an upstream call: a cost estimate (ours or a router's demand control) counts that GET once per such field selected, since the cost directives cannot express one call shared by several fields. */
export type ProjectFeatureFlagArgs = {
  id?: InputMaybe<Scalars['ID']['input']>;
  key?: InputMaybe<Scalars['String']['input']>;
};


/** A project (the upstream also calls it a team): the container of feature flags and analytics settings. Fields marked "full record" are not in the upstream's list response; asking for them costs one GET per project (batched and de-duplicated per request). Each carries `@cost(weight: 10)`, the weight of an upstream call: a cost estimate (ours or a router's demand control) counts that GET once per such field selected, since the cost directives cannot express one call shared by several fields. */
export type ProjectFeatureFlagActivityArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** A project (the upstream also calls it a team): the container of feature flags and analytics settings. Fields marked "full record" are not in the upstream's list response; asking for them costs one GET per project (batched and de-duplicated per request). Each carries `@cost(weight: 10)`, the weight of an upstream call: a cost estimate (ours or a router's demand control) counts that GET once per such field selected, since the cost directives cannot express one call shared by several fields. */
export type ProjectFeatureFlagsArgs = {
  active?: InputMaybe<Scalars['Boolean']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  archived?: InputMaybe<Scalars['Boolean']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  includeDeleted?: InputMaybe<Scalars['Boolean']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
};


/** A project (the upstream also calls it a team): the container of feature flags and analytics settings. Fields marked "full record" are not in the upstream's list response; asking for them costs one GET per project (batched and de-duplicated per request). Each carries `@cost(weight: 10)`, the weight of an upstream call: a cost estimate (ours or a router's demand control) counts that GET once per such field selected, since the cost directives cannot express one call shared by several fields. */
export type ProjectLocalEvaluationArgs = {
  sendCohorts?: InputMaybe<Scalars['Boolean']['input']>;
};


/** A project (the upstream also calls it a team): the container of feature flags and analytics settings. Fields marked "full record" are not in the upstream's list response; asking for them costs one GET per project (batched and de-duplicated per request). Each carries `@cost(weight: 10)`, the weight of an upstream call: a cost estimate (ours or a router's demand control) counts that GET once per such field selected, since the cost directives cannot express one call shared by several fields. */
export type ProjectMyFlagsArgs = {
  groups?: InputMaybe<Scalars['JSON']['input']>;
};


/** A project (the upstream also calls it a team): the container of feature flags and analytics settings. Fields marked "full record" are not in the upstream's list response; asking for them costs one GET per project (batched and de-duplicated per request). Each carries `@cost(weight: 10)`, the weight of an upstream call: a cost estimate (ours or a router's demand control) counts that GET once per such field selected, since the cost directives cannot express one call shared by several fields. */
export type ProjectUserBlastRadiusArgs = {
  condition: Scalars['JSON']['input'];
  groupTypeIndex?: InputMaybe<Scalars['Int']['input']>;
};

/** A page of projects. */
export type ProjectConnection = {
  readonly __typename?: 'ProjectConnection';
  /** The projects of this page with their cursors. */
  readonly edges: ReadonlyArray<ProjectEdge>;
  /** The projects of this page. */
  readonly nodes: ReadonlyArray<Project>;
  /** Pagination state. */
  readonly pageInfo: PageInfo;
  /** Number of projects visible to the caller in total. */
  readonly totalCount: Scalars['Int']['output'];
};

/** A project in a page of projects. */
export type ProjectEdge = {
  readonly __typename?: 'ProjectEdge';
  /** Opaque cursor of this project's position, for `after`/`before`. */
  readonly cursor: Scalars['String']['output'];
  /** The project. */
  readonly node: Project;
};

/** Read operations. */
export type Query = {
  readonly __typename?: 'Query';
  /** Fetches any object implementing `Node` by its global id. Returns null (with a NOT_FOUND error) when it does not exist. */
  readonly node?: Maybe<Node>;
  /**
   * Fetches several objects by global id, in order; each missing one is null (with its own error).
   * Its cost estimate (`@listSize`) assumes 100 ids, however many are given: demand control sizes a
   * list by a number argument, never by the length of a list argument.
   */
  readonly nodes: ReadonlyArray<Maybe<Node>>;
  /** An organization by global id or UUID. No upstream call is made until a field needs the organization's record (see `Organization`). */
  readonly organization?: Maybe<Organization>;
  /** A project by global id or upstream integer id. Null with a NOT_FOUND error when it does not exist or is not visible to the caller. */
  readonly project?: Maybe<Project>;
  /** The projects visible to the caller, across their organizations. Null, with the error, when the upstream list fails: like every connection, one failing list never hides its siblings (other root fields, other subgraphs' fields in a federated operation). */
  readonly projects?: Maybe<ProjectConnection>;
  /**
   * How many upstream calls the caller's personal API key has made through this gateway in each of
   * the upstream's windows (UPSTREAM_RATE_LIMITS, default 480 a minute and 4,800 an hour), and what
   * this operation cost. The count is the gateway's own: calls made with the same key by other clients
   * (scripts, the PostHog UI, other gateways) are invisible to it, so `remaining` is an upper bound.
   * Resolved once the operation's other upstream calls are done, so `cost` includes them. The same
   * object is in `extensions.rateLimit` when the request sends `x-upstream-report: 1`.
   */
  readonly rateLimit?: Maybe<RateLimit>;
  /** The caller (the user of the API key), their organizations and current project: one upstream call (`GET /api/users/@me/`, which needs the key's `user:read` scope). Null, with the error, when that call fails. */
  readonly viewer?: Maybe<Viewer>;
};


/** Read operations. */
export type QueryNodeArgs = {
  id: Scalars['ID']['input'];
};


/** Read operations. */
export type QueryNodesArgs = {
  ids: ReadonlyArray<Scalars['ID']['input']>;
};


/** Read operations. */
export type QueryOrganizationArgs = {
  id: Scalars['ID']['input'];
};


/** Read operations. */
export type QueryProjectArgs = {
  id: Scalars['ID']['input'];
};


/** Read operations. */
export type QueryProjectsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
};

/** The caller's key against the upstream's quota: the tightest window's figures, every window, and this operation's cost. */
export type RateLimit = {
  readonly __typename?: 'RateLimit';
  /** Upstream calls this operation made (retries included; answers served from the cache or shared with another request cost nothing). */
  readonly cost: Scalars['Int']['output'];
  /** Calls allowed in the tightest window (the one with the fewest calls left). */
  readonly limit: Scalars['Int']['output'];
  /** Calls left in the tightest window, as far as this gateway knows (`limit - used`, never below 0). */
  readonly remaining: Scalars['Int']['output'];
  /** When `used` next drops in the tightest window (its oldest counted call leaves it); now when nothing is counted. */
  readonly resetAt: Scalars['DateTime']['output'];
  /** Seconds until the key may call the upstream again after it was throttled (429); null when it may call now. */
  readonly retryAfter?: Maybe<Scalars['Int']['output']>;
  /** Calls the key made through this gateway in the tightest window. */
  readonly used: Scalars['Int']['output'];
  /** Every window the key is counted in, shortest first as configured. */
  readonly windows: ReadonlyArray<RateLimitWindow>;
};

/** One window of the upstream's throttle, counted as the upstream counts it: a sliding window of call times per key. */
export type RateLimitWindow = {
  readonly __typename?: 'RateLimitWindow';
  /** Calls allowed in the window. */
  readonly limit: Scalars['Int']['output'];
  /** The window's name: `second`, `minute`, `hour` or `day`. */
  readonly name: Scalars['String']['output'];
  /** Calls left in the window, as far as this gateway knows. */
  readonly remaining: Scalars['Int']['output'];
  /** When `used` next drops (the oldest counted call leaves the window); now when nothing is counted. */
  readonly resetAt: Scalars['DateTime']['output'];
  /** The window's length in seconds. */
  readonly seconds: Scalars['Int']['output'];
  /** Calls the key made through this gateway in the last `seconds`. */
  readonly used: Scalars['Int']['output'];
};

/** An entry of the public plugin repository. */
export type RepositoryPlugin = {
  readonly __typename?: 'RepositoryPlugin';
  /** The entry as the upstream returns it. */
  readonly data: Scalars['JSON']['output'];
  /** What it does. */
  readonly description?: Maybe<Scalars['String']['output']>;
  /** Its icon URL. */
  readonly icon?: Maybe<Scalars['String']['output']>;
  /** Who maintains it (e.g. `official`, `community`). */
  readonly maintainer?: Maybe<Scalars['String']['output']>;
  /** The plugin's name. */
  readonly name?: Maybe<Scalars['String']['output']>;
  /** The URL to install it from. */
  readonly url?: Maybe<Scalars['String']['output']>;
  /** Whether PostHog verified it. */
  readonly verified?: Maybe<Scalars['Boolean']['output']>;
};

/** Result of `restoreFeatureFlag`. */
export type RestoreFeatureFlagPayload = {
  readonly __typename?: 'RestoreFeatureFlagPayload';
  /** The restored flag (`deleted: false`); null when `userErrors` is not empty. */
  readonly featureFlag?: Maybe<FeatureFlag>;
  /** Why the flag could not be restored (e.g. its key is taken again). */
  readonly userErrors: ReadonlyArray<UserError>;
};

/** Which grant to revoke. */
export type RevokeFeatureFlagRoleAccessInput = {
  /** The flag (global id, or numeric with `projectId`); needed only when `id` is numeric. */
  readonly featureFlagId?: InputMaybe<Scalars['ID']['input']>;
  /** The grant: a FeatureFlagRoleAccess global id, or its numeric id together with `featureFlagId`. */
  readonly id: Scalars['ID']['input'];
  /** The flag's project (global or numeric id); needed only when `featureFlagId` is numeric. */
  readonly projectId?: InputMaybe<Scalars['ID']['input']>;
};

/** Result of `revokeFeatureFlagRoleAccess`. */
export type RevokeFeatureFlagRoleAccessPayload = {
  readonly __typename?: 'RevokeFeatureFlagRoleAccessPayload';
  /** The flag the grant belonged to. */
  readonly featureFlag?: Maybe<FeatureFlag>;
  /** Global id of the revoked grant; null when `userErrors` is not empty. */
  readonly revokedRoleAccessId?: Maybe<Scalars['ID']['output']>;
  /** Why the grant could not be revoked. */
  readonly userErrors: ReadonlyArray<UserError>;
};

/** An organization role (a named group of members). */
export type Role = {
  readonly __typename?: 'Role';
  /**
   * The flags associated with the role, as older upstreams report them.
   * @deprecated The upstream no longer reports it (PostHog's current RoleSerializer): null against a current upstream.
   */
  readonly associatedFlags?: Maybe<Scalars['JSON']['output']>;
  /** When the role was created. */
  readonly createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** Who created the role. */
  readonly createdBy?: Maybe<User>;
  /**
   * Access level of the role on feature flags: 21 = can only view, 37 = can always edit (older upstreams only).
   * @deprecated The upstream no longer reports it (PostHog's current RoleSerializer): null against a current upstream.
   */
  readonly featureFlagsAccessLevel?: Maybe<Scalars['Int']['output']>;
  /** The role's UUID (the upstream's own id). */
  readonly id: Scalars['UUID']['output'];
  /** The role's members, as the upstream reports them. */
  readonly members?: Maybe<Scalars['JSON']['output']>;
  /** The role's name (unique in its organization). */
  readonly name: Scalars['String']['output'];
};

/**
 * Live updates, fed by the project's activity log. Served with graphql-ws (`graphql-transport-ws`
 * subprotocol) on the GraphQL path and with GraphQL over Server-Sent Events (graphql-sse) on
 * `<GraphQL path>/stream`. The caller's key (`Authorization` in the connection params or header) is
 * checked against the project when subscribing and periodically afterwards; a key that loses access
 * ends its subscriptions with `UNAUTHENTICATED` or `FORBIDDEN`. All subscribers of a project in one
 * gateway process share one poll of the log, so upstream load does not grow with subscribers.
 */
export type Subscription = {
  readonly __typename?: 'Subscription';
  /**
   * One event per change of a flag of the project (created, updated, soft-deleted, restored, role access
   * changed through this gateway), oldest first, within seconds of the change. A change made while
   * the gateway could not reach the upstream is delivered once it can again; past a limit of
   * unreachability the subscription ends with an error (`UPSTREAM_UNAVAILABLE`, `UPSTREAM_TIMEOUT` or
   * `UPSTREAM_ERROR`) and may be opened again.
   */
  readonly featureFlagChanged: FeatureFlagChange;
};


/**
 * Live updates, fed by the project's activity log. Served with graphql-ws (`graphql-transport-ws`
 * subprotocol) on the GraphQL path and with GraphQL over Server-Sent Events (graphql-sse) on
 * `<GraphQL path>/stream`. The caller's key (`Authorization` in the connection params or header) is
 * checked against the project when subscribing and periodically afterwards; a key that loses access
 * ends its subscriptions with `UNAUTHENTICATED` or `FORBIDDEN`. All subscribers of a project in one
 * gateway process share one poll of the log, so upstream load does not grow with subscribers.
 */
export type SubscriptionFeatureFlagChangedArgs = {
  keys?: InputMaybe<ReadonlyArray<Scalars['String']['input']>>;
  projectId: Scalars['ID']['input'];
};

/** Result of `unarchiveFeatureFlag`. */
export type UnarchiveFeatureFlagPayload = {
  readonly __typename?: 'UnarchiveFeatureFlagPayload';
  /** The flag, no longer archived (still disabled); null when `userErrors` is not empty. */
  readonly featureFlag?: Maybe<FeatureFlag>;
  /** Why the flag could not be unarchived: a deleted flag (`OTHER`). */
  readonly userErrors: ReadonlyArray<UserError>;
};

/** The flag fields `updateFeatureFlag` changes; omitted fields stay as they are. */
export type UpdateFeatureFlagInput = {
  /** Enable or disable the flag. */
  readonly active?: InputMaybe<Scalars['Boolean']['input']>;
  /** Database ids of dashboards to link (replace the old list). */
  readonly analyticsDashboards?: InputMaybe<ReadonlyArray<Scalars['Int']['input']>>;
  /** A new description; an alias of `name`. */
  readonly description?: InputMaybe<Scalars['String']['input']>;
  /** Keep a person's value stable across anonymous and identified ids. */
  readonly ensureExperienceContinuity?: InputMaybe<Scalars['Boolean']['input']>;
  /**
   * Apply the edit only if the flag is still at this version (`FeatureFlag.version` as the editor read it).
   * When it has moved on, the edit is refused as a whole, even if nobody touched the fields it changes:
   * `userErrors` with code `CONFLICT`, the upstream's message (which names who changed the flag, when it
   * says), and the flag's version now in `currentVersion`; nothing is written. The upstream makes the
   * check in the same write (the gateway sends `version` and an `original_flag` that makes any stale edit
   * overlap), so no edit can slip in between a check and the write. Without it the edit is applied
   * whatever happened since, over the fields it names.
   */
  readonly expectedVersion?: InputMaybe<Scalars['Int']['input']>;
  /**
   * New release conditions: the top-level keys given (`groups`, `multivariate`, `payloads`...) replace the stored
   * ones, the others stay. Conditions on other flags follow `CreateFeatureFlagInput.filters`' rules.
   */
  readonly filters?: InputMaybe<Scalars['JSON']['input']>;
  /** Whether the usage dashboard has enriched analytics. */
  readonly hasEnrichedAnalytics?: InputMaybe<Scalars['Boolean']['input']>;
  /** The flag: a FeatureFlag global id, or its numeric id together with `projectId`. */
  readonly id: Scalars['ID']['input'];
  /** A new key. */
  readonly key?: InputMaybe<Scalars['String']['input']>;
  /** A new description (upstream `name`). Give this or `description`, not both. */
  readonly name?: InputMaybe<Scalars['String']['input']>;
  /**
   * Legacy rollback marker (older upstreams only; a current upstream ignores it).
   * @deprecated The upstream dropped automatic rollbacks and ignores this field.
   */
  readonly performedRollback?: InputMaybe<Scalars['Boolean']['input']>;
  /** The flag's project (global or numeric id); needed only when `id` is numeric. */
  readonly projectId?: InputMaybe<Scalars['ID']['input']>;
  /**
   * Legacy automatic-rollback conditions (older upstreams only; a current upstream ignores it).
   * @deprecated The upstream dropped automatic rollbacks and ignores this field.
   */
  readonly rollbackConditions?: InputMaybe<Scalars['JSON']['input']>;
  /** New tags (replace the old ones). */
  readonly tags?: InputMaybe<ReadonlyArray<Scalars['String']['input']>>;
};

/** Result of `updateFeatureFlag`. */
export type UpdateFeatureFlagPayload = {
  readonly __typename?: 'UpdateFeatureFlagPayload';
  /** The updated flag; null when `userErrors` is not empty. */
  readonly featureFlag?: Maybe<FeatureFlag>;
  /**
   * Why the input was refused, with the path of the offending input field: `CONFLICT` for a stale `expectedVersion`,
   * `DEPENDENT_FLAGS_ACTIVE` or `DEPENDENCY_FLAGS_DISABLED` for `active`, and the `filters` codes of
   * `CreateFeatureFlagPayload.userErrors`; `flags` names the flags a dependency refusal is about.
   */
  readonly userErrors: ReadonlyArray<UserError>;
};

/** The plugin fields `updatePlugin` changes; omitted fields stay as they are. */
export type UpdatePluginInput = {
  /** New capabilities. */
  readonly capabilities?: InputMaybe<Scalars['JSON']['input']>;
  /** New configuration fields. */
  readonly configSchema?: InputMaybe<Scalars['JSON']['input']>;
  /** A new description. */
  readonly description?: InputMaybe<Scalars['String']['input']>;
  /** A new icon. */
  readonly icon?: InputMaybe<Scalars['String']['input']>;
  /** The plugin: a Plugin global id, or its numeric id together with `organizationId`. */
  readonly id: Scalars['ID']['input'];
  /** Make the plugin global or local (global needs the root plugin access level). */
  readonly isGlobal?: InputMaybe<Scalars['Boolean']['input']>;
  /** New metrics definitions. */
  readonly metrics?: InputMaybe<Scalars['JSON']['input']>;
  /** A new name. */
  readonly name?: InputMaybe<Scalars['String']['input']>;
  /** The plugin's organization (UUID or global id); needed only when `id` is numeric. */
  readonly organizationId?: InputMaybe<Scalars['ID']['input']>;
  /** How the plugin is installed. */
  readonly pluginType?: InputMaybe<PluginType>;
  /** New public jobs. */
  readonly publicJobs?: InputMaybe<Scalars['JSON']['input']>;
  /** A new version tag. */
  readonly tag?: InputMaybe<Scalars['String']['input']>;
};

/** Result of `updatePlugin`. */
export type UpdatePluginPayload = {
  readonly __typename?: 'UpdatePluginPayload';
  /** The updated plugin; null when `userErrors` is not empty. */
  readonly plugin?: Maybe<Plugin>;
  /** Why the change was refused. */
  readonly userErrors: ReadonlyArray<UserError>;
};

/** Which plugin's source to change, and how. */
export type UpdatePluginSourceInput = {
  /** The files to write or delete; files not listed stay as they are. */
  readonly files: ReadonlyArray<PluginSourceFileInput>;
  /** The plugin: a Plugin global id, or its numeric id together with `organizationId`. */
  readonly id: Scalars['ID']['input'];
  /** The plugin's organization (UUID or global id); needed only when `id` is numeric. */
  readonly organizationId?: InputMaybe<Scalars['ID']['input']>;
};

/** Result of `updatePluginSource`. */
export type UpdatePluginSourcePayload = {
  readonly __typename?: 'UpdatePluginSourcePayload';
  /** The plugin after the change (`plugin.json` can rename it or change its config schema). */
  readonly plugin?: Maybe<Plugin>;
  /** All source files after the change, sorted by file name. */
  readonly source?: Maybe<ReadonlyArray<PluginSourceFile>>;
  /** Why the change was refused. */
  readonly userErrors: ReadonlyArray<UserError>;
};

/** Changes to a project; omitted fields are left unchanged, explicit nulls clear a field. */
export type UpdateProjectInput = {
  /** Whether access to the project is restricted by access control. */
  readonly accessControl?: InputMaybe<Scalars['Boolean']['input']>;
  /** Whether client IP addresses are discarded. */
  readonly anonymizeIps?: InputMaybe<Scalars['Boolean']['input']>;
  /** Authorized URLs of the app. */
  readonly appUrls?: InputMaybe<ReadonlyArray<Scalars['String']['input']>>;
  /** Exception errors to ignore. */
  readonly autocaptureExceptionsErrorsToIgnore?: InputMaybe<Scalars['JSON']['input']>;
  /** Whether exceptions are autocaptured. */
  readonly autocaptureExceptionsOptIn?: InputMaybe<Scalars['Boolean']['input']>;
  /** Whether autocapture is switched off. */
  readonly autocaptureOptOut?: InputMaybe<Scalars['Boolean']['input']>;
  /** Whether console logs are captured. */
  readonly captureConsoleLogOptIn?: InputMaybe<Scalars['Boolean']['input']>;
  /** Whether performance data is captured. */
  readonly capturePerformanceOptIn?: InputMaybe<Scalars['Boolean']['input']>;
  /** Whether the tracking snippet onboarding is complete. */
  readonly completedSnippetOnboarding?: InputMaybe<Scalars['Boolean']['input']>;
  /** Settings of correlation analysis. */
  readonly correlationConfig?: InputMaybe<Scalars['JSON']['input']>;
  /** Element attributes used to identify elements in the toolbar. */
  readonly dataAttributes?: InputMaybe<Scalars['JSON']['input']>;
  /** Extra settings, as a free-form map. */
  readonly extraSettings?: InputMaybe<Scalars['JSON']['input']>;
  /** Products whose onboarding has been completed. */
  readonly hasCompletedOnboardingFor?: InputMaybe<Scalars['JSON']['input']>;
  /** The project's global id or upstream integer id. */
  readonly id: Scalars['ID']['input'];
  /** Whether web apps are injected into the site. */
  readonly injectWebApps?: InputMaybe<Scalars['Boolean']['input']>;
  /** Whether this is a demo project. */
  readonly isDemo?: InputMaybe<Scalars['Boolean']['input']>;
  /** Columns shown in the live events view. */
  readonly liveEventsColumns?: InputMaybe<ReadonlyArray<Scalars['String']['input']>>;
  /** New name of the project. */
  readonly name?: InputMaybe<Scalars['String']['input']>;
  /** Rules that clean URL paths in path analyses. */
  readonly pathCleaningFilters?: InputMaybe<Scalars['JSON']['input']>;
  /** Person properties used as a person's display name. */
  readonly personDisplayNameProperties?: InputMaybe<ReadonlyArray<Scalars['String']['input']>>;
  /** Upstream id of the primary dashboard. */
  readonly primaryDashboard?: InputMaybe<Scalars['Int']['input']>;
  /** Domains on which session recording is allowed. */
  readonly recordingDomains?: InputMaybe<ReadonlyArray<Scalars['String']['input']>>;
  /** Feature flag that must be on for a session to be recorded. */
  readonly sessionRecordingLinkedFlag?: InputMaybe<Scalars['JSON']['input']>;
  /** Minimum duration of a recorded session, in milliseconds. */
  readonly sessionRecordingMinimumDurationMilliseconds?: InputMaybe<Scalars['Int']['input']>;
  /** What network payloads session recording captures. */
  readonly sessionRecordingNetworkPayloadCaptureConfig?: InputMaybe<Scalars['JSON']['input']>;
  /** Whether session recording is on. */
  readonly sessionRecordingOptIn?: InputMaybe<Scalars['Boolean']['input']>;
  /** Share of sessions recorded, as a decimal string between 0 and 1. */
  readonly sessionRecordingSampleRate?: InputMaybe<Scalars['String']['input']>;
  /**
   * Slack incoming-webhook URL (older upstreams only; a current upstream ignores it).
   * @deprecated The upstream no longer has this setting and ignores it.
   */
  readonly slackIncomingWebhook?: InputMaybe<Scalars['String']['input']>;
  /** Whether surveys are enabled. */
  readonly surveysOptIn?: InputMaybe<Scalars['Boolean']['input']>;
  /** Filters that exclude internal and test accounts. */
  readonly testAccountFilters?: InputMaybe<Scalars['JSON']['input']>;
  /** Whether test-account filtering is on by default. */
  readonly testAccountFiltersDefaultChecked?: InputMaybe<Scalars['Boolean']['input']>;
  /** Time zone in which dates are shown. */
  readonly timezone?: InputMaybe<Scalars['TimeZone']['input']>;
  /** First day of the week in date ranges. */
  readonly weekStartDay?: InputMaybe<WeekStartDay>;
};

/** Result of `updateProject`. */
export type UpdateProjectPayload = {
  readonly __typename?: 'UpdateProjectPayload';
  /** The updated project; null when there are user errors. */
  readonly project?: Maybe<Project>;
  /** Validation failures reported by the upstream. */
  readonly userErrors: ReadonlyArray<UserError>;
};

/** Result of `upgradePlugin`. */
export type UpgradePluginPayload = {
  readonly __typename?: 'UpgradePluginPayload';
  /** The plugin after the upgrade; null when `userErrors` is not empty. */
  readonly plugin?: Maybe<Plugin>;
  /** Why the upgrade was refused. */
  readonly userErrors: ReadonlyArray<UserError>;
};

/** A user as embedded in other records (e.g. a flag's creator). The upstream reads no user but the caller (see `Query.viewer`), so users cannot be looked up directly. */
export type User = {
  readonly __typename?: 'User';
  /** The upstream's integer id of the user. */
  readonly databaseId: Scalars['Int']['output'];
  /** The distinct id under which the user's own events are recorded. */
  readonly distinctId?: Maybe<Scalars['String']['output']>;
  /** E-mail address. */
  readonly email?: Maybe<Scalars['String']['output']>;
  /** First name. */
  readonly firstName?: Maybe<Scalars['String']['output']>;
  /** The user's UUID, usable as a stable identifier. */
  readonly id: Scalars['ID']['output'];
  /** Whether the e-mail address has been verified; null when unknown. */
  readonly isEmailVerified?: Maybe<Scalars['Boolean']['output']>;
  /** Last name. */
  readonly lastName?: Maybe<Scalars['String']['output']>;
  /** The user's UUID. */
  readonly uuid: Scalars['UUID']['output'];
};

/** How many users a release condition reaches. */
export type UserBlastRadius = {
  readonly __typename?: 'UserBlastRadius';
  /** All users of the project (of the group type, for group conditions). */
  readonly totalUsers: Scalars['Int']['output'];
  /** Users matching the condition. */
  readonly usersAffected: Scalars['Int']['output'];
};

/**
 * A business failure of a mutation (e.g. an upstream validation error, or an input field the gateway
 * found invalid before any upstream call). The payload's object is null when there are user errors.
 */
export type UserError = {
  readonly __typename?: 'UserError';
  /** With `APPROVAL_REQUIRED`: the upstream's id of the change request that awaits approval (new, or the one already pending). Null otherwise. */
  readonly changeRequestId?: Maybe<Scalars['String']['output']>;
  /** What kind of problem it is. Codes the upstream gives are mapped one to one (`unique` is `UNIQUE`); any other is `OTHER`, with the upstream's own code in `upstreamCode`. */
  readonly code: UserErrorCode;
  /** With `CONFLICT` from a flag edit's `expectedVersion`: the flag's version now. Null otherwise. */
  readonly currentVersion?: Maybe<Scalars['Int']['output']>;
  /** Path to the offending input field, e.g. `["input", "timezone"]` or `["input", "filters", "groups", "0"]`; null when the error is not about one field. */
  readonly field?: Maybe<ReadonlyArray<Scalars['String']['output']>>;
  /**
   * The flags the error is about, in the order its message names them, when the upstream's message names flags: the
   * enabled dependents (`DEPENDENT_FLAGS_ACTIVE`, five at most: the message says how many more), the disabled
   * dependencies (`DEPENDENCY_FLAGS_DISABLED`), the missing flag (`DEPENDENCY_FLAG_NOT_FOUND`, by id), the flag or
   * the cycle's flags (`CIRCULAR_FLAG_DEPENDENCY`, by key). Empty for any other error.
   */
  readonly flags: ReadonlyArray<UserErrorFlag>;
  /** Human-readable description of the problem, worded as the upstream words it. */
  readonly message: Scalars['String']['output'];
  /** The upstream's own code, unchanged (e.g. `unique`, `invalid_choice`); null when the upstream gave none or the gateway found the problem itself. */
  readonly upstreamCode?: Maybe<Scalars['String']['output']>;
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

/** A flag a `UserError` is about, as the upstream's message names it (by key, by numeric id, or both). */
export type UserErrorFlag = {
  readonly __typename?: 'UserErrorFlag';
  /** The flag's numeric id (`FeatureFlag.databaseId`); null when the message names the flag by key only. */
  readonly databaseId?: Maybe<Scalars['Int']['output']>;
  /** The flag's key; null when the message names the flag by id only. */
  readonly key?: Maybe<Scalars['String']['output']>;
};

/** The caller: the user whose API key signs the request, with their organizations and current project (GitHub's `viewer` convention). One upstream call, `GET /api/users/@me/`, answers every field here, the viewer's organizations' names, slugs and membership levels, every field of the current organization, and the current project's list fields. */
export type Viewer = {
  readonly __typename?: 'Viewer';
  /** The upstream's integer id of the user. */
  readonly databaseId: Scalars['Int']['output'];
  /** When the user joined. */
  readonly dateJoined?: Maybe<Scalars['DateTime']['output']>;
  /** The distinct id under which the user's own events are recorded. */
  readonly distinctId?: Maybe<Scalars['String']['output']>;
  /** E-mail address. */
  readonly email?: Maybe<Scalars['String']['output']>;
  /** First name. */
  readonly firstName?: Maybe<Scalars['String']['output']>;
  /** The user's UUID, the same id as the user's `User.id` elsewhere (e.g. a flag's `createdBy`). */
  readonly id: Scalars['ID']['output'];
  /** Whether the e-mail address has been verified; null when unknown. */
  readonly isEmailVerified?: Maybe<Scalars['Boolean']['output']>;
  /** Last name. */
  readonly lastName?: Maybe<Scalars['String']['output']>;
  /** The user's current organization (where `createProject` creates projects); null when they belong to none. */
  readonly organization?: Maybe<Organization>;
  /** Every organization the user belongs to, current first. */
  readonly organizations: ReadonlyArray<Organization>;
  /** The user's current project; null when the current organization has none. */
  readonly project?: Maybe<Project>;
  /** The user's UUID. */
  readonly uuid: Scalars['UUID']['output'];
};

/** First day of the week. */
export type WeekStartDay =
  /** Weeks start on Monday (upstream value 1). */
  | 1
  /** Weeks start on Sunday (upstream value 0). */
  | 0;



export type ResolverTypeWrapper<T> = Promise<T> | T;

export type ReferenceResolver<TResult, TReference, TContext> = (
      reference: TReference,
      context: TContext,
      info: GraphQLResolveInfo
    ) => Promise<TResult> | TResult;

      type ScalarCheck<T, S> = S extends true ? T : NullableCheck<T, S>;
      type NullableCheck<T, S> = Maybe<T> extends T ? Maybe<ListCheck<NonNullable<T>, S>> : ListCheck<T, S>;
      type ListCheck<T, S> = T extends (infer U)[] ? NullableCheck<U, S>[] : GraphQLRecursivePick<T, S>;
      export type GraphQLRecursivePick<T, S> = { [K in keyof T & keyof S]: ScalarCheck<T[K], S[K]> };
    

export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

/** Mapping of federation types */
export type FederationTypes = {
  FeatureFlag: FeatureFlag;
  Organization: Organization;
  Plugin: Plugin;
  Project: Project;
};

/** Mapping of federation reference types */
export type FederationReferenceTypes = {
  FeatureFlag:
    ( { __typename: 'FeatureFlag' }
    & ( GraphQLRecursivePick<FederationTypes['FeatureFlag'], {"id":true}>
        | GraphQLRecursivePick<FederationTypes['FeatureFlag'], {"databaseId":true,"projectDatabaseId":true}> ) );
  Organization:
    ( { __typename: 'Organization' }
    & ( GraphQLRecursivePick<FederationTypes['Organization'], {"id":true}>
        | GraphQLRecursivePick<FederationTypes['Organization'], {"databaseId":true}> ) );
  Plugin:
    ( { __typename: 'Plugin' }
    & ( GraphQLRecursivePick<FederationTypes['Plugin'], {"id":true}>
        | GraphQLRecursivePick<FederationTypes['Plugin'], {"databaseId":true,"organizationId":true}> ) );
  Project:
    ( { __typename: 'Project' }
    & ( GraphQLRecursivePick<FederationTypes['Project'], {"id":true}>
        | GraphQLRecursivePick<FederationTypes['Project'], {"databaseId":true}> ) );
};


/** Mapping of interface types */
export type ResolversInterfaceTypes<_RefType extends Record<string, unknown>> = {
  Node:
    | ( ProjectFlag )
    | ( ProjectRoleAccess )
    | ( OrganizationRef )
    | ( OrgPlugin )
    | ( ProjectParent )
  ;
};

/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  ActivityLogChange: ResolverTypeWrapper<ActivityLogChange>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  ActivityLogConnection: ResolverTypeWrapper<Connection<ActivityLogRecord>>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  ActivityLogEdge: ResolverTypeWrapper<Edge<ActivityLogRecord>>;
  ActivityLogEntry: ResolverTypeWrapper<ActivityLogRecord>;
  ActivityLogUser: ResolverTypeWrapper<ActivityLogUser>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  ArchiveFeatureFlagPayload: ResolverTypeWrapper<Omit<ArchiveFeatureFlagPayload, 'featureFlag' | 'userErrors'> & { featureFlag?: Maybe<ResolversTypes['FeatureFlag']>, userErrors: ReadonlyArray<ResolversTypes['UserError']> }>;
  CheckPluginForUpdatesPayload: ResolverTypeWrapper<Omit<CheckPluginForUpdatesPayload, 'plugin' | 'userErrors'> & { plugin?: Maybe<ResolversTypes['Plugin']>, userErrors: ReadonlyArray<ResolversTypes['UserError']> }>;
  CopyFeatureFlagFailure: ResolverTypeWrapper<CopyFlagsFailureRecord>;
  CopyFeatureFlagResult: ResolverTypeWrapper<ProjectFlagCopy>;
  CopyFeatureFlagsInput: CopyFeatureFlagsInput;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  CopyFeatureFlagsPayload: ResolverTypeWrapper<Omit<CopyFeatureFlagsPayload, 'copiedFeatureFlags' | 'copies' | 'failures' | 'userErrors'> & { copiedFeatureFlags?: Maybe<ReadonlyArray<ResolversTypes['FeatureFlag']>>, copies?: Maybe<ReadonlyArray<ResolversTypes['CopyFeatureFlagResult']>>, failures?: Maybe<ReadonlyArray<ResolversTypes['CopyFeatureFlagFailure']>>, userErrors: ReadonlyArray<ResolversTypes['UserError']> }>;
  CreateFeatureFlagInput: CreateFeatureFlagInput;
  CreateFeatureFlagPayload: ResolverTypeWrapper<Omit<CreateFeatureFlagPayload, 'featureFlag' | 'userErrors'> & { featureFlag?: Maybe<ResolversTypes['FeatureFlag']>, userErrors: ReadonlyArray<ResolversTypes['UserError']> }>;
  CreateFeatureFlagStaticCohortPayload: ResolverTypeWrapper<StaticCohortPayload>;
  CreatePluginInput: CreatePluginInput;
  CreatePluginPayload: ResolverTypeWrapper<Omit<CreatePluginPayload, 'plugin' | 'userErrors'> & { plugin?: Maybe<ResolversTypes['Plugin']>, userErrors: ReadonlyArray<ResolversTypes['UserError']> }>;
  CreateProjectInput: CreateProjectInput;
  CreateProjectPayload: ResolverTypeWrapper<Omit<CreateProjectPayload, 'project' | 'userErrors'> & { project?: Maybe<ResolversTypes['Project']>, userErrors: ReadonlyArray<ResolversTypes['UserError']> }>;
  DateTime: ResolverTypeWrapper<Scalars['DateTime']['output']>;
  DeleteFeatureFlagPayload: ResolverTypeWrapper<Omit<DeleteFeatureFlagPayload, 'featureFlag' | 'userErrors'> & { featureFlag?: Maybe<ResolversTypes['FeatureFlag']>, userErrors: ReadonlyArray<ResolversTypes['UserError']> }>;
  DeletePluginPayload: ResolverTypeWrapper<Omit<DeletePluginPayload, 'userErrors'> & { userErrors: ReadonlyArray<ResolversTypes['UserError']> }>;
  DeleteProjectInput: DeleteProjectInput;
  DeleteProjectPayload: ResolverTypeWrapper<Omit<DeleteProjectPayload, 'userErrors'> & { userErrors: ReadonlyArray<ResolversTypes['UserError']> }>;
  DisableFeatureFlagPayload: ResolverTypeWrapper<Omit<DisableFeatureFlagPayload, 'featureFlag' | 'userErrors'> & { featureFlag?: Maybe<ResolversTypes['FeatureFlag']>, userErrors: ReadonlyArray<ResolversTypes['UserError']> }>;
  EnableFeatureFlagPayload: ResolverTypeWrapper<Omit<EnableFeatureFlagPayload, 'featureFlag' | 'userErrors'> & { featureFlag?: Maybe<ResolversTypes['FeatureFlag']>, userErrors: ReadonlyArray<ResolversTypes['UserError']> }>;
  FeatureFlag: ResolverTypeWrapper<ProjectFlag>;
  FeatureFlagChange: ResolverTypeWrapper<FlagChangeEvent>;
  FeatureFlagChangeKind: FeatureFlagChangeKind;
  FeatureFlagConnection: ResolverTypeWrapper<Connection<ProjectFlag>>;
  FeatureFlagDashboardPayload: ResolverTypeWrapper<Omit<FeatureFlagDashboardPayload, 'featureFlag' | 'userErrors'> & { featureFlag?: Maybe<ResolversTypes['FeatureFlag']>, userErrors: ReadonlyArray<ResolversTypes['UserError']> }>;
  FeatureFlagEdge: ResolverTypeWrapper<Edge<ProjectFlag>>;
  FeatureFlagEvaluation: ResolverTypeWrapper<FeatureFlagEvaluation>;
  FeatureFlagReferenceInput: FeatureFlagReferenceInput;
  FeatureFlagRoleAccess: ResolverTypeWrapper<ProjectRoleAccess>;
  FeatureFlagRoleAccessConnection: ResolverTypeWrapper<Connection<ProjectRoleAccess>>;
  FeatureFlagRoleAccessEdge: ResolverTypeWrapper<Edge<ProjectRoleAccess>>;
  FeatureFlagStaticCohort: ResolverTypeWrapper<CohortRecord>;
  FeatureFlagStatus: FeatureFlagStatus;
  GrantFeatureFlagRoleAccessInput: GrantFeatureFlagRoleAccessInput;
  GrantFeatureFlagRoleAccessPayload: ResolverTypeWrapper<Omit<GrantFeatureFlagRoleAccessPayload, 'roleAccess' | 'userErrors'> & { roleAccess?: Maybe<ResolversTypes['FeatureFlagRoleAccess']>, userErrors: ReadonlyArray<ResolversTypes['UserError']> }>;
  JSON: ResolverTypeWrapper<Scalars['JSON']['output']>;
  LocalEvaluation: ResolverTypeWrapper<Omit<LocalEvaluation, 'flags'> & { flags: ReadonlyArray<ResolversTypes['LocalEvaluationFlag']> }>;
  LocalEvaluationFlag: ResolverTypeWrapper<ProjectMinimalFlag>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  MyFeatureFlag: ResolverTypeWrapper<Omit<MyFeatureFlag, 'flag'> & { flag: ResolversTypes['LocalEvaluationFlag'] }>;
  Node: ResolverTypeWrapper<ResolversInterfaceTypes<ResolversTypes>['Node']>;
  Organization: ResolverTypeWrapper<OrganizationRef>;
  OrganizationFeatureFlag: ResolverTypeWrapper<OrganizationFlagRecord>;
  PageInfo: ResolverTypeWrapper<PageInfo>;
  Plugin: ResolverTypeWrapper<OrgPlugin>;
  PluginConfig: ResolverTypeWrapper<OrgPluginConfig>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  PluginConnection: ResolverTypeWrapper<Connection<OrgPlugin>>;
  PluginEdge: ResolverTypeWrapper<Edge<OrgPlugin>>;
  PluginReferenceInput: PluginReferenceInput;
  PluginSourceFile: ResolverTypeWrapper<PluginSourceFile>;
  PluginSourceFileInput: PluginSourceFileInput;
  PluginType: null;
  Project: ResolverTypeWrapper<ProjectParent>;
  ProjectConnection: ResolverTypeWrapper<Connection<ProjectParent>>;
  ProjectEdge: ResolverTypeWrapper<Edge<ProjectParent>>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  RateLimit: ResolverTypeWrapper<RateLimit>;
  RateLimitWindow: ResolverTypeWrapper<RateLimitWindow>;
  RepositoryPlugin: ResolverTypeWrapper<RepositoryPluginRecord>;
  RestoreFeatureFlagPayload: ResolverTypeWrapper<Omit<RestoreFeatureFlagPayload, 'featureFlag' | 'userErrors'> & { featureFlag?: Maybe<ResolversTypes['FeatureFlag']>, userErrors: ReadonlyArray<ResolversTypes['UserError']> }>;
  RevokeFeatureFlagRoleAccessInput: RevokeFeatureFlagRoleAccessInput;
  RevokeFeatureFlagRoleAccessPayload: ResolverTypeWrapper<RevokeRoleAccessPayload>;
  Role: ResolverTypeWrapper<RoleRecord>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  TimeZone: ResolverTypeWrapper<Scalars['TimeZone']['output']>;
  UUID: ResolverTypeWrapper<Scalars['UUID']['output']>;
  UnarchiveFeatureFlagPayload: ResolverTypeWrapper<Omit<UnarchiveFeatureFlagPayload, 'featureFlag' | 'userErrors'> & { featureFlag?: Maybe<ResolversTypes['FeatureFlag']>, userErrors: ReadonlyArray<ResolversTypes['UserError']> }>;
  UpdateFeatureFlagInput: UpdateFeatureFlagInput;
  UpdateFeatureFlagPayload: ResolverTypeWrapper<Omit<UpdateFeatureFlagPayload, 'featureFlag' | 'userErrors'> & { featureFlag?: Maybe<ResolversTypes['FeatureFlag']>, userErrors: ReadonlyArray<ResolversTypes['UserError']> }>;
  UpdatePluginInput: UpdatePluginInput;
  UpdatePluginPayload: ResolverTypeWrapper<Omit<UpdatePluginPayload, 'plugin' | 'userErrors'> & { plugin?: Maybe<ResolversTypes['Plugin']>, userErrors: ReadonlyArray<ResolversTypes['UserError']> }>;
  UpdatePluginSourceInput: UpdatePluginSourceInput;
  UpdatePluginSourcePayload: ResolverTypeWrapper<Omit<UpdatePluginSourcePayload, 'plugin' | 'userErrors'> & { plugin?: Maybe<ResolversTypes['Plugin']>, userErrors: ReadonlyArray<ResolversTypes['UserError']> }>;
  UpdateProjectInput: UpdateProjectInput;
  UpdateProjectPayload: ResolverTypeWrapper<Omit<UpdateProjectPayload, 'project' | 'userErrors'> & { project?: Maybe<ResolversTypes['Project']>, userErrors: ReadonlyArray<ResolversTypes['UserError']> }>;
  UpgradePluginPayload: ResolverTypeWrapper<Omit<UpgradePluginPayload, 'plugin' | 'userErrors'> & { plugin?: Maybe<ResolversTypes['Plugin']>, userErrors: ReadonlyArray<ResolversTypes['UserError']> }>;
  User: ResolverTypeWrapper<UserRecord>;
  UserBlastRadius: ResolverTypeWrapper<UserBlastRadius>;
  UserError: ResolverTypeWrapper<UserErrorRecord>;
  UserErrorCode: UserErrorCode;
  UserErrorFlag: ResolverTypeWrapper<UserErrorFlag>;
  Viewer: ResolverTypeWrapper<ViewerRecord>;
  WeekStartDay: null;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  ActivityLogChange: ActivityLogChange;
  String: Scalars['String']['output'];
  ActivityLogConnection: Connection<ActivityLogRecord>;
  Int: Scalars['Int']['output'];
  ActivityLogEdge: Edge<ActivityLogRecord>;
  ActivityLogEntry: ActivityLogRecord;
  ActivityLogUser: ActivityLogUser;
  Boolean: Scalars['Boolean']['output'];
  ArchiveFeatureFlagPayload: Omit<ArchiveFeatureFlagPayload, 'featureFlag' | 'userErrors'> & { featureFlag?: Maybe<ResolversParentTypes['FeatureFlag']>, userErrors: ReadonlyArray<ResolversParentTypes['UserError']> };
  CheckPluginForUpdatesPayload: Omit<CheckPluginForUpdatesPayload, 'plugin' | 'userErrors'> & { plugin?: Maybe<ResolversParentTypes['Plugin']>, userErrors: ReadonlyArray<ResolversParentTypes['UserError']> };
  CopyFeatureFlagFailure: CopyFlagsFailureRecord;
  CopyFeatureFlagResult: ProjectFlagCopy;
  CopyFeatureFlagsInput: CopyFeatureFlagsInput;
  ID: Scalars['ID']['output'];
  CopyFeatureFlagsPayload: Omit<CopyFeatureFlagsPayload, 'copiedFeatureFlags' | 'copies' | 'failures' | 'userErrors'> & { copiedFeatureFlags?: Maybe<ReadonlyArray<ResolversParentTypes['FeatureFlag']>>, copies?: Maybe<ReadonlyArray<ResolversParentTypes['CopyFeatureFlagResult']>>, failures?: Maybe<ReadonlyArray<ResolversParentTypes['CopyFeatureFlagFailure']>>, userErrors: ReadonlyArray<ResolversParentTypes['UserError']> };
  CreateFeatureFlagInput: CreateFeatureFlagInput;
  CreateFeatureFlagPayload: Omit<CreateFeatureFlagPayload, 'featureFlag' | 'userErrors'> & { featureFlag?: Maybe<ResolversParentTypes['FeatureFlag']>, userErrors: ReadonlyArray<ResolversParentTypes['UserError']> };
  CreateFeatureFlagStaticCohortPayload: StaticCohortPayload;
  CreatePluginInput: CreatePluginInput;
  CreatePluginPayload: Omit<CreatePluginPayload, 'plugin' | 'userErrors'> & { plugin?: Maybe<ResolversParentTypes['Plugin']>, userErrors: ReadonlyArray<ResolversParentTypes['UserError']> };
  CreateProjectInput: CreateProjectInput;
  CreateProjectPayload: Omit<CreateProjectPayload, 'project' | 'userErrors'> & { project?: Maybe<ResolversParentTypes['Project']>, userErrors: ReadonlyArray<ResolversParentTypes['UserError']> };
  DateTime: Scalars['DateTime']['output'];
  DeleteFeatureFlagPayload: Omit<DeleteFeatureFlagPayload, 'featureFlag' | 'userErrors'> & { featureFlag?: Maybe<ResolversParentTypes['FeatureFlag']>, userErrors: ReadonlyArray<ResolversParentTypes['UserError']> };
  DeletePluginPayload: Omit<DeletePluginPayload, 'userErrors'> & { userErrors: ReadonlyArray<ResolversParentTypes['UserError']> };
  DeleteProjectInput: DeleteProjectInput;
  DeleteProjectPayload: Omit<DeleteProjectPayload, 'userErrors'> & { userErrors: ReadonlyArray<ResolversParentTypes['UserError']> };
  DisableFeatureFlagPayload: Omit<DisableFeatureFlagPayload, 'featureFlag' | 'userErrors'> & { featureFlag?: Maybe<ResolversParentTypes['FeatureFlag']>, userErrors: ReadonlyArray<ResolversParentTypes['UserError']> };
  EnableFeatureFlagPayload: Omit<EnableFeatureFlagPayload, 'featureFlag' | 'userErrors'> & { featureFlag?: Maybe<ResolversParentTypes['FeatureFlag']>, userErrors: ReadonlyArray<ResolversParentTypes['UserError']> };
  FeatureFlag: ProjectFlag;
  FeatureFlagChange: FlagChangeEvent;
  FeatureFlagConnection: Connection<ProjectFlag>;
  FeatureFlagDashboardPayload: Omit<FeatureFlagDashboardPayload, 'featureFlag' | 'userErrors'> & { featureFlag?: Maybe<ResolversParentTypes['FeatureFlag']>, userErrors: ReadonlyArray<ResolversParentTypes['UserError']> };
  FeatureFlagEdge: Edge<ProjectFlag>;
  FeatureFlagEvaluation: FeatureFlagEvaluation;
  FeatureFlagReferenceInput: FeatureFlagReferenceInput;
  FeatureFlagRoleAccess: ProjectRoleAccess;
  FeatureFlagRoleAccessConnection: Connection<ProjectRoleAccess>;
  FeatureFlagRoleAccessEdge: Edge<ProjectRoleAccess>;
  FeatureFlagStaticCohort: CohortRecord;
  GrantFeatureFlagRoleAccessInput: GrantFeatureFlagRoleAccessInput;
  GrantFeatureFlagRoleAccessPayload: Omit<GrantFeatureFlagRoleAccessPayload, 'roleAccess' | 'userErrors'> & { roleAccess?: Maybe<ResolversParentTypes['FeatureFlagRoleAccess']>, userErrors: ReadonlyArray<ResolversParentTypes['UserError']> };
  JSON: Scalars['JSON']['output'];
  LocalEvaluation: Omit<LocalEvaluation, 'flags'> & { flags: ReadonlyArray<ResolversParentTypes['LocalEvaluationFlag']> };
  LocalEvaluationFlag: ProjectMinimalFlag;
  Mutation: Record<PropertyKey, never>;
  MyFeatureFlag: Omit<MyFeatureFlag, 'flag'> & { flag: ResolversParentTypes['LocalEvaluationFlag'] };
  Node: ResolversInterfaceTypes<ResolversParentTypes>['Node'];
  Organization: OrganizationRef;
  OrganizationFeatureFlag: OrganizationFlagRecord;
  PageInfo: PageInfo;
  Plugin: OrgPlugin;
  PluginConfig: OrgPluginConfig;
  Float: Scalars['Float']['output'];
  PluginConnection: Connection<OrgPlugin>;
  PluginEdge: Edge<OrgPlugin>;
  PluginReferenceInput: PluginReferenceInput;
  PluginSourceFile: PluginSourceFile;
  PluginSourceFileInput: PluginSourceFileInput;
  Project: ProjectParent;
  ProjectConnection: Connection<ProjectParent>;
  ProjectEdge: Edge<ProjectParent>;
  Query: Record<PropertyKey, never>;
  RateLimit: RateLimit;
  RateLimitWindow: RateLimitWindow;
  RepositoryPlugin: RepositoryPluginRecord;
  RestoreFeatureFlagPayload: Omit<RestoreFeatureFlagPayload, 'featureFlag' | 'userErrors'> & { featureFlag?: Maybe<ResolversParentTypes['FeatureFlag']>, userErrors: ReadonlyArray<ResolversParentTypes['UserError']> };
  RevokeFeatureFlagRoleAccessInput: RevokeFeatureFlagRoleAccessInput;
  RevokeFeatureFlagRoleAccessPayload: RevokeRoleAccessPayload;
  Role: RoleRecord;
  Subscription: Record<PropertyKey, never>;
  TimeZone: Scalars['TimeZone']['output'];
  UUID: Scalars['UUID']['output'];
  UnarchiveFeatureFlagPayload: Omit<UnarchiveFeatureFlagPayload, 'featureFlag' | 'userErrors'> & { featureFlag?: Maybe<ResolversParentTypes['FeatureFlag']>, userErrors: ReadonlyArray<ResolversParentTypes['UserError']> };
  UpdateFeatureFlagInput: UpdateFeatureFlagInput;
  UpdateFeatureFlagPayload: Omit<UpdateFeatureFlagPayload, 'featureFlag' | 'userErrors'> & { featureFlag?: Maybe<ResolversParentTypes['FeatureFlag']>, userErrors: ReadonlyArray<ResolversParentTypes['UserError']> };
  UpdatePluginInput: UpdatePluginInput;
  UpdatePluginPayload: Omit<UpdatePluginPayload, 'plugin' | 'userErrors'> & { plugin?: Maybe<ResolversParentTypes['Plugin']>, userErrors: ReadonlyArray<ResolversParentTypes['UserError']> };
  UpdatePluginSourceInput: UpdatePluginSourceInput;
  UpdatePluginSourcePayload: Omit<UpdatePluginSourcePayload, 'plugin' | 'userErrors'> & { plugin?: Maybe<ResolversParentTypes['Plugin']>, userErrors: ReadonlyArray<ResolversParentTypes['UserError']> };
  UpdateProjectInput: UpdateProjectInput;
  UpdateProjectPayload: Omit<UpdateProjectPayload, 'project' | 'userErrors'> & { project?: Maybe<ResolversParentTypes['Project']>, userErrors: ReadonlyArray<ResolversParentTypes['UserError']> };
  UpgradePluginPayload: Omit<UpgradePluginPayload, 'plugin' | 'userErrors'> & { plugin?: Maybe<ResolversParentTypes['Plugin']>, userErrors: ReadonlyArray<ResolversParentTypes['UserError']> };
  User: UserRecord;
  UserBlastRadius: UserBlastRadius;
  UserError: UserErrorRecord;
  UserErrorFlag: UserErrorFlag;
  Viewer: ViewerRecord;
};

export type ActivityLogChangeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ActivityLogChange'] = ResolversParentTypes['ActivityLogChange']> = {
  action?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  after?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  before?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ActivityLogConnectionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ActivityLogConnection'] = ResolversParentTypes['ActivityLogConnection']> = {
  edges?: Resolver<ReadonlyArray<ResolversTypes['ActivityLogEdge']>, ParentType, ContextType>;
  nodes?: Resolver<ReadonlyArray<ResolversTypes['ActivityLogEntry']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ActivityLogEdgeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ActivityLogEdge'] = ResolversParentTypes['ActivityLogEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['ActivityLogEntry'], ParentType, ContextType>;
};

export type ActivityLogEntryResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ActivityLogEntry'] = ResolversParentTypes['ActivityLogEntry']> = {
  activity?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  changes?: Resolver<ReadonlyArray<ResolversTypes['ActivityLogChange']>, ParentType, ContextType>;
  createdAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  detail?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  itemId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  scope?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  user?: Resolver<Maybe<ResolversTypes['ActivityLogUser']>, ParentType, ContextType>;
};

export type ActivityLogUserResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ActivityLogUser'] = ResolversParentTypes['ActivityLogUser']> = {
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  firstName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  isSystem?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type ArchiveFeatureFlagPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ArchiveFeatureFlagPayload'] = ResolversParentTypes['ArchiveFeatureFlagPayload']> = {
  featureFlag?: Resolver<Maybe<ResolversTypes['FeatureFlag']>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type CheckPluginForUpdatesPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CheckPluginForUpdatesPayload'] = ResolversParentTypes['CheckPluginForUpdatesPayload']> = {
  plugin?: Resolver<Maybe<ResolversTypes['Plugin']>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type CopyFeatureFlagFailureResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CopyFeatureFlagFailure'] = ResolversParentTypes['CopyFeatureFlagFailure']> = {
  errors?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  project?: Resolver<Maybe<ResolversTypes['Project']>, ParentType, ContextType>;
  projectDatabaseId?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type CopyFeatureFlagResultResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CopyFeatureFlagResult'] = ResolversParentTypes['CopyFeatureFlagResult']> = {
  copiedDependencyKeys?: Resolver<ReadonlyArray<ResolversTypes['String']>, ParentType, ContextType>;
  dependencyCopyWarnings?: Resolver<ReadonlyArray<ResolversTypes['String']>, ParentType, ContextType>;
  featureFlag?: Resolver<ResolversTypes['FeatureFlag'], ParentType, ContextType>;
  flagDependencyWarnings?: Resolver<ReadonlyArray<ResolversTypes['String']>, ParentType, ContextType>;
  project?: Resolver<Maybe<ResolversTypes['Project']>, ParentType, ContextType>;
  projectDatabaseId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  scheduleCopyWarning?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type CopyFeatureFlagsPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CopyFeatureFlagsPayload'] = ResolversParentTypes['CopyFeatureFlagsPayload']> = {
  copiedFeatureFlags?: Resolver<Maybe<ReadonlyArray<ResolversTypes['FeatureFlag']>>, ParentType, ContextType>;
  copies?: Resolver<Maybe<ReadonlyArray<ResolversTypes['CopyFeatureFlagResult']>>, ParentType, ContextType>;
  failures?: Resolver<Maybe<ReadonlyArray<ResolversTypes['CopyFeatureFlagFailure']>>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type CreateFeatureFlagPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CreateFeatureFlagPayload'] = ResolversParentTypes['CreateFeatureFlagPayload']> = {
  featureFlag?: Resolver<Maybe<ResolversTypes['FeatureFlag']>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type CreateFeatureFlagStaticCohortPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CreateFeatureFlagStaticCohortPayload'] = ResolversParentTypes['CreateFeatureFlagStaticCohortPayload']> = {
  cohort?: Resolver<Maybe<ResolversTypes['FeatureFlagStaticCohort']>, ParentType, ContextType>;
  featureFlag?: Resolver<Maybe<ResolversTypes['FeatureFlag']>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type CreatePluginPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CreatePluginPayload'] = ResolversParentTypes['CreatePluginPayload']> = {
  plugin?: Resolver<Maybe<ResolversTypes['Plugin']>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type CreateProjectPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['CreateProjectPayload'] = ResolversParentTypes['CreateProjectPayload']> = {
  project?: Resolver<Maybe<ResolversTypes['Project']>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export interface DateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['DateTime'], any> {
  name: 'DateTime';
}

export type DeleteFeatureFlagPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['DeleteFeatureFlagPayload'] = ResolversParentTypes['DeleteFeatureFlagPayload']> = {
  deletedFeatureFlagId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  featureFlag?: Resolver<Maybe<ResolversTypes['FeatureFlag']>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type DeletePluginPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['DeletePluginPayload'] = ResolversParentTypes['DeletePluginPayload']> = {
  deletedPluginId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type DeleteProjectPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['DeleteProjectPayload'] = ResolversParentTypes['DeleteProjectPayload']> = {
  deletedDatabaseId?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  deletedProjectId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type DisableFeatureFlagPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['DisableFeatureFlagPayload'] = ResolversParentTypes['DisableFeatureFlagPayload']> = {
  featureFlag?: Resolver<Maybe<ResolversTypes['FeatureFlag']>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type EnableFeatureFlagPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['EnableFeatureFlagPayload'] = ResolversParentTypes['EnableFeatureFlagPayload']> = {
  featureFlag?: Resolver<Maybe<ResolversTypes['FeatureFlag']>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type FeatureFlagResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['FeatureFlag'] = ResolversParentTypes['FeatureFlag'], FederationReferenceType extends FederationReferenceTypes['FeatureFlag'] = FederationReferenceTypes['FeatureFlag']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['FeatureFlag']> | FederationReferenceType, FederationReferenceType, ContextType>;
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  activity?: Resolver<Maybe<ResolversTypes['ActivityLogConnection']>, ParentType, ContextType, Partial<FeatureFlagActivityArgs>>;
  analyticsDashboards?: Resolver<Maybe<ReadonlyArray<ResolversTypes['Int']>>, ParentType, ContextType>;
  archived?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  canEdit?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  createdAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  createdBy?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  databaseId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  deleted?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  ensureExperienceContinuity?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  experimentSet?: Resolver<Maybe<ReadonlyArray<ResolversTypes['Int']>>, ParentType, ContextType>;
  features?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  filters?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  hasEnrichedAnalytics?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isSimpleFlag?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastModifiedBy?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  performedRollback?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  project?: Resolver<Maybe<ResolversTypes['Project']>, ParentType, ContextType>;
  projectDatabaseId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  roleAccess?: Resolver<Maybe<ResolversTypes['FeatureFlagRoleAccessConnection']>, ParentType, ContextType, Partial<FeatureFlagRoleAccessArgs>>;
  rollbackConditions?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  rolloutPercentage?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  status?: Resolver<Maybe<ResolversTypes['FeatureFlagStatus']>, ParentType, ContextType>;
  surveys?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  tags?: Resolver<Maybe<ReadonlyArray<ResolversTypes['String']>>, ParentType, ContextType>;
  updatedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  usageDashboard?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type FeatureFlagChangeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['FeatureFlagChange'] = ResolversParentTypes['FeatureFlagChange']> = {
  activity?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  changedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  changedBy?: Resolver<Maybe<ResolversTypes['ActivityLogUser']>, ParentType, ContextType>;
  changes?: Resolver<ReadonlyArray<ResolversTypes['ActivityLogChange']>, ParentType, ContextType>;
  entry?: Resolver<Maybe<ResolversTypes['ActivityLogEntry']>, ParentType, ContextType>;
  flag?: Resolver<Maybe<ResolversTypes['FeatureFlag']>, ParentType, ContextType>;
  flagDatabaseId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  flagId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  key?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['FeatureFlagChangeKind'], ParentType, ContextType>;
};

export type FeatureFlagConnectionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['FeatureFlagConnection'] = ResolversParentTypes['FeatureFlagConnection']> = {
  edges?: Resolver<ReadonlyArray<ResolversTypes['FeatureFlagEdge']>, ParentType, ContextType>;
  nodes?: Resolver<ReadonlyArray<ResolversTypes['FeatureFlag']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type FeatureFlagDashboardPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['FeatureFlagDashboardPayload'] = ResolversParentTypes['FeatureFlagDashboardPayload']> = {
  featureFlag?: Resolver<Maybe<ResolversTypes['FeatureFlag']>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type FeatureFlagEdgeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['FeatureFlagEdge'] = ResolversParentTypes['FeatureFlagEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['FeatureFlag'], ParentType, ContextType>;
};

export type FeatureFlagEvaluationResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['FeatureFlagEvaluation'] = ResolversParentTypes['FeatureFlagEvaluation']> = {
  conditionIndex?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  enabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reason?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  value?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  variant?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type FeatureFlagRoleAccessResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['FeatureFlagRoleAccess'] = ResolversParentTypes['FeatureFlagRoleAccess']> = {
  addedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  databaseId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  featureFlag?: Resolver<ResolversTypes['FeatureFlag'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  role?: Resolver<ResolversTypes['Role'], ParentType, ContextType>;
  updatedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type FeatureFlagRoleAccessConnectionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['FeatureFlagRoleAccessConnection'] = ResolversParentTypes['FeatureFlagRoleAccessConnection']> = {
  edges?: Resolver<ReadonlyArray<ResolversTypes['FeatureFlagRoleAccessEdge']>, ParentType, ContextType>;
  nodes?: Resolver<ReadonlyArray<ResolversTypes['FeatureFlagRoleAccess']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type FeatureFlagRoleAccessEdgeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['FeatureFlagRoleAccessEdge'] = ResolversParentTypes['FeatureFlagRoleAccessEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['FeatureFlagRoleAccess'], ParentType, ContextType>;
};

export type FeatureFlagStaticCohortResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['FeatureFlagStaticCohort'] = ResolversParentTypes['FeatureFlagStaticCohort']> = {
  createdAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  data?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  databaseId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  isCalculating?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  isStatic?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type GrantFeatureFlagRoleAccessPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['GrantFeatureFlagRoleAccessPayload'] = ResolversParentTypes['GrantFeatureFlagRoleAccessPayload']> = {
  roleAccess?: Resolver<Maybe<ResolversTypes['FeatureFlagRoleAccess']>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export interface JsonScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['JSON'], any> {
  name: 'JSON';
}

export type LocalEvaluationResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['LocalEvaluation'] = ResolversParentTypes['LocalEvaluation']> = {
  cohorts?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  flags?: Resolver<ReadonlyArray<ResolversTypes['LocalEvaluationFlag']>, ParentType, ContextType>;
  groupTypeMapping?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
};

export type LocalEvaluationFlagResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['LocalEvaluationFlag'] = ResolversParentTypes['LocalEvaluationFlag']> = {
  active?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  databaseId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  deleted?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  ensureExperienceContinuity?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  evaluationRuntime?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  featureFlag?: Resolver<Maybe<ResolversTypes['FeatureFlag']>, ParentType, ContextType>;
  filters?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  hasEncryptedPayloads?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  version?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type MutationResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  archiveFeatureFlag?: Resolver<ResolversTypes['ArchiveFeatureFlagPayload'], ParentType, ContextType, RequireFields<MutationArchiveFeatureFlagArgs, 'input'>>;
  checkPluginForUpdates?: Resolver<ResolversTypes['CheckPluginForUpdatesPayload'], ParentType, ContextType, RequireFields<MutationCheckPluginForUpdatesArgs, 'input'>>;
  copyFeatureFlags?: Resolver<ResolversTypes['CopyFeatureFlagsPayload'], ParentType, ContextType, RequireFields<MutationCopyFeatureFlagsArgs, 'input'>>;
  createFeatureFlag?: Resolver<ResolversTypes['CreateFeatureFlagPayload'], ParentType, ContextType, RequireFields<MutationCreateFeatureFlagArgs, 'input'>>;
  createFeatureFlagDashboard?: Resolver<ResolversTypes['FeatureFlagDashboardPayload'], ParentType, ContextType, RequireFields<MutationCreateFeatureFlagDashboardArgs, 'input'>>;
  createFeatureFlagStaticCohort?: Resolver<ResolversTypes['CreateFeatureFlagStaticCohortPayload'], ParentType, ContextType, RequireFields<MutationCreateFeatureFlagStaticCohortArgs, 'input'>>;
  createPlugin?: Resolver<ResolversTypes['CreatePluginPayload'], ParentType, ContextType, RequireFields<MutationCreatePluginArgs, 'input'>>;
  createProject?: Resolver<ResolversTypes['CreateProjectPayload'], ParentType, ContextType, RequireFields<MutationCreateProjectArgs, 'input'>>;
  deleteFeatureFlag?: Resolver<ResolversTypes['DeleteFeatureFlagPayload'], ParentType, ContextType, RequireFields<MutationDeleteFeatureFlagArgs, 'input'>>;
  deletePlugin?: Resolver<ResolversTypes['DeletePluginPayload'], ParentType, ContextType, RequireFields<MutationDeletePluginArgs, 'input'>>;
  deleteProject?: Resolver<ResolversTypes['DeleteProjectPayload'], ParentType, ContextType, RequireFields<MutationDeleteProjectArgs, 'input'>>;
  disableFeatureFlag?: Resolver<ResolversTypes['DisableFeatureFlagPayload'], ParentType, ContextType, RequireFields<MutationDisableFeatureFlagArgs, 'input'>>;
  enableFeatureFlag?: Resolver<ResolversTypes['EnableFeatureFlagPayload'], ParentType, ContextType, RequireFields<MutationEnableFeatureFlagArgs, 'input'>>;
  enrichFeatureFlagUsageDashboard?: Resolver<ResolversTypes['FeatureFlagDashboardPayload'], ParentType, ContextType, RequireFields<MutationEnrichFeatureFlagUsageDashboardArgs, 'input'>>;
  grantFeatureFlagRoleAccess?: Resolver<ResolversTypes['GrantFeatureFlagRoleAccessPayload'], ParentType, ContextType, RequireFields<MutationGrantFeatureFlagRoleAccessArgs, 'input'>>;
  restoreFeatureFlag?: Resolver<ResolversTypes['RestoreFeatureFlagPayload'], ParentType, ContextType, RequireFields<MutationRestoreFeatureFlagArgs, 'input'>>;
  revokeFeatureFlagRoleAccess?: Resolver<ResolversTypes['RevokeFeatureFlagRoleAccessPayload'], ParentType, ContextType, RequireFields<MutationRevokeFeatureFlagRoleAccessArgs, 'input'>>;
  unarchiveFeatureFlag?: Resolver<ResolversTypes['UnarchiveFeatureFlagPayload'], ParentType, ContextType, RequireFields<MutationUnarchiveFeatureFlagArgs, 'input'>>;
  updateFeatureFlag?: Resolver<ResolversTypes['UpdateFeatureFlagPayload'], ParentType, ContextType, RequireFields<MutationUpdateFeatureFlagArgs, 'input'>>;
  updatePlugin?: Resolver<ResolversTypes['UpdatePluginPayload'], ParentType, ContextType, RequireFields<MutationUpdatePluginArgs, 'input'>>;
  updatePluginSource?: Resolver<ResolversTypes['UpdatePluginSourcePayload'], ParentType, ContextType, RequireFields<MutationUpdatePluginSourceArgs, 'input'>>;
  updateProject?: Resolver<ResolversTypes['UpdateProjectPayload'], ParentType, ContextType, RequireFields<MutationUpdateProjectArgs, 'input'>>;
  upgradePlugin?: Resolver<ResolversTypes['UpgradePluginPayload'], ParentType, ContextType, RequireFields<MutationUpgradePluginArgs, 'input'>>;
};

export type MyFeatureFlagResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['MyFeatureFlag'] = ResolversParentTypes['MyFeatureFlag']> = {
  enabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  flag?: Resolver<ResolversTypes['LocalEvaluationFlag'], ParentType, ContextType>;
  value?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
};

export type NodeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Node'] = ResolversParentTypes['Node']> = {
  __resolveType: TypeResolveFn<'FeatureFlag' | 'FeatureFlagRoleAccess' | 'Organization' | 'Plugin' | 'Project', ParentType, ContextType>;
};

export type OrganizationResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Organization'] = ResolversParentTypes['Organization'], FederationReferenceType extends FederationReferenceTypes['Organization'] = FederationReferenceTypes['Organization']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Organization']> | FederationReferenceType, FederationReferenceType, ContextType>;
  createdAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  databaseId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  exportsUnsubscribeConfigs?: Resolver<Maybe<ReadonlyArray<ResolversTypes['PluginConfig']>>, ParentType, ContextType>;
  featureFlagsByKey?: Resolver<Maybe<ReadonlyArray<ResolversTypes['OrganizationFeatureFlag']>>, ParentType, ContextType, RequireFields<OrganizationFeatureFlagsByKeyArgs, 'key'>>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  memberCount?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  membershipLevel?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  plugin?: Resolver<Maybe<ResolversTypes['Plugin']>, ParentType, ContextType, RequireFields<OrganizationPluginArgs, 'id'>>;
  pluginActivity?: Resolver<Maybe<ResolversTypes['ActivityLogConnection']>, ParentType, ContextType, Partial<OrganizationPluginActivityArgs>>;
  plugins?: Resolver<Maybe<ResolversTypes['PluginConnection']>, ParentType, ContextType, Partial<OrganizationPluginsArgs>>;
  projects?: Resolver<Maybe<ResolversTypes['ProjectConnection']>, ParentType, ContextType, Partial<OrganizationProjectsArgs>>;
  repository?: Resolver<Maybe<ReadonlyArray<ResolversTypes['RepositoryPlugin']>>, ParentType, ContextType>;
  slug?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  unused?: Resolver<Maybe<ReadonlyArray<ResolversTypes['Int']>>, ParentType, ContextType>;
  updatedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type OrganizationFeatureFlagResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['OrganizationFeatureFlag'] = ResolversParentTypes['OrganizationFeatureFlag']> = {
  active?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  createdAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  createdBy?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  featureFlag?: Resolver<Maybe<ResolversTypes['FeatureFlag']>, ParentType, ContextType>;
  filters?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  flagDatabaseId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  project?: Resolver<Maybe<ResolversTypes['Project']>, ParentType, ContextType>;
  projectDatabaseId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type PageInfoResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PageInfo'] = ResolversParentTypes['PageInfo']> = {
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  hasPreviousPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  startCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type PluginResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Plugin'] = ResolversParentTypes['Plugin'], FederationReferenceType extends FederationReferenceTypes['Plugin'] = FederationReferenceTypes['Plugin']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Plugin']> | FederationReferenceType, FederationReferenceType, ContextType>;
  capabilities?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  configSchema?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  databaseId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  icon?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isGlobal?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  latestTag?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  metrics?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  organization?: Resolver<Maybe<ResolversTypes['Organization']>, ParentType, ContextType>;
  organizationId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  organizationName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  pluginType?: Resolver<Maybe<ResolversTypes['PluginType']>, ParentType, ContextType>;
  publicJobs?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  source?: Resolver<Maybe<ReadonlyArray<ResolversTypes['PluginSourceFile']>>, ParentType, ContextType>;
  tag?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  url?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type PluginConfigResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PluginConfig'] = ResolversParentTypes['PluginConfig']> = {
  config?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  createdAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  databaseId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  deleted?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  deliveryRate24h?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  enabled?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  order?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  plugin?: Resolver<Maybe<ResolversTypes['Plugin']>, ParentType, ContextType>;
  pluginDatabaseId?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  pluginInfo?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  project?: Resolver<Maybe<ResolversTypes['Project']>, ParentType, ContextType>;
  updatedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
};

export type PluginConnectionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PluginConnection'] = ResolversParentTypes['PluginConnection']> = {
  edges?: Resolver<ReadonlyArray<ResolversTypes['PluginEdge']>, ParentType, ContextType>;
  nodes?: Resolver<ReadonlyArray<ResolversTypes['Plugin']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type PluginEdgeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PluginEdge'] = ResolversParentTypes['PluginEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Plugin'], ParentType, ContextType>;
};

export type PluginSourceFileResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PluginSourceFile'] = ResolversParentTypes['PluginSourceFile']> = {
  filename?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  source?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PluginTypeResolvers = { CUSTOM: 'custom', LOCAL: 'local', REPOSITORY: 'repository', SOURCE: 'source' };

export type ProjectResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Project'] = ResolversParentTypes['Project'], FederationReferenceType extends FederationReferenceTypes['Project'] = FederationReferenceTypes['Project']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Project']> | FederationReferenceType, FederationReferenceType, ContextType>;
  accessControl?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  anonymizeIps?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  apiToken?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  appUrls?: Resolver<Maybe<ReadonlyArray<ResolversTypes['String']>>, ParentType, ContextType>;
  autocaptureExceptionsErrorsToIgnore?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  autocaptureExceptionsOptIn?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  autocaptureOptOut?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  captureConsoleLogOptIn?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  capturePerformanceOptIn?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  completedSnippetOnboarding?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  correlationConfig?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  createdAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  dataAttributes?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  databaseId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  effectiveMembershipLevel?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  evaluationReasons?: Resolver<Maybe<ReadonlyArray<ResolversTypes['FeatureFlagEvaluation']>>, ParentType, ContextType, RequireFields<ProjectEvaluationReasonsArgs, 'distinctId'>>;
  extraSettings?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  featureFlag?: Resolver<Maybe<ResolversTypes['FeatureFlag']>, ParentType, ContextType, Partial<ProjectFeatureFlagArgs>>;
  featureFlagActivity?: Resolver<Maybe<ResolversTypes['ActivityLogConnection']>, ParentType, ContextType, Partial<ProjectFeatureFlagActivityArgs>>;
  featureFlags?: Resolver<Maybe<ResolversTypes['FeatureFlagConnection']>, ParentType, ContextType, RequireFields<ProjectFeatureFlagsArgs, 'includeDeleted'>>;
  groupsOnEventsQueryingEnabled?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  hasCompletedOnboardingFor?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  hasGroupTypes?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  ingestedEvent?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  injectWebApps?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  isDemo?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  isPendingDeletion?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  liveEventsColumns?: Resolver<Maybe<ReadonlyArray<ResolversTypes['String']>>, ParentType, ContextType>;
  localEvaluation?: Resolver<Maybe<ResolversTypes['LocalEvaluation']>, ParentType, ContextType, RequireFields<ProjectLocalEvaluationArgs, 'sendCohorts'>>;
  myFlags?: Resolver<Maybe<ReadonlyArray<ResolversTypes['MyFeatureFlag']>>, ParentType, ContextType, Partial<ProjectMyFlagsArgs>>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  organization?: Resolver<ResolversTypes['Organization'], ParentType, ContextType>;
  pathCleaningFilters?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  personDisplayNameProperties?: Resolver<Maybe<ReadonlyArray<ResolversTypes['String']>>, ParentType, ContextType>;
  personOnEventsQueryingEnabled?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  primaryDashboard?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  recordingDomains?: Resolver<Maybe<ReadonlyArray<ResolversTypes['String']>>, ParentType, ContextType>;
  sessionRecordingLinkedFlag?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  sessionRecordingMinimumDurationMilliseconds?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  sessionRecordingNetworkPayloadCaptureConfig?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  sessionRecordingOptIn?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  sessionRecordingSampleRate?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  slackIncomingWebhook?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  surveysOptIn?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  testAccountFilters?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  testAccountFiltersDefaultChecked?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  timezone?: Resolver<ResolversTypes['TimeZone'], ParentType, ContextType>;
  updatedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  userBlastRadius?: Resolver<Maybe<ResolversTypes['UserBlastRadius']>, ParentType, ContextType, RequireFields<ProjectUserBlastRadiusArgs, 'condition'>>;
  uuid?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  weekStartDay?: Resolver<Maybe<ResolversTypes['WeekStartDay']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ProjectConnectionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ProjectConnection'] = ResolversParentTypes['ProjectConnection']> = {
  edges?: Resolver<ReadonlyArray<ResolversTypes['ProjectEdge']>, ParentType, ContextType>;
  nodes?: Resolver<ReadonlyArray<ResolversTypes['Project']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ProjectEdgeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ProjectEdge'] = ResolversParentTypes['ProjectEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Project'], ParentType, ContextType>;
};

export type QueryResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  node?: Resolver<Maybe<ResolversTypes['Node']>, ParentType, ContextType, RequireFields<QueryNodeArgs, 'id'>>;
  nodes?: Resolver<ReadonlyArray<Maybe<ResolversTypes['Node']>>, ParentType, ContextType, RequireFields<QueryNodesArgs, 'ids'>>;
  organization?: Resolver<Maybe<ResolversTypes['Organization']>, ParentType, ContextType, RequireFields<QueryOrganizationArgs, 'id'>>;
  project?: Resolver<Maybe<ResolversTypes['Project']>, ParentType, ContextType, RequireFields<QueryProjectArgs, 'id'>>;
  projects?: Resolver<Maybe<ResolversTypes['ProjectConnection']>, ParentType, ContextType, Partial<QueryProjectsArgs>>;
  rateLimit?: Resolver<Maybe<ResolversTypes['RateLimit']>, ParentType, ContextType>;
  viewer?: Resolver<Maybe<ResolversTypes['Viewer']>, ParentType, ContextType>;
};

export type RateLimitResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['RateLimit'] = ResolversParentTypes['RateLimit']> = {
  cost?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  limit?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  remaining?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  resetAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  retryAfter?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  used?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  windows?: Resolver<ReadonlyArray<ResolversTypes['RateLimitWindow']>, ParentType, ContextType>;
};

export type RateLimitWindowResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['RateLimitWindow'] = ResolversParentTypes['RateLimitWindow']> = {
  limit?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  remaining?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  resetAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  seconds?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  used?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type RepositoryPluginResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['RepositoryPlugin'] = ResolversParentTypes['RepositoryPlugin']> = {
  data?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  icon?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  maintainer?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  url?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  verified?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
};

export type RestoreFeatureFlagPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['RestoreFeatureFlagPayload'] = ResolversParentTypes['RestoreFeatureFlagPayload']> = {
  featureFlag?: Resolver<Maybe<ResolversTypes['FeatureFlag']>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type RevokeFeatureFlagRoleAccessPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['RevokeFeatureFlagRoleAccessPayload'] = ResolversParentTypes['RevokeFeatureFlagRoleAccessPayload']> = {
  featureFlag?: Resolver<Maybe<ResolversTypes['FeatureFlag']>, ParentType, ContextType>;
  revokedRoleAccessId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type RoleResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Role'] = ResolversParentTypes['Role']> = {
  associatedFlags?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  createdAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  createdBy?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  featureFlagsAccessLevel?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  members?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type SubscriptionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = {
  featureFlagChanged?: SubscriptionResolver<ResolversTypes['FeatureFlagChange'], "featureFlagChanged", ParentType, ContextType, RequireFields<SubscriptionFeatureFlagChangedArgs, 'projectId'>>;
};

export interface TimeZoneScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['TimeZone'], any> {
  name: 'TimeZone';
}

export interface UuidScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['UUID'], any> {
  name: 'UUID';
}

export type UnarchiveFeatureFlagPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UnarchiveFeatureFlagPayload'] = ResolversParentTypes['UnarchiveFeatureFlagPayload']> = {
  featureFlag?: Resolver<Maybe<ResolversTypes['FeatureFlag']>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type UpdateFeatureFlagPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UpdateFeatureFlagPayload'] = ResolversParentTypes['UpdateFeatureFlagPayload']> = {
  featureFlag?: Resolver<Maybe<ResolversTypes['FeatureFlag']>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type UpdatePluginPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UpdatePluginPayload'] = ResolversParentTypes['UpdatePluginPayload']> = {
  plugin?: Resolver<Maybe<ResolversTypes['Plugin']>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type UpdatePluginSourcePayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UpdatePluginSourcePayload'] = ResolversParentTypes['UpdatePluginSourcePayload']> = {
  plugin?: Resolver<Maybe<ResolversTypes['Plugin']>, ParentType, ContextType>;
  source?: Resolver<Maybe<ReadonlyArray<ResolversTypes['PluginSourceFile']>>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type UpdateProjectPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UpdateProjectPayload'] = ResolversParentTypes['UpdateProjectPayload']> = {
  project?: Resolver<Maybe<ResolversTypes['Project']>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type UpgradePluginPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UpgradePluginPayload'] = ResolversParentTypes['UpgradePluginPayload']> = {
  plugin?: Resolver<Maybe<ResolversTypes['Plugin']>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type UserResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['User'] = ResolversParentTypes['User']> = {
  databaseId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  distinctId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  firstName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isEmailVerified?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  lastName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  uuid?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
};

export type UserBlastRadiusResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UserBlastRadius'] = ResolversParentTypes['UserBlastRadius']> = {
  totalUsers?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  usersAffected?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type UserErrorResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UserError'] = ResolversParentTypes['UserError']> = {
  changeRequestId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  code?: Resolver<ResolversTypes['UserErrorCode'], ParentType, ContextType>;
  currentVersion?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ReadonlyArray<ResolversTypes['String']>>, ParentType, ContextType>;
  flags?: Resolver<ReadonlyArray<ResolversTypes['UserErrorFlag']>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  upstreamCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type UserErrorFlagResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UserErrorFlag'] = ResolversParentTypes['UserErrorFlag']> = {
  databaseId?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  key?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ViewerResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Viewer'] = ResolversParentTypes['Viewer']> = {
  databaseId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  dateJoined?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  distinctId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  firstName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isEmailVerified?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  lastName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  organization?: Resolver<Maybe<ResolversTypes['Organization']>, ParentType, ContextType>;
  organizations?: Resolver<ReadonlyArray<ResolversTypes['Organization']>, ParentType, ContextType>;
  project?: Resolver<Maybe<ResolversTypes['Project']>, ParentType, ContextType>;
  uuid?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
};

export type WeekStartDayResolvers = { MONDAY: 1, SUNDAY?: 0 };

export type Resolvers<ContextType = GatewayContext> = {
  ActivityLogChange?: ActivityLogChangeResolvers<ContextType>;
  ActivityLogConnection?: ActivityLogConnectionResolvers<ContextType>;
  ActivityLogEdge?: ActivityLogEdgeResolvers<ContextType>;
  ActivityLogEntry?: ActivityLogEntryResolvers<ContextType>;
  ActivityLogUser?: ActivityLogUserResolvers<ContextType>;
  ArchiveFeatureFlagPayload?: ArchiveFeatureFlagPayloadResolvers<ContextType>;
  CheckPluginForUpdatesPayload?: CheckPluginForUpdatesPayloadResolvers<ContextType>;
  CopyFeatureFlagFailure?: CopyFeatureFlagFailureResolvers<ContextType>;
  CopyFeatureFlagResult?: CopyFeatureFlagResultResolvers<ContextType>;
  CopyFeatureFlagsPayload?: CopyFeatureFlagsPayloadResolvers<ContextType>;
  CreateFeatureFlagPayload?: CreateFeatureFlagPayloadResolvers<ContextType>;
  CreateFeatureFlagStaticCohortPayload?: CreateFeatureFlagStaticCohortPayloadResolvers<ContextType>;
  CreatePluginPayload?: CreatePluginPayloadResolvers<ContextType>;
  CreateProjectPayload?: CreateProjectPayloadResolvers<ContextType>;
  DateTime?: GraphQLScalarType;
  DeleteFeatureFlagPayload?: DeleteFeatureFlagPayloadResolvers<ContextType>;
  DeletePluginPayload?: DeletePluginPayloadResolvers<ContextType>;
  DeleteProjectPayload?: DeleteProjectPayloadResolvers<ContextType>;
  DisableFeatureFlagPayload?: DisableFeatureFlagPayloadResolvers<ContextType>;
  EnableFeatureFlagPayload?: EnableFeatureFlagPayloadResolvers<ContextType>;
  FeatureFlag?: FeatureFlagResolvers<ContextType>;
  FeatureFlagChange?: FeatureFlagChangeResolvers<ContextType>;
  FeatureFlagConnection?: FeatureFlagConnectionResolvers<ContextType>;
  FeatureFlagDashboardPayload?: FeatureFlagDashboardPayloadResolvers<ContextType>;
  FeatureFlagEdge?: FeatureFlagEdgeResolvers<ContextType>;
  FeatureFlagEvaluation?: FeatureFlagEvaluationResolvers<ContextType>;
  FeatureFlagRoleAccess?: FeatureFlagRoleAccessResolvers<ContextType>;
  FeatureFlagRoleAccessConnection?: FeatureFlagRoleAccessConnectionResolvers<ContextType>;
  FeatureFlagRoleAccessEdge?: FeatureFlagRoleAccessEdgeResolvers<ContextType>;
  FeatureFlagStaticCohort?: FeatureFlagStaticCohortResolvers<ContextType>;
  GrantFeatureFlagRoleAccessPayload?: GrantFeatureFlagRoleAccessPayloadResolvers<ContextType>;
  JSON?: GraphQLScalarType;
  LocalEvaluation?: LocalEvaluationResolvers<ContextType>;
  LocalEvaluationFlag?: LocalEvaluationFlagResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  MyFeatureFlag?: MyFeatureFlagResolvers<ContextType>;
  Node?: NodeResolvers<ContextType>;
  Organization?: OrganizationResolvers<ContextType>;
  OrganizationFeatureFlag?: OrganizationFeatureFlagResolvers<ContextType>;
  PageInfo?: PageInfoResolvers<ContextType>;
  Plugin?: PluginResolvers<ContextType>;
  PluginConfig?: PluginConfigResolvers<ContextType>;
  PluginConnection?: PluginConnectionResolvers<ContextType>;
  PluginEdge?: PluginEdgeResolvers<ContextType>;
  PluginSourceFile?: PluginSourceFileResolvers<ContextType>;
  PluginType?: PluginTypeResolvers;
  Project?: ProjectResolvers<ContextType>;
  ProjectConnection?: ProjectConnectionResolvers<ContextType>;
  ProjectEdge?: ProjectEdgeResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  RateLimit?: RateLimitResolvers<ContextType>;
  RateLimitWindow?: RateLimitWindowResolvers<ContextType>;
  RepositoryPlugin?: RepositoryPluginResolvers<ContextType>;
  RestoreFeatureFlagPayload?: RestoreFeatureFlagPayloadResolvers<ContextType>;
  RevokeFeatureFlagRoleAccessPayload?: RevokeFeatureFlagRoleAccessPayloadResolvers<ContextType>;
  Role?: RoleResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  TimeZone?: GraphQLScalarType;
  UUID?: GraphQLScalarType;
  UnarchiveFeatureFlagPayload?: UnarchiveFeatureFlagPayloadResolvers<ContextType>;
  UpdateFeatureFlagPayload?: UpdateFeatureFlagPayloadResolvers<ContextType>;
  UpdatePluginPayload?: UpdatePluginPayloadResolvers<ContextType>;
  UpdatePluginSourcePayload?: UpdatePluginSourcePayloadResolvers<ContextType>;
  UpdateProjectPayload?: UpdateProjectPayloadResolvers<ContextType>;
  UpgradePluginPayload?: UpgradePluginPayloadResolvers<ContextType>;
  User?: UserResolvers<ContextType>;
  UserBlastRadius?: UserBlastRadiusResolvers<ContextType>;
  UserError?: UserErrorResolvers<ContextType>;
  UserErrorFlag?: UserErrorFlagResolvers<ContextType>;
  Viewer?: ViewerResolvers<ContextType>;
  WeekStartDay?: WeekStartDayResolvers;
};

