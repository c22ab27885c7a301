// Custom scalars and the enums whose values differ upstream. UUID and JSON come from
// graphql-scalars; DateTime keeps the upstream's ISO 8601 strings unchanged (graphql-scalars'
// DateTime would turn them into Date objects and drop microseconds); TimeZone accepts exactly the
// upstream's allow-list (docs/rest-interface.md, "Time zones").
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { JSONResolver, UUIDResolver } from 'graphql-scalars';
import type { PluginTypeResolvers, WeekStartDayResolvers } from '../generated/resolvers-types.ts';
import { PluginTypeValue } from '../upstream-client/plugin.ts';
import { WeekStartDayValue } from '../upstream-client/project.ts';
import { isAllowedTimezone } from '../../rest-interface/timezones.ts';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

function stringScalar(name: string, description: string, accept: (value: string) => boolean, problem: string) {
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
    description,
    serialize,
    parseValue: check,
    parseLiteral: (ast: ValueNode) => check(ast.kind === Kind.STRING ? ast.value : undefined),
  });
}

const DateTime = stringScalar(
  'DateTime',
  'An ISO 8601 date-time string.',
  (v) => ISO_DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)),
  'expected an ISO 8601 date-time such as 2024-05-01T12:00:00Z',
);

const TimeZone = stringScalar(
  'TimeZone',
  'An IANA time-zone name accepted by the upstream.',
  isAllowedTimezone,
  'expected an IANA time-zone name such as Europe/Paris or UTC',
);

export const scalars = {
  DateTime,
  TimeZone,
  UUID: UUIDResolver,
  JSON: JSONResolver,
};

// Each enum value is its REST value (codegen.ts `enumValues` points the resolver types at the same objects).
export const PluginType: PluginTypeResolvers = PluginTypeValue;
export const WeekStartDay: WeekStartDayResolvers = WeekStartDayValue;
