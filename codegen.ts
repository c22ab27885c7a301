import type { CodegenConfig } from '@graphql-codegen/cli';

// Resolver types generated from schema/; mappers point GraphQL object types at the
// upstream REST record types so resolvers receive exactly what the upstream returns.
// Each domain adds its lines to `mappers` (and `enumValues` for enums mapped to REST values).
/** Typed documents (client preset): tsc checks the variables and results of the tests that use them. */
const typedDocuments = {
  preset: 'client',
  presetConfig: { fragmentMasking: false },
  config: {
    useTypeImports: true,
    enumsAsTypes: true,
    importExtension: '.ts',
    scalars: { DateTime: 'string', UUID: 'string', JSON: 'unknown', TimeZone: 'string' },
  },
} as const;

const config: CodegenConfig = {
  schema: 'schema/**/*.graphql',
  generates: {
    'src/generated/resolvers-types.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useTypeImports: true,
        contextType: '../context.ts#GatewayContext',
        enumsAsTypes: true,
        useIndexSignature: false,
        federation: true,
        // Upstream records are read-only (src/upstream-client/endpoints/upstream-record.ts): a list field may
        // return a record's array as it is, so resolver results take read-only arrays.
        immutableTypes: true,
        scalars: {
          DateTime: 'string',
          UUID: 'string',
          JSON: 'unknown',
          TimeZone: 'string',
        },
        // Enums whose values differ upstream: resolvers receive and return the REST values, and
        // resolvers/scalars.ts hands the schema the same mapping (typed by PluginTypeResolvers...).
        enumValues: {
          PluginType: { LOCAL: 'local', CUSTOM: 'custom', REPOSITORY: 'repository', SOURCE: 'source' },
          WeekStartDay: { SUNDAY: 0, MONDAY: 1 },
        },
        mappers: {
          Project: '../upstream-client/endpoints/project.ts#ProjectParent',
          ProjectConnection: '../relay/connection.ts#Connection<ProjectParent>',
          ProjectEdge: '../relay/connection.ts#Edge<ProjectParent>',
          Organization: '../upstream-client/endpoints/organization.ts#OrganizationRef',
          User: '../upstream-client/endpoints/user.ts#UserRecord',
          Viewer: '../upstream-client/endpoints/viewer.ts#ViewerRecord',
          // Feature flags, role access, plugins: REST records wrapped with the parent id they were read under.
          FeatureFlag: '../upstream-client/endpoints/feature-flag.ts#ProjectFlag',
          FeatureFlagConnection: '../relay/connection.ts#Connection<ProjectFlag>',
          FeatureFlagEdge: '../relay/connection.ts#Edge<ProjectFlag>',
          ActivityLogEntry: '../upstream-client/endpoints/activity.ts#ActivityLogRecord',
          ActivityLogConnection: '../relay/connection.ts#Connection<ActivityLogRecord>',
          ActivityLogEdge: '../relay/connection.ts#Edge<ActivityLogRecord>',
          LocalEvaluationFlag: '../upstream-client/endpoints/feature-flag.ts#ProjectMinimalFlag',
          OrganizationFeatureFlag: '../upstream-client/endpoints/feature-flag.ts#OrganizationFlagRecord',
          FeatureFlagStaticCohort: '../upstream-client/endpoints/feature-flag.ts#CohortRecord',
          CreateFeatureFlagStaticCohortPayload: '../upstream-client/endpoints/feature-flag.ts#StaticCohortPayload',
          CopyFeatureFlagFailure: '../upstream-client/endpoints/feature-flag.ts#CopyFlagsFailureRecord',
          CopyFeatureFlagResult: '../upstream-client/endpoints/feature-flag.ts#ProjectFlagCopy',
          FeatureFlagRoleAccess: '../upstream-client/endpoints/role-access.ts#ProjectRoleAccess',
          FeatureFlagRoleAccessConnection: '../relay/connection.ts#Connection<ProjectRoleAccess>',
          FeatureFlagRoleAccessEdge: '../relay/connection.ts#Edge<ProjectRoleAccess>',
          Role: '../upstream-client/endpoints/role-access.ts#RoleRecord',
          RevokeFeatureFlagRoleAccessPayload: '../upstream-client/endpoints/role-access.ts#RevokeRoleAccessPayload',
          Plugin: '../upstream-client/endpoints/plugin.ts#OrgPlugin',
          PluginConnection: '../relay/connection.ts#Connection<OrgPlugin>',
          PluginEdge: '../relay/connection.ts#Edge<OrgPlugin>',
          PluginConfig: '../upstream-client/endpoints/plugin.ts#OrgPluginConfig',
          RepositoryPlugin: '../upstream-client/endpoints/plugin.ts#RepositoryPluginRecord',
          // A mutation's refusal, as src/errors.ts and the mutations build it; `flags` is read from its message.
          UserError: '../user-error.ts#UserErrorRecord',
          // Live updates: one change of a flag, as the project's activity feed decoded it.
          FeatureFlagChange: '../subscriptions/events.ts#FlagChangeEvent',
        },
      },
    },
    // Typed documents for clients (client preset) from the operations the client tests run:
    // tsc checks those tests' variables and results against the schema.
    'test/clients/generated/': { ...typedDocuments, documents: ['test/clients/operations/*.graphql'] },
    // The gateway's end-to-end tests wrap their fixed operations in `graphql()` from here.
    'test/gateway/generated/': { ...typedDocuments, documents: ['test/gateway/*.test.ts'] },
  },
};
export default config;
