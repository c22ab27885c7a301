// Plain fields as getters (src/resolvers/support/plain-field-getters.ts): a wrapped record's fields
// whose resolver declares the parent alone are getters on its class, so compiled queries read them as
// properties; a resolver that names the arguments or the context stays a resolver.
import { isObjectType, parse, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import { describe, expect, it } from 'vitest';
import { compilationSchema } from '../../src/schema.ts';
import { resolvers } from '../../src/resolvers/index.ts';
import { asGetters } from '../../src/resolvers/support/plain-field-getters.ts';
import { ProjectFlag, type FeatureFlagRecord } from '../../src/upstream-client/endpoints/feature-flag.ts';
import { OrgPlugin, type PluginRecord } from '../../src/upstream-client/endpoints/plugin.ts';
import { ProjectRoleAccess, type RoleAccessRecord } from '../../src/upstream-client/endpoints/role-access.ts';

const WRAPPED = [
  { type: 'FeatureFlag', parent: new ProjectFlag(3, { id: 7, key: 'beta', name: 'Beta' } as FeatureFlagRecord) },
  { type: 'Plugin', parent: new OrgPlugin('org', { id: 9, name: 'GeoIP' } as PluginRecord) },
  { type: 'FeatureFlagRoleAccess', parent: new ProjectRoleAccess(3, 7, { id: 11 } as RoleAccessRecord) },
];

function fieldsOf(schema: GraphQLSchema, type: string) {
  const named = schema.getType(type);
  if (!isObjectType(named)) throw new Error(`${type} is not an object type`);
  return named.getFields();
}

describe('plain fields', () => {
  it.each(WRAPPED)('$type: every field without a resolver is a getter of its parent class, and no own property hides one', ({ type, parent }) => {
    const fields = Object.values(fieldsOf(compilationSchema(), type));
    const plain = fields.filter((field) => !field.resolve).map((field) => field.name);
    expect(plain.length).toBeGreaterThan(3);
    for (const name of plain) {
      const descriptor = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(parent), name);
      expect(descriptor && 'get' in descriptor && typeof descriptor.get, `${type}.${name}`).toBe('function');
    }
    expect(Object.keys(parent).filter((own) => fields.some((field) => field.name === own))).toEqual([]);
  });

  it('reads the record through the getters, as the resolvers did', () => {
    const flag = new ProjectFlag(3, { id: 7, key: 'beta', name: null, active: undefined, deleted: undefined } as unknown as FeatureFlagRecord);
    const read = flag as unknown as Record<string, unknown>;
    expect([read.databaseId, read.projectDatabaseId, read.key, read.name, read.active, read.deleted]).toEqual([7, 3, 'beta', null, true, false]);
    expect(read.id).toBe(Buffer.from('FeatureFlag:3:7').toString('base64url'));
  });

  it('a 50-flag list compiles with no resolver call per flag field (only the list itself is resolved)', () => {
    const document = parse(
      'query Flags($id: ID!) { project(id: $id) { featureFlags(first: 50) { nodes { id key name active createdAt createdBy { email } } } } }',
    );
    const compiled = compileQuery(compilationSchema(), document, 'Flags', { debug: true } as never);
    if (!isCompiledQuery(compiled)) throw new Error('not compiled');
    const source = String((compiled as unknown as Record<string, unknown>).__DO_NOT_USE_THIS_OR_YOU_WILL_BE_FIRED_compilation);
    expect(source).toContain('featureFlagsProjectfeatureFlagsResolverHandler');
    expect(source).not.toMatch(/FeatureFlag(id|key|name|active|createdAt|createdBy)Resolver/);
  });

  it('the schema graphql-js serves is built without resolvers for the same plain fields (its default resolver reads the getter)', () => {
    // The resolver map, not the served schema itself: Apollo Server wraps the served schema's
    // fields in place once any request in the process asks for a federated trace.
    const served = resolvers.FeatureFlag as Record<string, unknown>;
    expect(served.key).toBeUndefined();
    expect(served.project).toBeTypeOf('function');
  });

  it('refuses a field name the class already has', () => {
    class Wrapped {
      readonly record = {};
      existing(): number {
        return 1;
      }
    }
    expect(() => asGetters(Wrapped, { existing: (_parent: Wrapped) => 2 })).toThrow(/already has "existing"/);
  });

  it('keeps as resolvers what declares more than the parent, and the federation hooks', () => {
    class Wrapped {
      readonly record = { n: 2 };
    }
    const withContext = (_parent: Wrapped, _args: unknown, ctx: { n: number }) => ctx.n;
    const reference = (_parent: Wrapped) => null;
    const kept = asGetters(Wrapped, { doubled: (parent: Wrapped) => parent.record.n * 2, fromContext: withContext, __resolveReference: reference });
    expect(kept).toEqual({ fromContext: withContext, __resolveReference: reference });
    expect((new Wrapped() as unknown as { doubled: number }).doubled).toBe(4);
  });
});
