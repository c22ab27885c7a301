// Input ids of objects that live under a parent (flags in a project, grants on a flag, plugins
// read through an organization): either the object's global id, which carries its parent, or
// its numeric id plus the parent's id in a sibling argument. One helper parses all of them.
import { badUserInput } from '../../errors.ts';
import { fromGlobalIdOf, isUuid, parseIntId, parseUuidId, toPositiveInt } from '../../relay/global-id.ts';
import type { FlagRef } from '../../upstream-client/endpoints/feature-flag.ts';
import type { PluginRef } from '../../upstream-client/endpoints/plugin.ts';
import type { RoleAccessRef } from '../../upstream-client/endpoints/role-access.ts';

const NUMERIC = /^[0-9]+$/;

interface ChildId<P, R> {
  /** The GraphQL type, e.g. "FeatureFlag". */
  type: string;
  /** The keys of its global id: the parent's, then its own. */
  keyCount: number;
  /** How the numeric form reads in messages, e.g. "its numeric id with the project id". */
  numericForm: string;
  /** Message when a numeric id, named `argument`, comes without its parent. */
  missingParent(argument: string): string;
  /** Ref from a global id's keys (validated). */
  fromKeys(keys: string[], text: string): R;
  /** Ref from a parent and a numeric id. */
  build(parent: P, id: number): R;
  /** The message refusing a parent argument (as given) that contradicts the global id; absent: not checked. */
  otherParent?(ref: R, parent: P, text: string, given: string): string | null;
}

/** The parent argument as given, and its parser. */
interface ParentArgument<P> {
  given: string;
  parse(): P;
}

/**
 * A child object's id, named `argument`: its global id, or its numeric id plus its parent (null
 * when the parent argument was not given). The parent is parsed only when needed or checked.
 */
function parseChildId<P, R>(spec: ChildId<P, R>, id: string, parent: ParentArgument<P> | null, argument = 'id'): R {
  const text = String(id).trim();
  if (NUMERIC.test(text)) {
    if (!parent) throw badUserInput(spec.missingParent(argument), { argument });
    return spec.build(parent.parse(), toPositiveInt(text, spec.type));
  }
  const ref = spec.fromKeys(fromGlobalIdOf(spec.type, text, spec.keyCount, spec.numericForm), text);
  const conflict = parent && spec.otherParent?.(ref, parent.parse(), text, parent.given);
  if (conflict) throw badUserInput(conflict, { argument });
  return ref;
}

function parentArgument<P>(given: string | number | null | undefined, parse: (value: string | number) => P): ParentArgument<P> | null {
  return given == null ? null : { given: String(given), parse: () => parse(given) };
}

const FLAG_ID: ChildId<number, FlagRef> = {
  type: 'FeatureFlag',
  keyCount: 2,
  numericForm: 'its numeric id with the project id',
  missingParent: (argument) => `"${argument}" is a numeric flag id: give the flag's global id, or also its "projectId".`,
  fromKeys: ([project = '', flag = '']) => ({ projectId: toPositiveInt(project, 'Project'), id: toPositiveInt(flag, 'FeatureFlag') }),
  build: (projectId, id) => ({ projectId, id }),
  otherParent: (ref, projectId, text, given) =>
    projectId === ref.projectId ? null : `The flag "${text}" belongs to project ${ref.projectId}, not to project ${given}.`,
};

/** A flag: its global id, or its numeric id plus `projectId` (global or numeric). `argument` names the id in messages. */
export function parseFlagRef(id: string, projectId: string | number | null | undefined, argument = 'id'): FlagRef {
  return parseChildId(
    FLAG_ID,
    id,
    parentArgument(projectId, (value) => parseIntId('Project', value)),
    argument,
  );
}

const PLUGIN_ID: ChildId<string, PluginRef> = {
  type: 'Plugin',
  keyCount: 2,
  numericForm: 'its numeric id with the organization id',
  missingParent: () => '"id" is a numeric plugin id: give the plugin\'s global id, or also "organizationId".',
  fromKeys: ([orgId = '', plugin = ''], text) => {
    if (!isUuid(orgId)) throw badUserInput(`"${text}" is not a valid Plugin id.`, { argument: 'id' });
    return { orgId: orgId.toLowerCase(), id: toPositiveInt(plugin, 'Plugin') };
  },
  build: (orgId, id) => ({ orgId, id }),
  otherParent: (ref, orgId, text, given) => (orgId === ref.orgId ? null : `The plugin "${text}" was read through another organization than ${given}.`),
};

/** A plugin: its global id, or its numeric id plus the organization (UUID or global id). */
export function parsePluginRef(id: string, organizationId?: string | null): PluginRef {
  return parseChildId(
    PLUGIN_ID,
    id,
    parentArgument(organizationId, (value) => parseUuidId('Organization', String(value))),
  );
}

const ROLE_ACCESS_ID: ChildId<FlagRef, RoleAccessRef> = {
  type: 'FeatureFlagRoleAccess',
  keyCount: 3,
  numericForm: 'its numeric id with the flag id',
  missingParent: () => '"id" is a numeric grant id: give the grant\'s global id, or also "featureFlagId".',
  fromKeys: ([project = '', flag = '', grant = '']) => ({
    projectId: toPositiveInt(project, 'Project'),
    flagId: toPositiveInt(flag, 'FeatureFlag'),
    id: toPositiveInt(grant, 'FeatureFlagRoleAccess'),
  }),
  build: (flag, id) => ({ projectId: flag.projectId, flagId: flag.id, id }),
};

/** A role-access grant: its global id, or its numeric id plus the flag (global, or numeric plus project). */
export function parseRoleAccessRef(id: string, featureFlagId?: string | null, projectId?: string | null): RoleAccessRef {
  return parseChildId(
    ROLE_ACCESS_ID,
    id,
    parentArgument(featureFlagId, (value) => parseFlagRef(String(value), projectId, 'featureFlagId')),
  );
}
