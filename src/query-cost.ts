// Static cost of an operation, scored from the schema's own federation demand-control hints
// (`@cost`, `@listSize`) the way Apollo Router's demand control scores it (IBM GraphQL Cost
// Directives spec), so our limit and a router's agree on every number:
//   - a field returning an object, interface or union costs 1, a scalar or enum 0; `@cost(weight:)`
//     on the field, else on its return type, replaces that weight;
//   - a field's cost is (its weight + the cost of its selections) times its size: 1 for a non-list,
//     else the size its parent's `@listSize(sizedFields:)` gives it, else the largest slicing
//     argument given (literal, variable or the argument's default), else `assumedSize`, else the
//     default list size;
//   - `@listSize(sizedFields:)` sizes those list subfields of the returned object (a connection's
//     `edges`/`nodes`) instead of the field itself;
//   - a mutation costs 10 more; `__typename` and introspection fields cost 0; arguments and input
//     objects cost 0.
// Where this deliberately differs from the router: fragments on an abstract type count as the most
// expensive possible type (the router sums every fragment), `@skip`/`@include` are evaluated with
// the variables like execution does (the router only reads literals), and a negative slicing
// argument counts as 0 (the router would subtract; the resolvers refuse it anyway).
// The hints are read from the schema's AST nodes once per schema (`costHints`), never per request,
// and `costEstimator` remembers each operation's score with the variable values it read.
import {
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  Kind,
  OperationTypeNode,
  getNamedType,
  getNullableType,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
  valueFromASTUntyped,
  type ConstDirectiveNode,
  type DirectiveNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionNode,
  type SelectionSetNode,
} from 'graphql';
import { coercedVariables } from './execution/coerced-variables.ts';
import { fragmentApplies } from './selections.ts';

interface ListSizeHint {
  assumedSize: number | null;
  slicingArguments: readonly string[];
  sizedFields: ReadonlySet<string>;
}

interface FieldHint {
  /** `@cost` weight of the field or its return type, else 1 for composite types, 0 for leaves. */
  weight: number;
  /** The field returns a list (its size multiplies its cost). */
  isList: boolean;
  listSize: ListSizeHint | null;
  /** Default values of the slicing arguments, from the field definition. */
  slicingDefaults: ReadonlyMap<string, number>;
}

/** Every object and interface field's hints, by `Type.field`. */
export type CostHints = ReadonlyMap<string, FieldHint>;

export interface CostOptions {
  /** Size of a list without `@listSize` (Apollo Router's `static_estimated.list_size`). */
  defaultListSize: number;
  /**
   * Weight of each federation `_entities` representation (each is resolved on its own, usually by
   * an upstream call); `_entities` is sized by the number of representations given. Default 1.
   */
  entityWeight?: number;
}

/** Extra cost of any mutation, as in Apollo Router. */
const MUTATION_BASE_COST = 10;

const hintsBySchema = new WeakMap<GraphQLSchema, CostHints>();

/** The schema's cost hints, read once per schema object (call at startup to pay it there). */
export function costHints(schema: GraphQLSchema): CostHints {
  let hints = hintsBySchema.get(schema);
  if (!hints) {
    hints = readCostHints(schema);
    hintsBySchema.set(schema, hints);
  }
  return hints;
}

/**
 * The estimated cost of the selected operation (by `operationName`, or the only one). Pure; the
 * document is expected to be valid for the schema (unknown fields and fragments count 0).
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables?: Readonly<Record<string, unknown>>,
  options: CostOptions = { defaultListSize: 100 }, // the gateway passes QUERY_LIMITS.maxPageSize
): number {
  const operation = selectOperation(document, operationName);
  return operation ? scoreOperation(schema, document, operation, lazyVariables(schema, operation, variables), options).cost : 0;
}

/**
 * `operationCost` with these options, remembering each operation's score together with the
 * variables the scoring read (slicing arguments, `@skip`/`@include` conditions, the number of
 * `_entities` representations) and their values: a request whose variables hold the same values
 * gets the same score, since scoring is a function of the values it reads. Apollo hands the same
 * parsed document to every request with the same query text, so the scores live with it; at most
 * `MAX_REMEMBERED_SCORES` per operation.
 */
