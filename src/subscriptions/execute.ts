// Subscription execution with graphql-js: `createSourceEventStream` then, per event, `execute`
// with the event as root value, exactly as graphql-js `subscribe` does, except that each event
// gets a context of its own (fresh loaders bound to the subscriber's key), so an event shows
// the flag as it is now rather than as the first event's loaders cached it.
import { createSourceEventStream, execute, GraphQLError, type ExecutionArgs, type ExecutionResult } from 'graphql';
import type { GatewayContext } from '../context.ts';
import { codeForUpstream, ErrorCode } from '../errors.ts';
import { UpstreamError } from '../upstream-client/client/http.ts';
import { liveOf } from './live-context.ts';

type Results = AsyncGenerator<ExecutionResult, void, void>;

/** A drop-in for graphql-js `subscribe` (graphql-ws and graphql-sse accept one). */
export async function subscribeWithEventContext(args: ExecutionArgs): Promise<Results | ExecutionResult> {
  const source = await createSourceEventStream(args);
  if (!isAsyncIterable(source)) return source;
  const connection = liveOf(args.contextValue as GatewayContext);
  return eventResults(source[Symbol.asyncIterator](), (event) =>
    execute({ ...args, rootValue: event, contextValue: connection ? connection.eventContext() : args.contextValue }),
  );
}

/**
 * Maps source events to results. A source that fails (lost access, unreachable upstream)
 * ends with one result carrying the error. Hand-written rather than an async generator
 * function, so that `return()` from a client that leaves reaches the source at once, even
 * while it waits for the next event.
 */
function eventResults(source: AsyncIterator<unknown>, run: (event: unknown) => Promise<ExecutionResult> | ExecutionResult): Results {
  let finished = false;
  const finish = async (): Promise<IteratorResult<ExecutionResult, void>> => {
    if (!finished) {
      finished = true;
      await source.return?.();
    }
    return { value: undefined, done: true };
  };
  const results: Results = {
    async next() {
      if (finished) return { value: undefined, done: true };
      let step: IteratorResult<unknown>;
      try {
        step = await source.next();
      } catch (error) {
        finished = true;
        return { value: { errors: [asGraphQLError(error)] }, done: false };
      }
      if (step.done) return finish();
      const result = await run(step.value);
      const lost = result.errors?.find(isAccessError);
      if (!lost) return { value: result, done: false };
      // The key lost access between two re-checks: end the subscription, never show the event.
      await finish();
      return { value: { errors: [lost] }, done: false };
    },
    return: finish,
    async throw(error: unknown) {
      await finish();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return results;
    },
    async [Symbol.asyncDispose]() {
      await finish();
    },
  };
  return results;
}

const ACCESS_CODES = new Set<string>([ErrorCode.UNAUTHENTICATED, ErrorCode.FORBIDDEN]);

/** UNAUTHENTICATED or FORBIDDEN, whether raised by the gateway or mapped from an upstream refusal. */
function isAccessError(error: GraphQLError): boolean {
  const original = error.originalError;
  const code = original instanceof UpstreamError ? codeForUpstream(original) : error.extensions?.code;
  return ACCESS_CODES.has(String(code));
}

function asGraphQLError(error: unknown): GraphQLError {
  if (error instanceof GraphQLError) return error;
  return new GraphQLError(error instanceof Error ? error.message : String(error), { originalError: error instanceof Error ? error : null });
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
