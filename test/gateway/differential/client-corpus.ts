// The client-shaped part of the differential corpus (../differential.test.ts): what frontends send.
//   - the documents the repository's client tests send (test/clients/): the request bodies Apollo
//     Client 4 and Relay sent, recorded in bench/client-documents/; Apollo Client's other operations
//     and the README's paging query as it sends them (`addTypenameToDocument`: a `__typename` in
//     every selection), and the text relay-compiler generated for the Relay tests;
//   - generated variations of them: defaults given and left out, fragment spreads and fields
//     under `@include`/`@skip` (each condition true, false, left to its default, and null), the same
//     fragment spread twice under different conditions;
//   - pages built from colocated component fragments that read the operation's variables;
//   - router `_entities` fetches with a `$representations` variable;
//   - mutations as clients write them (one `$input` variable, fragments, `__typename`).
import { readdirSync, readFileSync } from 'node:fs';
import {
  getOperationAST,
  Kind,
  OperationTypeNode,
  parse,
  print,
  visit,
  type ASTVisitor,
  type DirectiveNode,
  type DocumentNode,
  type FieldNode,
  type FragmentSpreadNode,
  type InlineFragmentNode,
  type OperationDefinitionNode,
  type SelectionNode,
  type VariableDefinitionNode,
} from 'graphql';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { readmeSnippet } from '../../clients/readme-snippets.ts';
import * as generatedDocuments from '../../clients/generated/graphql.ts';
import { clientDocuments as recordedDocuments } from '../../../bench/client-documents.ts';
import type { CorpusIds, DifferentialCase } from './corpus.ts';

/** A document a client test sends, as the client sends it. */
export interface ClientDocument {
  source: 'apollo' | 'relay';
  name: string;
  text: string;
}

const RELAY_GENERATED = new URL('../../clients/relay/__generated__/', import.meta.url);

/**
 * Every operation the client tests send, once each: the request bodies Apollo Client and Relay
 * sent, as the client tests recorded them for the benchmark (bench/client-documents/); then the
 * client tests' other documents: graphql-codegen's documents of test/clients/operations/ and the
 * README's paging query as Apollo Client sends them (`addTypenameToDocument`), and every operation
 * text relay-compiler generated.
 */
export function clientDocuments(): ClientDocument[] {
  const recorded = (['apollo', 'relay'] as const).flatMap((tool) =>
    recordedDocuments(tool).documents.map((document) => ({ source: tool, name: document.operationName, text: document.query })),
  );
  const apollo = [...Object.values(generatedDocuments).filter(isOperationDocument), parse(readmeSnippet('paging-query'))].map(asApolloSends);
  const relay = readdirSync(RELAY_GENERATED).flatMap((file) => relayOperation(readFileSync(new URL(file, RELAY_GENERATED), 'utf8')));
  const byText = new Map<string, ClientDocument>();
  for (const document of [...recorded, ...apollo, ...relay]) if (!byText.has(document.text)) byText.set(document.text, document);
  return [...byText.values()];
}

/** An operation's document (graphql-codegen also exports each fragment's own). */
const isOperationDocument = (value: unknown): value is DocumentNode =>
  (value as DocumentNode | undefined)?.kind === Kind.DOCUMENT && getOperationAST(value as DocumentNode) !== null;

/**
 * The operation text of a relay-compiler artifact (its `params.text`, the exact string Relay's
 * network layer sends), read from the source rather than imported: the artifacts import each
 * other by extensionless paths only a bundler resolves. Fragment artifacts have none.
 */
function relayOperation(source: string): ClientDocument[] {
  const name = /"name": ("(?:[^"\\]|\\.)*"),\s*"operationKind"/.exec(source);
  const text = /"text": ("(?:[^"\\]|\\.)*")/.exec(source);
  return name && text ? [{ source: 'relay', name: JSON.parse(name[1]!) as string, text: JSON.parse(text[1]!) as string }] : [];
}

function asApolloSends(document: DocumentNode): ClientDocument {
  const operation = getOperationAST(document)!;
  return { source: 'apollo', name: operation.name!.value, text: print(addTypenameToDocument(document)) };
}