export function costEstimator(options: CostOptions): typeof operationCost {
  const scored = new WeakMap<GraphQLSchema, WeakMap<OperationDefinitionNode, RememberedScore[]>>();
  return (schema, document, operationName, variables) => {
    const operation = selectOperation(document, operationName);
    if (!operation) return 0;
    let bySchema = scored.get(schema);
    if (!bySchema) scored.set(schema, (bySchema = new WeakMap()));
    let remembered = bySchema.get(operation);
    if (!remembered) bySchema.set(operation, (remembered = []));
    const values = lazyVariables(schema, operation, variables);
    const known = remembered.find((score) => score.reads.every(([name, value]) => sameRead(values()[name], value)));
    if (known) return known.cost;
    const score = scoreOperation(schema, document, operation, values, options);
    if (remembered.length < MAX_REMEMBERED_SCORES && score.reads.every(([, read]) => read !== UNREMEMBERED)) remembered.push(score);
    return score.cost;
  };
}

/** Scores remembered per operation: clients send a few page sizes and condition values. */
export const MAX_REMEMBERED_SCORES = 16;

interface RememberedScore {
  cost: number;
  /** Each variable the scoring read, with the value it read (a list stands for its length). */
  reads: readonly (readonly [string, unknown])[];
}

/** A value scoring read that no score is remembered with (anything but an Int, a Boolean, null or a list: a client mistake). */
const UNREMEMBERED = Symbol('unremembered');

/** What a score depends on of a value it read: an Int or Boolean as it is, a list (the representations) by its length. */
function readOf(value: unknown): unknown {
  if (Array.isArray(value)) return { length: value.length };
  return value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean' ? value : UNREMEMBERED;
}

function sameRead(value: unknown, read: unknown): boolean {
  if (Array.isArray(value)) return typeof read === 'object' && read !== null && (read as { length: number }).length === value.length;
  return Object.is(value, read);
}

function lazyVariables(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Readonly<Record<string, unknown>> | undefined,
): () => Record<string, unknown> {
  let values: Record<string, unknown> | undefined;
  return () => (values ??= coerceVariables(schema, operation, variables));
}

function scoreOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: () => Record<string, unknown>,
  options: CostOptions,
): RememberedScore {
  const rootType = schema.getRootType(operation.operation);
  if (!rootType) return { cost: 0, reads: [] };
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const reads: [string, unknown][] = [];
  const ctx: ScoringContext = {
    schema,
    hints: costHints(schema),
    fragments,
    variable: (name) => {
      const value = variables()[name];
      if (!reads.some(([read]) => read === name)) reads.push([name, readOf(value)]);
      return value;
    },
    options,
    activeFragments: new Set(),
  };
  const base = operation.operation === OperationTypeNode.MUTATION ? MUTATION_BASE_COST : 0;
  const cost = base + selectionSetCost(ctx, operation.selectionSet, rootType, null);
  return { cost, reads };
}

function selectOperation(document: DocumentNode, operationName: string | null | undefined): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (operationName) return operations.find((o) => o.name?.value === operationName);
  return operations.length === 1 ? operations[0] : undefined;
}

