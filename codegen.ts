import type { CodegenConfig } from '@graphql-codegen/cli';

// Resolver types generated from schema/; mappers point GraphQL object types at the
// upstream REST record types so resolvers receive exactly what the upstream returns.
const config: CodegenConfig = {
  schema: 'schema/**/*.graphql',
  generates: {
    'src/generated/resolvers-types.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useTypeImports: true,
        contextType: '../context.ts#GatewayContext',
        enumsAsTypes: true,
        mappers: {},
      },
    },
  },
};
export default config;
