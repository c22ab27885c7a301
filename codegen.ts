import type { CodegenConfig } from '@graphql-codegen/cli';

// Resolver types generated from schema/; mappers point GraphQL object types at the
// upstream REST record types so resolvers receive exactly what the upstream returns.
// Each domain adds its lines to `mappers` (and `enumValues` for enums mapped to REST values).
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
        scalars: {
          DateTime: 'string',
          UUID: 'string',
          JSON: 'unknown',
          TimeZone: 'string',
        },
        // Enums whose REST values are strings map here (e.g. PluginType: { LOCAL: 'local' }).
        // WeekStartDay (REST 0/1) is converted in resolvers/project.ts: codegen mistypes enum value 0.
        enumValues: {},
        mappers: {
          Project: '../upstream-client/projects.ts#ProjectParent',
          ProjectConnection: '../relay/connection.ts#Connection<ProjectParent>',
          ProjectEdge: '../relay/connection.ts#Edge<ProjectParent>',
          Organization: '../upstream-client/organizations.ts#OrganizationRef',
          User: '../upstream-client/users.ts#UserRecord',
        },
      },
    },
  },
};
export default config;