// Coerced like execution will (defaults of the operation's variables included); when the values
// do not coerce, execution refuses the operation anyway, so the raw values are good enough here.
function coerceVariables(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> {
  return coercedVariables(schema, operation, variables).coerced ?? { ...variables };
}

/** How the parent field's `@listSize(sizedFields:)` sizes the lists directly below it. */
interface Sizing {
  fields: ReadonlySet<string>;
  size: number;
}

interface ScoringContext {
  schema: GraphQLSchema;
  hints: CostHints;
  fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  /** A coerced variable's value (the variables are coerced on first use), recorded as read. */
  variable: (name: string) => unknown;
  options: CostOptions;
  /** Fragments being expanded (a valid document has no cycles; this keeps an invalid one finite). */
  activeFragments: Set<string>;
}

/** Selections on an abstract type cost as much as on their most expensive possible type. */
function selectionSetCost(ctx: ScoringContext, set: SelectionSetNode, type: GraphQLCompositeType, sizing: Sizing | null): number {
  if (isObjectType(type)) return objectSelectionCost(ctx, set, type, sizing);
  let max = 0;
  for (const possible of ctx.schema.getPossibleTypes(type)) max = Math.max(max, objectSelectionCost(ctx, set, possible, sizing));
  return max;
}

function objectSelectionCost(ctx: ScoringContext, set: SelectionSetNode, type: GraphQLObjectType, sizing: Sizing | null): number {
  let cost = 0;
  for (const selection of set.selections) {
    if (skipped(ctx, selection)) continue;
    if (selection.kind === Kind.FIELD) {
      cost += fieldCost(ctx, selection, type, sizing);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (fragmentApplies(ctx.schema, selection.typeCondition?.name.value, type)) cost += objectSelectionCost(ctx, selection.selectionSet, type, sizing);
    } else {
      const name = selection.name.value;
      const fragment = ctx.fragments.get(name);
      if (!fragment || ctx.activeFragments.has(name) || !fragmentApplies(ctx.schema, fragment.typeCondition.name.value, type)) continue;
      ctx.activeFragments.add(name);
      cost += objectSelectionCost(ctx, fragment.selectionSet, type, sizing);
      ctx.activeFragments.delete(name);
    }
  }
  return cost;
}

function fieldCost(ctx: ScoringContext, node: FieldNode, parent: GraphQLObjectType, sizing: Sizing | null): number {
  const name = node.name.value;
  const hint = ctx.hints.get(`${parent.name}.${name}`);
  const definition = parent.getFields()[name];
  if (name.startsWith('__') || !hint || !definition) return 0;
  const entities = name === '_entities' && parent === ctx.schema.getQueryType();
  const ownSize = entities ? representationCount(ctx, node) : hint.listSize ? expectedSize(ctx, node, hint.listSize, hint.slicingDefaults) : null;
  let typeCost = entities ? (ctx.options.entityWeight ?? hint.weight) : hint.weight;
  const returned = getNamedType(definition.type);
  if (node.selectionSet && isCompositeType(returned)) {
    const childSizing = hint.listSize && ownSize !== null ? { fields: hint.listSize.sizedFields, size: ownSize } : null;
    typeCost += selectionSetCost(ctx, node.selectionSet, returned, childSizing);
  }
  return instanceCount(ctx, name, hint, ownSize, sizing) * typeCost;
}

function instanceCount(ctx: ScoringContext, name: string, hint: FieldHint, ownSize: number | null, sizing: Sizing | null): number {
  if (!hint.isList) return 1;
  if (sizing?.fields.has(name)) return sizing.size;
  return ownSize ?? ctx.options.defaultListSize;
}

/** How many representations `_entities` was given (literal or variable), else null (the default list size). */
function representationCount(ctx: ScoringContext, node: FieldNode): number | null {
  const argument = node.arguments?.find((a) => a.name.value === 'representations');
  if (!argument) return null;
  if (argument.value.kind === Kind.LIST) return argument.value.values.length;
  const value = argument.value.kind === Kind.VARIABLE ? ctx.variable(argument.value.name.value) : undefined;
  return Array.isArray(value) ? value.length : null;
}

/** The largest slicing argument given (or defaulted in the schema), else `assumedSize`. */
function expectedSize(ctx: ScoringContext, node: FieldNode, listSize: ListSizeHint, defaults: ReadonlyMap<string, number>): number | null {
  const values = new Map(defaults);
  for (const argument of node.arguments ?? []) {
    if (!listSize.slicingArguments.includes(argument.name.value)) continue;
    const value = argument.value.kind === Kind.VARIABLE ? ctx.variable(argument.value.name.value) : valueFromASTUntyped(argument.value);
    if (isInt32(value)) values.set(argument.name.value, Math.max(0, value));
  }
  return values.size > 0 ? Math.max(...values.values()) : listSize.assumedSize;
}

// Like the router, a value that is not a GraphQL Int (e.g. an uncoercible variable) is ignored.
const isInt32 = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31;

// As graphql-js's `getDirectiveValues` reads `if`: a missing or null variable makes it throw, which
// counts the selection (execution refuses the operation anyway); another non-boolean is neither.
function skipped(ctx: ScoringContext, node: SelectionNode): boolean {
  if (!node.directives?.length) return false;
  return (
    conditionValue(ctx, node.directives, GraphQLSkipDirective.name) === true || conditionValue(ctx, node.directives, GraphQLIncludeDirective.name) === false
  );
}

function conditionValue(ctx: ScoringContext, directives: readonly DirectiveNode[], name: string): unknown {
  const value = directives.find((d) => d.name.value === name)?.arguments?.find((a) => a.name.value === 'if')?.value;
  if (value?.kind === Kind.VARIABLE) return ctx.variable(value.name.value);
  return value?.kind === Kind.BOOLEAN ? value.value : undefined;
}

function readCostHints(schema: GraphQLSchema): CostHints {
  const hints = new Map<string, FieldHint>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || !(isObjectType(type) || isInterfaceType(type))) continue;
    for (const field of Object.values(type.getFields())) hints.set(`${type.name}.${field.name}`, fieldHint(field));
  }
  return hints;
}

