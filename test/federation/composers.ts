// Both federation composers platform teams run, @apollo/composition (rover, GraphOS) and
// @theguild/federation-composition (Hive), over the same subgraphs, their errors and hints in one
// form that names the code, the subgraph, and the types, fields and directives at fault.
import { composeServices as composeWithApollo } from '@apollo/composition';
import { composeServices as composeWithGuild } from '@theguild/federation-composition';
import { Kind, parse, print, type ASTNode, type GraphQLError } from 'graphql';
import type { SubgraphSource } from './supergraph.ts';

export type Composer = '@apollo/composition' | '@theguild/federation-composition';

export interface CompositionProblem {
  composer: Composer;
  kind: 'error' | 'hint';
  code: string;
  message: string;
  /** The definitions and directives at fault, e.g. `PageInfo`, `PageInfo.hasNextPage`, `@shareable`. */
  at: string[];
}

/** A problem we decided to accept, with the reason (the allow-list of the composition tests). */
export interface AcceptedProblem {
  composer: Composer;
  code: string;
  /** The message must match this too. */
  message: RegExp;
  reason: string;
}

/** What an AST node names: a type, a field (with its type when the parent is known), a directive. */
function named(node: ASTNode): string | null {
  if (node.kind === Kind.DIRECTIVE) return print(node);
  if ('name' in node && node.name && typeof node.name === 'object' && 'value' in node.name) return node.name.value;
  return null;
}

/** The directive a composition code is about, when its message may not say it (e.g. a missing @shareable). */
const DIRECTIVE_OF_CODE: Array<[RegExp, string]> = [
  [/^KEY_/, '@key'],
  [/^INVALID_FIELD_SHARING$/, '@shareable'],
  [/^PROVIDES_/, '@provides'],
  [/^REQUIRES_/, '@requires'],
  [/^EXTERNAL_/, '@external'],
  [/^OVERRIDE_/, '@override'],
  [/^(COST|LIST_SIZE)_/, '@cost/@listSize'],
  [/^INTERFACE_OBJECT_/, '@interfaceObject'],
  [/^(LINK|UNKNOWN_LINK)_/, '@link'],
];

function atFault(error: GraphQLError, code: string): string[] {
  const names = (error.nodes ?? []).flatMap((node) => {
    const own = named(node);
    const directives = 'directives' in node ? (node.directives ?? []).map((d) => print(d)) : [];
    return own ? [own, ...directives] : directives;
  });
  // Both composers also name the coordinates in the message: "PageInfo.hasNextPage", "@shareable".
  const quoted = [...error.message.matchAll(/"(@?[A-Za-z_][\w.]*)"/g)].map((m) => m[1]!);
  const directive = DIRECTIVE_OF_CODE.find(([pattern]) => pattern.test(code))?.[1];
  return [...new Set([...names, ...quoted, ...(directive ? [directive] : [])])];
}

function problem(composer: Composer, kind: 'error' | 'hint', code: string, error: GraphQLError): CompositionProblem {
  return { composer, kind, code, message: error.message, at: atFault(error, code) };
}

export interface BothCompositions {
  /** Apollo's supergraph SDL, or null when it failed. */
  apolloSupergraph: string | null;
  guildSupergraph: string | null;
  problems: CompositionProblem[];
}

export function composeWithBoth(subgraphs: SubgraphSource[]): BothCompositions {
  const services = subgraphs.map(({ name, url, sdl }) => ({ name, url, typeDefs: parse(sdl) }));
  const apollo = composeWithApollo(services);
  const guild = composeWithGuild(services);
  const codeOf = (error: GraphQLError) => (typeof error.extensions?.code === 'string' ? error.extensions.code : 'UNKNOWN');
  return {
    apolloSupergraph: apollo.errors ? null : apollo.supergraphSdl,
    guildSupergraph: guild.errors ? null : guild.supergraphSdl,
    problems: [
      ...(apollo.errors ?? []).map((e) => problem('@apollo/composition', 'error', codeOf(e), e)),
      ...(apollo.hints ?? []).map((h) => ({
        composer: '@apollo/composition' as const,
        kind: 'hint' as const,
        code: h.definition.code,
        message: h.message,
        at: atFault(h as unknown as GraphQLError, h.definition.code),
      })),
      ...(guild.errors ?? []).map((e) => problem('@theguild/federation-composition', 'error', codeOf(e), e)),
    ],
  };
}

/** The problems no entry of `accepted` covers, each as one line naming the composer, code and what is at fault. */
export function unacceptedProblems(problems: CompositionProblem[], accepted: AcceptedProblem[]): string[] {
  return problems
    .filter((p) => !accepted.some((a) => a.composer === p.composer && a.code === p.code && a.message.test(p.message)))
    .map((p) => `${p.composer} ${p.kind} ${p.code} at ${p.at.join(', ') || '(no location)'}: ${p.message}`);
}
