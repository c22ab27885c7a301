// Telling pure introspection (Sandbox, a router's `_service`) apart: it needs no token and is not scored.
import { Kind, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';

const INTROSPECTION_FIELDS = new Set(['__schema', '__type', '__typename', '_service']);

/** True when the operation's root selections are only introspection fields (fragments followed). */
export function isIntrospectionOnly(operation: OperationDefinitionNode, fragments: Record<string, FragmentDefinitionNode>): boolean {
  const onlyIntrospection = (set: SelectionSetNode, seen: Set<string>): boolean =>
    set.selections.every((selection) => {
      if (selection.kind === Kind.FIELD) return INTROSPECTION_FIELDS.has(selection.name.value);
      if (selection.kind === Kind.INLINE_FRAGMENT) return onlyIntrospection(selection.selectionSet, seen);
      const name = selection.name.value;
      const fragment = fragments[name];
      if (!fragment || seen.has(name)) return true;
      return onlyIntrospection(fragment.selectionSet, new Set([...seen, name]));
    });
  return onlyIntrospection(operation.selectionSet, new Set());
}

export function fragmentsOf(document: DocumentNode): Record<string, FragmentDefinitionNode> {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments[def.name.value] = def;
  return fragments;
}
