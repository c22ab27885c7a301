// A project looked up by id whose flags are selected too: `project(id:) { featureFlags(...) }`, the
// flag table every frontend shows; `node(id:)` with a project's id, as Relay refetches and pages it;
// a router's `_entities` with a project's reference. The flag page is requested together with the
// project, instead of once the project has arrived. Both reads need only the id in the query, so the
// answer comes one upstream round trip sooner (docs/performance.md, "Reads started together").
// The page goes into the request's flag loader, where `Project.featureFlags` finds it, failure
// included (it is not asked for again). When the project is missing or forbidden, its flag page
// fails as well, and nothing reads it. Only for a key the upstream accepted lately: the first
// request of a key nobody has checked reads its page after the project, as graphql-js would.
import {
  getArgumentValues,
  isObjectType,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  type GraphQLResolveInfo,
  type SelectionNode,
  type SelectionSetNode,
} from 'graphql';
import type { GatewayContext } from '../../context.ts';
import { firstPageOf } from '../../relay/connection.ts';
import { fragmentApplies, included } from '../../selections.ts';
import type { FeatureFlagListFilters } from '../../upstream-client/endpoints/feature-flag.ts';

/** The list filters of `Project.featureFlags`'s arguments, for the resolver and the prefetch alike (one loader key). */
export function flagFilters(args: { search?: string | null; active?: boolean | null; archived?: boolean | null }): FeatureFlagListFilters {
  return { search: args.search ?? undefined, active: args.active ?? undefined, archived: args.archived ?? undefined };
}

/** Starts the first flag page of every `featureFlags` selected under the project `info` resolves (its conditions evaluated as graphql-js does). */
function prefetchFlagPages(info: GraphQLResolveInfo, projectId: number, ctx: GatewayContext): void {
  // A key the upstream has not accepted lately gets no call ahead: a made-up or revoked key's
  // request then costs the project's call alone (refused), not one more per flag page.
  if (!ctx.client.tokenAccepted()) return;
  const project = info.schema.getType('Project');
  if (!isObjectType(project)) return;
  const selections = flagSelections(info, project);
  if (selections.length === 0) return;
  const definition = project.getFields().featureFlags!;
  for (const { node, conditions } of selections) {
    try {
      if (!conditions.every((selection) => included(selection, info.variableValues))) continue;
      const { includeDeleted, ...args } = getArgumentValues(definition, node, info.variableValues);
      const page = includeDeleted === true ? null : firstPageOf(args, 'FeatureFlag');
      if (page) void ctx.loaders.featureFlag.page(projectId, page, flagFilters(args), true).catch(ignore);
    } catch {
      // Arguments the resolver refuses: it reports them itself.
    }
  }
}

const ignore = () => {};

/**
 * A project by id (`project(id:)`, `node(id:)`, `nodes(ids:)`, `_entities`), with the first page of
 * each `featureFlags` selected under it (`info`) started at once.
 */
export function projectWithFlagPages(
  projectId: number,
  ctx: GatewayContext,
  info: GraphQLResolveInfo,
): ReturnType<GatewayContext['loaders']['project']['byId']> {
  const project = ctx.loaders.project.byId(projectId);
  prefetchFlagPages(info, projectId, ctx);
  return project;
}

/** A `featureFlags` selection, and the selections on its path that carry `@skip`/`@include`. */
interface FlagSelection {
  node: FieldNode;
  conditions: readonly SelectionNode[];
}

// Per parsed field node (Apollo hands the same document to every request with the same text).
const selectionsByField = new WeakMap<FieldNode, readonly FlagSelection[]>();

function flagSelections(info: GraphQLResolveInfo, project: GraphQLObjectType): readonly FlagSelection[] {
  const [field, ...others] = info.fieldNodes;
  if (!field || others.length > 0) return collect(info, project, info.fieldNodes);
  let known = selectionsByField.get(field);
  if (!known) selectionsByField.set(field, (known = collect(info, project, [field])));
  return known;
}

function collect(info: GraphQLResolveInfo, project: GraphQLObjectType, fields: readonly FieldNode[]): FlagSelection[] {
  const found: FlagSelection[] = [];
  const visit = (set: SelectionSetNode | undefined, path: readonly SelectionNode[], seen: ReadonlySet<string>): void => {
    for (const selection of set?.selections ?? []) {
      const conditions = selection.directives?.length ? [...path, selection] : path;
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value === 'featureFlags') found.push({ node: selection, conditions });
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (fragmentApplies(info.schema, selection.typeCondition?.name.value, project)) visit(selection.selectionSet, conditions, seen);
      } else {
        const fragment: FragmentDefinitionNode | undefined = info.fragments[selection.name.value];
        if (fragment && !seen.has(fragment.name.value) && fragmentApplies(info.schema, fragment.typeCondition.name.value, project)) {
          visit(fragment.selectionSet, conditions, new Set([...seen, fragment.name.value]));
        }
      }
    }
  };
  for (const field of fields) visit(field.selectionSet, [], new Set());
  return found;
}