function fieldHint(field: GraphQLField<unknown, unknown>): FieldHint {
  const returned = getNamedType(field.type);
  const weight = costWeight(field.astNode?.directives) ?? typeCostWeight(returned) ?? (isCompositeType(returned) ? 1 : 0);
  const listSize = listSizeHint(field.astNode?.directives);
  const slicingDefaults = new Map<string, number>();
  for (const argument of field.args) {
    const value = argument.defaultValue;
    if (listSize?.slicingArguments.includes(argument.name) && isInt32(value)) slicingDefaults.set(argument.name, value);
  }
  return { weight, isList: isListType(getNullableType(field.type)), listSize, slicingDefaults };
}

// The federation link imports them as @cost/@listSize; unimported they are @federation__cost...
const isDirective = (node: ConstDirectiveNode, name: string) => node.name.value === name || node.name.value === `federation__${name}`;

function directiveArguments(directives: readonly ConstDirectiveNode[] | undefined, name: string): Record<string, unknown> | null {
  const node = directives?.find((d) => isDirective(d, name));
  if (!node) return null;
  return Object.fromEntries((node.arguments ?? []).map((argument) => [argument.name.value, valueFromASTUntyped(argument.value)]));
}

function costWeight(directives: readonly ConstDirectiveNode[] | undefined): number | null {
  const weight = Number(directiveArguments(directives, 'cost')?.weight);
  return Number.isFinite(weight) ? weight : null;
}

function typeCostWeight(type: GraphQLNamedType): number | null {
  for (const node of [type.astNode, ...type.extensionASTNodes]) {
    const weight = node && 'directives' in node ? costWeight(node.directives) : null;
    if (weight !== null) return weight;
  }
  return null;
}

function listSizeHint(directives: readonly ConstDirectiveNode[] | undefined): ListSizeHint | null {
  const args = directiveArguments(directives, 'listSize');
  if (!args) return null;
  const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
  return {
    assumedSize: typeof args.assumedSize === 'number' ? args.assumedSize : null,
    slicingArguments: strings(args.slicingArguments),
    sizedFields: new Set(strings(args.sizedFields)),
  };
}
