// A tool's description (docs/mcp.md, "Tools"): the operation's own words (its leading comment; graphql 16
// parses no operation descriptions), else the docs of its root fields; then its estimated cost, so an
// agent can tell a cheap lookup from a wide list.
import { Kind, OperationTypeNode, TokenKind, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { QUERY_LIMITS } from '../apollo-plugins/cost-limit.ts';

/** The comment lines right above the operation (`# ...`), joined; '' when there are none. */
function leadingComment(operation: OperationDefinitionNode): string {
  const lines: string[] = [];
  for (let token = operation.loc?.startToken.prev; token && token.kind === TokenKind.COMMENT; token = token.prev) {
    lines.unshift(token.value.trim());
  }
  return lines.join(' ').trim();
}

/** `field: its description` for each root field the operation selects that has one. */
function rootFieldDocs(schema: GraphQLSchema, operation: OperationDefinitionNode): string[] {
  const root = schema.getRootType(operation.operation);
  const fields = root?.getFields() ?? {};
  return operation.selectionSet.selections.flatMap((selection) => {
    if (selection.kind !== Kind.FIELD) return [];
    const description = fields[selection.name.value]?.description?.trim();
    return description ? [`${selection.name.value}: ${description}`] : [];
  });
}

/** The whole description; null when the operation has neither a comment nor a documented root field. */
export function toolDescription(schema: GraphQLSchema, operation: OperationDefinitionNode, cost: number): string | null {
  const own = leadingComment(operation) || rootFieldDocs(schema, operation).join('\n');
  if (!own) return null;
  const write =
    operation.operation === OperationTypeNode.MUTATION ? ' A write: the first call returns a confirmation token, the second (with it) runs it.' : '';
  return `${own}\n\nEstimated cost: ${cost} with the default arguments (the gateway refuses operations over ${QUERY_LIMITS.maxCost}).${write}`;
}
