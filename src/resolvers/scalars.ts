// Custom scalars and the enums whose values differ upstream. JSON comes from graphql-scalars;
// DateTime keeps the upstream's ISO 8601 strings unchanged (graphql-scalars' DateTime would turn
// them into Date objects and drop microseconds). TimeZone (the upstream's allow-list,
// docs/rest-interface.md, "Time zones") and UUID are used only in mutation inputs: they accept any
// string, and `INPUT_CHECKS` below checks the value in the mutation, which answers a bad one as a
// userError on its field (src/mutation-inputs.ts, docs/errors.md).
// The scalars carry no description or specifiedByURL of their own: buildSubgraphSchema keeps the
// ones schema/common.graphql gives, so introspection, `_service { sdl }` and the published SDL show
// one text (test/federation/published-schema.test.ts).
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { JSONResolver } from 'graphql-scalars';
import type { PluginTypeResolvers, WeekStartDayResolvers } from '../generated/resolvers-types.ts';
import { PluginTypeValue } from '../upstream-client/endpoints/plugin.ts';
import { WeekStartDayValue } from '../upstream-client/endpoints/project.ts';
import { isAllowedTimezone } from '../../rest-interface/timezones.ts';
import { isUuid } from '../relay/global-id.ts';
import type { UserErrorCode } from '../user-error.ts';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

function stringScalar(name: string, accept: (value: string) => boolean, problem: string) {
  const check = (value: unknown): string => {
    if (typeof value === 'string' && accept(value)) return value;
    throw new GraphQLError(`${name} cannot represent ${JSON.stringify(value)}: ${problem}`, { extensions: { code: 'BAD_USER_INPUT' } });
  };
  // Output is whatever the upstream said (validated on its side); a non-string is the upstream's
  // fault, so it is no BAD_USER_INPUT (errors.ts reports "cannot represent" as UPSTREAM_ERROR).
  const serialize = (value: unknown): string => {
    if (value instanceof Date) return value.toISOString();
    if (typeof value === 'string') return value;
    throw new GraphQLError(`${name} cannot represent ${JSON.stringify(value)}`);
  };
  return new GraphQLScalarType<string, string>({
    name,
    serialize,
    parseValue: check,
    parseLiteral: (ast: ValueNode) => check(ast.kind === Kind.STRING ? ast.value : undefined),
  });
}

const DateTime = stringScalar(
  'DateTime',
  (v) => ISO_DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)),
  'expected an ISO 8601 date-time such as 2024-05-01T12:00:00Z',
);

const anyString = () => true;
const TimeZone = stringScalar('TimeZone', anyString, 'expected a string');
const UUID = stringScalar('UUID', anyString, 'expected a string');
/** graphql-scalars' JSON, without its own description and specifiedByURL (see the top of the file). */
const JsonScalar = new GraphQLScalarType({ ...JSONResolver.toConfig(), description: undefined, specifiedByURL: undefined });

/** What an input check found: the userError's message and code. */
export interface InputProblem {
  message: string;
  code: UserErrorCode;
}

/** Checks of the scalars above that accept any string; the messages and codes are the upstream's own. */
export const INPUT_CHECKS: Record<string, (value: unknown) => InputProblem | null> = {
  TimeZone: (value) => (isAllowedTimezone(String(value)) ? null : { message: `"${String(value)}" is not a valid choice.`, code: 'INVALID_CHOICE' }),
  UUID: (value) => (isUuid(String(value)) ? null : { message: 'Must be a valid UUID.', code: 'INVALID_INPUT' }),
};

export const scalars = {
  DateTime,
  TimeZone,
  UUID,
  JSON: JsonScalar,
};

// Each enum value is its REST value (codegen.ts `enumValues` points the resolver types at the same objects).
export const PluginType: PluginTypeResolvers = PluginTypeValue;
export const WeekStartDay: WeekStartDayResolvers = WeekStartDayValue;