const operationOf = (text: string): OperationDefinitionNode => getOperationAST(parse(text))!;

// ---------------------------------------------------------------------------------------------
// Variables per client operation: every required one given, defaults left out and given

function variableSets(name: string, ids: CorpusIds): Record<string, unknown>[] {
  const flag = ids.flagIds['pricing-experiment'];
  const project = ids.projectId;
  const sets: Record<string, Array<Record<string, unknown>>> = {
    NodeById: [{ id: flag }, { id: project }, { id: ids.pluginIds[0] }, { id: 'RmVhdHVyZUZsYWc6MTo5OTk5' }],
    ObjectsOfEveryType: [{ projectId: project, organizationId: ids.organizationId }],
    ProjectFlags: [
      { projectId: project, first: 2 },
      { projectId: project, first: 2, after: ids.flagCursor },
      { projectId: project, first: 3, after: null },
      { projectId: project },
      { projectId: ids.otherProjectId, first: 1 },
    ],
    FlagListQuery: [
      { projectId: project, count: 2 },
      { projectId: project, count: 2, cursor: ids.flagCursor },
      { projectId: project, count: 5, cursor: null },
    ],
    FlagListPaginationQuery: [
      { id: project },
      { id: project, count: 2 },
      { id: project, count: 2, cursor: ids.flagCursor },
      { id: project, count: null },
      { id: flag },
    ],
    ...Object.fromEntries(
      ['ProjectHeader', 'ProjectHeaderQuery'].map((name) => [
        name,
        [{ projectId: project }, { projectId: ids.otherProjectId }, { projectId: 'UHJvamVjdDo5OTk5' }],
      ]),
    ),
    ...Object.fromEntries(
      ['FlagTable', 'FlagOwners', 'FlagTableQuery', 'FlagOwnersQuery'].map((name) => [
        name,
        [
          { projectId: project, first: 50, count: 50, withCreator: true },
          { projectId: project },
          { projectId: project, first: 2, count: 2, after: ids.flagCursor, cursor: ids.flagCursor, withCreator: false },
          { projectId: project, first: null, withCreator: null },
        ],
      ]),
    ),
    FlagDetailsRefetchQuery: [{ id: flag }, { id: ids.flagIds['beta-dashboard'] }, { id: project }],
  };
  return sets[name] ?? [];
}

/** Each client query as sent, with each of its variable sets. */
function sentAsIs(documents: ClientDocument[], ids: CorpusIds): DifferentialCase[] {
  return documents
    .filter((document) => operationOf(document.text).operation === OperationTypeNode.QUERY)
    .flatMap((document) =>
      variableSets(document.name, ids).map((variables) => ({
        name: `client ${document.source} ${document.name} ${JSON.stringify(variables)}`,
        query: document.text,
        variables,
        client: true,
      })),
    );
}

// ---------------------------------------------------------------------------------------------
// Generated variations: conditions on the client documents' own selections

/** The conditions a variation adds, as `@include(if: $onFragments)` / `@skip(if: $brief)`, and the vectors sent. */
const CONDITION_VECTORS: Array<Record<string, unknown>> = [
  {},
  { onFragments: true, brief: false },
  { onFragments: false, brief: false },
  { onFragments: true, brief: true },
  { onFragments: false, brief: true },
  { onFragments: null },
];

const directive = (name: string, variable: string): DirectiveNode => ({
  kind: Kind.DIRECTIVE,
  name: { kind: Kind.NAME, value: name },
  arguments: [{ kind: Kind.ARGUMENT, name: { kind: Kind.NAME, value: 'if' }, value: { kind: Kind.VARIABLE, name: { kind: Kind.NAME, value: variable } } }],
});

const withDirective = <T extends FieldNode | FragmentSpreadNode | InlineFragmentNode>(node: T, name: string, variable: string): T => ({
  ...node,
  directives: [...(node.directives ?? []), directive(name, variable)],
});

const CONDITION_VARIABLES: Record<string, string> = { onFragments: 'onFragments: Boolean = true', brief: 'brief: Boolean! = false' };

