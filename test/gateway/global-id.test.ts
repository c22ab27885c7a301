// Global ids: opaque, reversible, typed; garbage is BAD_USER_INPUT.
import { describe, expect, it } from 'vitest';
import { GraphQLError } from 'graphql';
import { fromGlobalId, fromGlobalIdOf, parseIntId, parseUuidId, toGlobalId } from '../../src/relay/global-id.ts';

const ORG = '0190f5a4-6a1e-7d2a-9a47-3c1f0e2b7c11';

function expectBadInput(run: () => unknown) {
  let error: unknown;
  try {
    run();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(GraphQLError);
  expect((error as GraphQLError).extensions.code).toBe('BAD_USER_INPUT');
}

describe('global ids', () => {
  it('round-trip type and keys, including keys with separators', () => {
    for (const [type, keys] of [
      ['Project', ['42']],
      ['FeatureFlag', ['7', '1234']],
      ['FeatureFlagRoleAccess', ['7', '12', '99']],
      ['Organization', [ORG]],
      ['Odd', ['a:b', 'c/d e', 'ü']],
    ] as const) {
      const id = toGlobalId(type, ...keys);
      expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(fromGlobalId(id)).toEqual({ type, keys: [...keys] });
    }
  });
  it('are opaque: the raw type and key are not visible', () => {
    const id = toGlobalId('Project', 42);
    expect(id).not.toContain('Project');
    expect(id).not.toBe('42');
  });
  it('differ by type for the same key', () => {
    expect(toGlobalId('Project', 1)).not.toBe(toGlobalId('Plugin', 1));
  });
  it.each([
    '',
    '42',
    'not base64!',
    '%%%',
    Buffer.from('project:1').toString('base64url'),
    Buffer.from('Project').toString('base64url'),
    Buffer.from('Project:').toString('base64url'),
  ])('reject %j', (bad) => expectBadInput(() => fromGlobalId(bad)));
  it('reject an id of another type where a type is expected', () => {
    expectBadInput(() => fromGlobalIdOf('Project', toGlobalId('Plugin', 3)));
    expectBadInput(() => fromGlobalIdOf('FeatureFlag', toGlobalId('FeatureFlag', 3), 2));
  });
});

describe('root lookup ids: global id or upstream id', () => {
  it('accept both forms of a project id', () => {
    expect(parseIntId('Project', '42')).toBe(42);
    expect(parseIntId('Project', toGlobalId('Project', 42))).toBe(42);
  });
  it('reject ids that would not be safe path segments', () => {
    for (const bad of ['0', '-1', '1.5', '../1', toGlobalId('Project', 'abc'), toGlobalId('Project', '1/2'), '99999999999999999999']) {
      expectBadInput(() => parseIntId('Project', bad));
    }
  });
  it('accept both forms of an organization id, normalised to lower case', () => {
    expect(parseUuidId('Organization', ORG.toUpperCase())).toBe(ORG);
    expect(parseUuidId('Organization', toGlobalId('Organization', ORG))).toBe(ORG);
    expectBadInput(() => parseUuidId('Organization', 'acme'));
    expectBadInput(() => parseUuidId('Organization', toGlobalId('Organization', 'acme')));
  });
});

describe('error messages name the expected type and the accepted forms', () => {
  it('for text that is no global id', () => {
    expect(() => parseIntId('Project', '-1')).toThrow('"-1" is not a valid Project id: give its global id or its numeric database id.');
    expect(() => parseUuidId('Organization', '12')).toThrow('"12" is not a valid Organization id: give its global id or its UUID.');
  });
  it('for a global id of another type', () => {
    expect(() => parseUuidId('Organization', toGlobalId('Project', 1))).toThrow('Expected the id of an Organization, got the id of a Project.');
    expect(() => parseIntId('Project', toGlobalId('Organization', ORG))).toThrow('Expected the id of a Project, got the id of an Organization.');
  });
});
