// One tool call, from the agent's arguments to its result (docs/mcp.md, "Results and errors"): the
// arguments checked by name, a write's confirmation, the operation run through the gateway's own
// pipeline (`RunOperation`, wired in src/server.ts), and the answer made compact, or the errors
// written so an agent can act on them: the argument named, the gateway's error code, when to retry.
import type { GraphQLFormattedError } from 'graphql';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CONFIRMATION_ARGUMENT, type McpTool } from './catalog.ts';
import { compactAnswer, type Json } from './compact.ts';
import type { ConfirmationUse, Confirmations } from './confirmation.ts';

/** What the gateway answered for one operation. */
export interface GraphQLAnswer {
  data?: Record<string, unknown> | null;
  errors?: readonly GraphQLFormattedError[];
}

type RunOperation = (request: { query: string; operationName: string; variables: Record<string, unknown> }) => Promise<GraphQLAnswer>;

/** The result and its outcome label: `ok`, a gateway error code, or one of the tool's own refusals. */
export interface ToolOutcome {
  result: CallToolResult;
  outcome: string;
}

const TOOL_REFUSALS = {
  UNKNOWN_ARGUMENT: 'UNKNOWN_ARGUMENT',
  CONFIRMATION_REQUIRED: 'CONFIRMATION_REQUIRED',
  CONFIRMATION_REFUSED: 'CONFIRMATION_REFUSED',
  CONFIRMATION_SPENT: 'CONFIRMATION_SPENT',
  CONFIRMATION_UNAVAILABLE: 'CONFIRMATION_UNAVAILABLE',
} as const;

export async function callTool(
  tool: McpTool,
  args: Record<string, unknown> | undefined,
  key: string,
  run: RunOperation,
  confirmations: Confirmations,
): Promise<ToolOutcome> {
  const { [CONFIRMATION_ARGUMENT]: confirmationToken, ...variables } = args ?? {};
  const unknown = Object.keys(variables).filter((name) => !tool.variables.some((v) => v.name === name));
  if (unknown.length > 0) return refusal(TOOL_REFUSALS.UNKNOWN_ARGUMENT, unknownArguments(tool, unknown));
  if (tool.type === 'mutation') {
    const pending = await confirm(tool, variables, confirmationToken, key, confirmations);
    if (pending) return pending;
  }
  const answer = await run({ query: tool.query, operationName: tool.operationName, variables });
  return answerResult(tool, answer);
}

/** A write's first call (a token) or a refused token; undefined once the call is confirmed. */
async function confirm(
  tool: McpTool,
  variables: Record<string, unknown>,
  token: unknown,
  key: string,
  confirmations: Confirmations,
): Promise<ToolOutcome | undefined> {
  if (token === undefined) {
    const { token: confirmationToken, expiresAt } = confirmations.issue(key, tool.listing.name, variables);
    const confirmation = { confirmationToken, expiresAt, arguments: variables };
    const text = `Not run yet: ${tool.listing.name} writes. To run it, call ${tool.listing.name} again with the same arguments and "${CONFIRMATION_ARGUMENT}": "${confirmationToken}" (valid until ${expiresAt}).`;
    return { outcome: TOOL_REFUSALS.CONFIRMATION_REQUIRED, result: { content: [{ type: 'text', text }], structuredContent: { confirmation } } };
  }
  const use = typeof token === 'string' ? await confirmations.use(token, key, tool.listing.name, variables) : 'mismatch';
  if (use === 'confirmed') return undefined;
  const [code, why] = confirmationRefusal(tool, use);
  return refusal(code, `${code}: ${why}`);
}