/** `text` with `visitor` applied and the condition variables it uses declared (`$onFragments: Boolean = true`, `$brief: Boolean! = false`); null when it added none. */
function withConditions(text: string, visitor: ASTVisitor): string | null {
  const document = visit(parse(text), visitor);
  const used = new Set<string>();
  visit(document, { Directive: (node) => void node.arguments?.forEach(({ value }) => value.kind === Kind.VARIABLE && used.add(value.name.value)) });
  const added = Object.keys(CONDITION_VARIABLES).filter((name) => used.has(name));
  if (added.length === 0) return null;
  return print(
    visit(document, {
      OperationDefinition: (node) => ({
        ...node,
        variableDefinitions: [...(node.variableDefinitions ?? []), ...added.map((name) => variableDefinition(CONDITION_VARIABLES[name]!))],
      }),
    }),
  );
}

/** Every fragment spread and inline fragment under `@include(if: $onFragments)`, every field `name` or `active` under `@skip(if: $brief)`. */
const UNDER_CONDITIONS: ASTVisitor = {
  FragmentSpread: (node) => withDirective(node, 'include', 'onFragments'),
  InlineFragment: (node) => withDirective(node, 'include', 'onFragments'),
  Field: (node) => (node.name.value === 'name' || node.name.value === 'active' ? withDirective(node, 'skip', 'brief') : undefined),
};

/** Every fragment spread twice: once under `@include(if: $onFragments)`, once under `@skip(if: $brief)`. */
const SPREAD_TWICE: ASTVisitor = {
  SelectionSet: (node) => ({
    ...node,
    selections: node.selections.flatMap((selection): SelectionNode[] =>
      selection.kind === Kind.FRAGMENT_SPREAD ? [withDirective(selection, 'include', 'onFragments'), withDirective(selection, 'skip', 'brief')] : [selection],
    ),
  }),
};

function variableDefinition(text: string): VariableDefinitionNode {
  return (parse(`query(${'$' + text}) { __typename }`).definitions[0] as OperationDefinitionNode).variableDefinitions![0]!;
}

