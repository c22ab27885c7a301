// What changed in the subgraph SDL since the last release, and whether each change may ship
// (docs/schema-changes.md). @graphql-inspector/core classifies every change of the GraphQL schema;
// one rule is ours: a removed `@key` is breaking (other subgraphs and routers reference our
// entities by their keys), where the inspector only sees a directive argument that changed.
import { Kind, buildSchema, print, type DocumentNode, type GraphQLSchema } from 'graphql';
import { diff, type Change } from '@graphql-inspector/core';

export type Severity = 'breaking' | 'dangerous' | 'safe';

/** One change, named by its schema coordinate (e.g. `Project.name`, `Query.project(id:)`, `Project @key(fields: "id")`). */
export interface SchemaChange {
  severity: Severity;
  coordinate: string;
  /** The inspector's change type, or KEY_REMOVED / KEY_ADDED. */
  type: string;
  message: string;
}

const SEVERITY: Record<string, Severity> = { BREAKING: 'breaking', DANGEROUS: 'dangerous', NON_BREAKING: 'safe' };

/** Subgraph SDL (printSubgraphSchema's form: federation directives used, not defined) as a schema to diff. */
function schemaOf(sdl: string): GraphQLSchema {
  return buildSchema(sdl, { assumeValid: true, assumeValidSDL: true });
}

/** The inspector's path `Type.field.argument` as a schema coordinate `Type.field(argument:)`. */
export function coordinateOf(path: string | undefined): string {
  if (!path) return '(schema)';
  const parts = path.split('.');
  const directive = parts.findIndex((part) => part.startsWith('@'));
  if (directive >= 0) return `${coordinateOf(parts.slice(0, directive).join('.'))} ${parts[directive]}`;
  const [type, field, argument] = parts;
  return argument === undefined ? path : `${type}.${field}(${argument}:)`;
}

/** `@key(fields:)` selections of every object type, printed. */
function entityKeys(schema: GraphQLSchema): Map<string, Set<string>> {
  const keys = new Map<string, Set<string>>();
  for (const type of Object.values(schema.getTypeMap())) {
    for (const node of [type.astNode, ...(type.extensionASTNodes ?? [])]) {
      if (node?.kind !== Kind.OBJECT_TYPE_DEFINITION && node?.kind !== Kind.OBJECT_TYPE_EXTENSION) continue;
      for (const directive of node.directives ?? []) {
        const fields = directive.name.value === 'key' ? directive.arguments?.find((a) => a.name.value === 'fields') : undefined;
        if (fields) keys.set(type.name, (keys.get(type.name) ?? new Set()).add(print(fields.value)));
      }
    }
  }
  return keys;
}

function keyChanges(before: GraphQLSchema, after: GraphQLSchema): SchemaChange[] {
  const [old, now] = [entityKeys(before), entityKeys(after)];
  const changes: SchemaChange[] = [];
  for (const [type, fieldSets] of old) {
    for (const fields of fieldSets) {
      if (now.get(type)?.has(fields)) continue;
      const coordinate = `${type} @key(fields: ${fields})`;
      const message = `Entity key ${fields} of '${type}' was removed: subgraphs and routers that reference a ${type} by it can no longer resolve it`;
      changes.push({ severity: 'breaking', coordinate, type: 'KEY_REMOVED', message });
    }
  }
  for (const [type, fieldSets] of now) {
    for (const fields of fieldSets) {
      if (!old.get(type)?.has(fields)) {
        changes.push({
          severity: 'safe',
          coordinate: `${type} @key(fields: ${fields})`,
          type: 'KEY_ADDED',
          message: `Entity key ${fields} was added to '${type}'`,
        });
      }
    }
  }
  return changes;
}

const isKeyUsage = (change: Change): boolean => String(change.type).startsWith('DIRECTIVE_USAGE_') && /(^|\.)@key(\.|$)/.test(change.path ?? '');

/** Every change from `released` to `current` SDL; `@key` changes are reported once, by keyChanges. */
export async function schemaChanges(released: string, current: string): Promise<SchemaChange[]> {
  const [before, after] = [schemaOf(released), schemaOf(current)];
  const inspected = (await diff(before, after)).filter((change) => !isKeyUsage(change));
  return [
    ...inspected.map((change) => ({
      severity: SEVERITY[change.criticality.level] ?? 'breaking',
      coordinate: coordinateOf(change.path),
      type: String(change.type),
      message: change.message,
    })),
    ...keyChanges(before, after),
  ];
}

/** Where a coordinate's type is defined among the schema files, for the "file to edit" hint. */
export function schemaFileOf(coordinate: string, files: ReadonlyMap<string, DocumentNode>): string {
  const [type = '', field] = coordinate.split(/[ .(]/);
  let typeFile: string | undefined;
  for (const [file, document] of files) {
    for (const definition of document.definitions) {
      if (!('name' in definition) || definition.name?.value !== type) continue;
      // The type's own definition, rather than a file that extends it.
      if (!definition.kind.endsWith('Extension')) typeFile = file;
      const members = 'fields' in definition ? definition.fields : 'values' in definition ? definition.values : undefined;
      if (field && members?.some((m) => m.name.value === field)) return file;
    }
  }
  return typeFile ?? 'schema/*.graphql';
}