/** The refusal code and text of a token that does not run its write. */
function confirmationRefusal(tool: McpTool, use: Exclude<ConfirmationUse, 'confirmed'>): [string, string] {
  const newToken = `call ${tool.listing.name} without "${CONFIRMATION_ARGUMENT}" for a new one`;
  switch (use) {
    case 'expired':
      return [TOOL_REFUSALS.CONFIRMATION_REFUSED, 'The confirmation token has expired: call the tool again without it for a new one.'];
    case 'mismatch':
      return [TOOL_REFUSALS.CONFIRMATION_REFUSED, `The confirmation token does not match this key and these arguments: ${newToken}.`];
    case 'spent':
      return [
        TOOL_REFUSALS.CONFIRMATION_SPENT,
        `This confirmation token has already been used: it confirms one write. Nothing was written; to write again, ${newToken}.`,
      ];
    case 'full':
      return [
        TOOL_REFUSALS.CONFIRMATION_UNAVAILABLE,
        'Too many writes were confirmed in the last five minutes to record this one. Nothing was written; retry in a minute (with the same token while it is valid).',
      ];
    case 'unavailable':
      return [
        TOOL_REFUSALS.CONFIRMATION_UNAVAILABLE,
        'The gateway could not record that this token was used (its store did not answer). Nothing was written; retry in a few seconds with the same token.',
      ];
    case 'evictable':
      return [
        TOOL_REFUSALS.CONFIRMATION_UNAVAILABLE,
        'Confirmed writes are refused: the Redis where this gateway records used tokens may evict keys under memory pressure (its maxmemory-policy is not noeviction, or could not be read), and an evicted record would let this token run its write again. Nothing was written. The gateway\'s operator must set maxmemory-policy noeviction on that Redis (or, where CONFIG cannot be read, REDIS_MAXMEMORY_POLICY=noeviction once it is so); docs/mcp.md, "Writes".',
      ];
  }
}

function answerResult(tool: McpTool, answer: GraphQLAnswer): ToolOutcome {
  const data = answer.data ? (compactAnswer(answer.data as Json, tool.compaction) as Record<string, unknown>) : null;
  if (answer.errors && answer.errors.length > 0) {
    const lines = answer.errors.map(errorLine);
    if (data) lines.push(`Partial data: ${JSON.stringify(data)}`);
    return refusal(codeOf(answer.errors[0]!), lines.join('\n'));
  }
  const userErrors = payloadUserErrors(data);
  if (userErrors.length > 0) return refusal('USER_ERROR', userErrors.map(userErrorLine).join('\n'));
  return { outcome: 'ok', result: { content: [{ type: 'text', text: JSON.stringify(data ?? {}) }], structuredContent: data ?? {} } };
}

function refusal(outcome: string, text: string): ToolOutcome {
  return { outcome, result: { content: [{ type: 'text', text }], isError: true } };
}

function unknownArguments(tool: McpTool, names: readonly string[]): string {
  const known = tool.variables.map((v) => v.name);
  const takes = known.length > 0 ? `it takes ${known.join(', ')}` : 'it takes none';
  return `${TOOL_REFUSALS.UNKNOWN_ARGUMENT}: ${tool.listing.name} has no argument ${names.map((n) => `"${n}"`).join(', ')}; ${takes}.`;
}

/** `CODE: message (at path) [upstream 404 not_found] Retry after 30 seconds. (request id)`; a variable is named as the argument it is. */
function errorLine(error: GraphQLFormattedError): string {
  const extensions = (error.extensions ?? {}) as { upstream?: { status?: number | null; code?: string | null }; retryAfter?: number; requestId?: string };
  const parts = [`${codeOf(error)}: ${error.message.replace(/^Variable "\$(\w+)"/, 'Argument "$1"')}`];
  if (error.path) parts.push(`(at ${error.path.join('.')})`);
  if (extensions.upstream?.status) parts.push(`[upstream ${extensions.upstream.status}${extensions.upstream.code ? ` ${extensions.upstream.code}` : ''}]`);
  if (typeof extensions.retryAfter === 'number') parts.push(`Retry after ${extensions.retryAfter} seconds.`);
  if (extensions.requestId) parts.push(`(request id ${extensions.requestId})`);
  return parts.join(' ');
}

function codeOf(error: GraphQLFormattedError): string {
  const code = error.extensions?.code;
  return typeof code === 'string' ? code : 'INTERNAL_SERVER_ERROR';
}

interface UserErrorShape {
  field?: readonly string[] | null;
  message?: string;
  code?: string;
}

/** The `userErrors` of every root payload (a write the upstream refused). */
function payloadUserErrors(data: Record<string, unknown> | null): UserErrorShape[] {
  return Object.values(data ?? {}).flatMap((payload) => {
    const errors = (payload as { userErrors?: unknown } | null)?.userErrors;
    return Array.isArray(errors) ? (errors as UserErrorShape[]) : [];
  });
}

function userErrorLine(error: UserErrorShape): string {
  const field = error.field?.length ? ` (field ${error.field.join('.')})` : '';
  return `${error.code ?? 'OTHER'}: ${error.message ?? ''}${field}`;
}