function conditionVariations(documents: ClientDocument[], ids: CorpusIds): DifferentialCase[] {
  const cases: DifferentialCase[] = [];
  for (const document of documents.filter((candidate) => operationOf(candidate.text).operation === OperationTypeNode.QUERY)) {
    const sets = variableSets(document.name, ids);
    const variations: Array<[string, string | null, Record<string, unknown>[]]> = [
      ['under conditions', withConditions(document.text, UNDER_CONDITIONS), sets],
      ['with each fragment spread twice under different conditions', withConditions(document.text, SPREAD_TWICE), sets.slice(0, 1)],
    ];
    for (const [variation, query, variableSets] of variations) {
      if (!query) continue;
      for (const variables of variableSets) {
        for (const vector of CONDITION_VECTORS) {
          const sent = { ...variables, ...vector };
          cases.push({ name: `client ${document.source} ${document.name} ${variation} ${JSON.stringify(sent)}`, query, variables: sent, client: true });
        }
      }
    }
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------
// Pages built from colocated fragments (as Apollo Client sends them: __typename everywhere)

const FLAG_ROW = `fragment FlagRow on FeatureFlag { __typename id key name active @skip(if: $compact) createdAt createdBy @include(if: $withCreator) { __typename email firstName } }`;
const PROJECT_HEADER = `fragment ProjectHeader on Project { __typename id name timezone @skip(if: $compact) organization @include(if: $withOrganization) { __typename id name } }`;
const FLAG_DETAILS = `fragment FlagDetails on FeatureFlag { __typename id key description filters tags version rolloutPercentage ...FlagRow }`;

function componentPages(ids: CorpusIds): DifferentialCase[] {
  const page = `query FlagsPage($projectId: ID!, $first: Int = 3, $after: String, $compact: Boolean = false, $withCreator: Boolean = true, $withOrganization: Boolean! = false) {
    project(id: $projectId) { __typename ...ProjectHeader featureFlags(first: $first, after: $after) { __typename totalCount edges { __typename cursor node { __typename ...FlagRow } } pageInfo { __typename hasNextPage endCursor } } }
  } ${PROJECT_HEADER} ${FLAG_ROW}`;
  const twice = `query FlagTwice($id: ID!, $a: Boolean!, $b: Boolean!, $compact: Boolean = false, $withCreator: Boolean = false) {
    node(id: $id) { __typename id ...FlagRow @include(if: $a) ... on FeatureFlag { ...FlagRow @include(if: $b) key } }
  } ${FLAG_ROW}`;
  const nested = `query FlagDetailsPage($id: ID!, $compact: Boolean = true, $withCreator: Boolean = true, $withProject: Boolean = false) {
    node(id: $id) { __typename id ... on FeatureFlag { ...FlagDetails project @include(if: $withProject) { __typename id name } } }
  } ${FLAG_DETAILS} ${FLAG_ROW}`;
  const skipAndInclude = `query Both($projectId: ID!, $s: Boolean = false, $i: Boolean = true) {
    project(id: $projectId) { __typename id name @skip(if: $s) @include(if: $i) timezone @include(if: $i) name }
  }`;
  const emptied = `query Emptied($projectId: ID!, $show: Boolean = false) { project(id: $projectId) { ... @include(if: $show) { __typename name } } }`;
  const p = ids.projectId;
  const flag = ids.flagIds['beta-dashboard'];
  const c = (name: string, query: string, variables: Record<string, unknown>): DifferentialCase => ({
    name: `client page ${name} ${JSON.stringify(variables)}`,
    query,
    variables,
    client: true,
  });
  return [
    ...[
      { projectId: p },
      { projectId: p, first: 2, after: ids.flagCursor },
      { projectId: p, compact: true },
      { projectId: p, withCreator: false, withOrganization: true },
      { projectId: p, compact: true, withCreator: false, withOrganization: true, first: 5 },
      { projectId: p, first: null },
      { projectId: p, compact: null },
      { projectId: p, withOrganization: null },
      { projectId: p, first: 'three' },
      { projectId: ids.otherProjectId },
    ].map((variables) => c('FlagsPage', page, variables)),
    ...[
      { id: flag, a: true, b: true },
      { id: flag, a: true, b: false },
      { id: flag, a: false, b: true },
      { id: flag, a: false, b: false },
      { id: flag, a: false, b: true, compact: true, withCreator: true },
      { id: p, a: true, b: true },
    ].map((variables) => c('FlagTwice', twice, variables)),
    ...[
      { id: flag },
      { id: flag, compact: false, withProject: true },
      { id: flag, withCreator: false },
      { id: ids.flagIds['pricing-experiment'], withProject: true },
    ].map((variables) => c('FlagDetailsPage', nested, variables)),
    ...[{ projectId: p }, { projectId: p, s: true }, { projectId: p, i: false }, { projectId: p, s: true, i: false }].map((variables) =>
      c('Both', skipAndInclude, variables),
    ),
    ...[{ projectId: p }, { projectId: p, show: true }].map((variables) => c('Emptied', emptied, variables)),
  ];
}

// ---------------------------------------------------------------------------------------------
// Router `_entities` fetches

function entityFetches(ids: CorpusIds): DifferentialCase[] {
  const plain = `query($representations: [_Any!]!) { _entities(representations: $representations) { ... on Project { __typename id name } ... on FeatureFlag { __typename id key active } ... on Plugin { __typename id pluginName: name } ... on Organization { __typename id organizationName: name } } }`;
  const generated = `query Subgraph__flags__0($representations: [_Any!]!, $withProject: Boolean = false) { _entities(representations: $representations) { ..._generated_onFeatureFlag1_0 } } fragment _generated_onFeatureFlag1_0 on FeatureFlag { __typename id key name project @include(if: $withProject) { __typename id name } }`;
  const project = { __typename: 'Project', id: ids.projectId };
  const flag = { __typename: 'FeatureFlag', id: ids.flagIds['beta-dashboard'] };
  const flagByKey = { __typename: 'FeatureFlag', databaseId: ids.flagDatabaseIds['new-onboarding'], projectDatabaseId: ids.projectDatabaseId };
  const c = (name: string, query: string, variables: Record<string, unknown>): DifferentialCase => ({
    name: `client router _entities ${name}`,
    query,
    variables,
    client: true,
  });
  return [
    c('one project', plain, { representations: [project] }),
    c('flags by both keys', plain, { representations: [flag, flagByKey] }),
    c('every type', plain, {
      representations: [project, flag, { __typename: 'Plugin', id: ids.pluginIds[0] }, { __typename: 'Organization', id: ids.organizationUuid }],
    }),
    c('the same entity twice', plain, { representations: [project, project] }),
    c('a missing entity', plain, { representations: [project, { __typename: 'Project', databaseId: 99999 }] }),
    c('an unknown type', plain, { representations: [{ __typename: 'Nope', id: '1' }] }),
    c('empty', plain, { representations: [] }),
    c('generated fragment', generated, { representations: [flag, flagByKey] }),
    c('generated fragment with its condition', generated, { representations: [flag], withProject: true }),
    c('generated fragment, condition null', generated, { representations: [flag], withProject: null }),
  ];
}

// ---------------------------------------------------------------------------------------------
// Mutations as clients write them (run after the corpus's other mutations)

/** The client tests' mutations as their clients send them, and client-style writes with one `$input`. */
export function clientMutations(documents: ClientDocument[], ids: CorpusIds): DifferentialCase[] {
  const byName = new Map(documents.map((document) => [document.name, document.text]));
  const flag = ids.flagIds['internal-tools'];
  const c = (name: string, query: string, variables: Record<string, unknown>): DifferentialCase => ({
    name: `client mutation ${name}`,
    query,
    variables,
    client: true,
  });
  const create = `mutation CreateFlag($input: CreateFeatureFlagInput!, $withCreator: Boolean = true, $compact: Boolean = false) { createFeatureFlag(input: $input) { __typename featureFlag { __typename ...FlagRow } userErrors { __typename field message code } } } ${FLAG_ROW}`;
  const remove = `mutation DeleteFlag($input: FeatureFlagReferenceInput!) { deleteFeatureFlag(input: $input) { __typename deletedFeatureFlagId userErrors { __typename field message code } } }`;
  const cases: DifferentialCase[] = [];
  const apolloRename = byName.get('RenameFeatureFlag');
  if (apolloRename)
    cases.push(
      c('apollo RenameFeatureFlag', apolloRename, { id: flag, name: 'Renamed by Apollo' }),
      c('apollo RenameFeatureFlag, unknown id', apolloRename, { id: 'RmVhdHVyZUZsYWc6MTo5OTk5', name: 'x' }),
    );
  const relayRename = byName.get('RenameFlagMutation');
  if (relayRename)
    cases.push(
      c('relay RenameFlagMutation', relayRename, { input: { id: flag, name: 'Renamed by Relay', active: false } }),
      c('relay RenameFlagMutation, bad input', relayRename, { input: { name: 'no id' } }),
    );
  cases.push(
    c('CreateFlag', create, { input: { projectId: ids.projectId, key: 'client-made', name: 'Client made' } }),
    c('CreateFlag, duplicate key', create, { input: { projectId: ids.projectId, key: 'client-made' }, compact: true }),
    c('CreateFlag, condition null', create, { input: { projectId: ids.projectId, key: 'client-made-2' }, withCreator: null }),
    c('DeleteFlag', remove, { input: { id: ids.flagIds['enterprise-sso'] } }),
    c('DeleteFlag, again', remove, { input: { id: ids.flagIds['enterprise-sso'] } }),
  );
  return cases;
}

/** The client-shaped reads, in the order they are sent. */
export function clientReads(documents: ClientDocument[], ids: CorpusIds): DifferentialCase[] {
  return [...sentAsIs(documents, ids), ...conditionVariations(documents, ids), ...componentPages(ids), ...entityFetches(ids)];
}
