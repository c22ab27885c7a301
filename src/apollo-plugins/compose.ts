// The gateway's own plugins, handed to Apollo Server as one (docs/performance.md, "Fixed costs").
// Apollo runs each stage of a request (didResolveOperation, willSendResponse...) as
// `Promise.all` over every plugin's request listener, one promise per listener whether or not it
// has that hook, and `responseForOperation` as one awaited call after another: with ten plugins,
// ~80 promises per request for hooks that mostly do not exist. Composed, each stage is one call
// that reaches only the listeners having the hook, with Apollo's own semantics: all of them are
// called, in order, and the first failure is the stage's; end hooks run in reverse order;
// `responseForOperation` takes the first answer given.
import type {
  ApolloServerPlugin,
  BaseContext,
  GraphQLRequestContext,
  GraphQLRequestExecutionListener,
  GraphQLRequestListener,
  GraphQLResponse,
  GraphQLServerListener,
} from '@apollo/server';

type Hook = (...args: unknown[]) => unknown;

/** A plugin's or listener's hook by name (hooks are called with their owner as `this`). */
const hookOf = (target: object, name: string): Hook | undefined => (target as Record<string, Hook | undefined>)[name];
// What a did-start hook returns: called with the stage's outcome (an error, or validation errors).
type EndHook = (outcome?: unknown) => Promise<void>;

/** Calls `name` on each target that has it, in order, all of them even after a failure; what each returned (a hook that throws gives a rejected promise, as in Apollo's Promise.all). */
function startEach(targets: readonly object[], name: string, args: unknown[]): unknown[] {
  const started: unknown[] = [];
  for (const target of targets) {
    const hook = hookOf(target, name);
    if (!hook) continue;
    try {
      started.push(hook.apply(target, args));
    } catch (error) {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- whatever it threw is the stage's failure
      started.push(Promise.reject(error));
    }
  }
  return started;
}

/** `startEach`, settled once all have, rejecting with the first failure. */
async function callEach(targets: readonly object[], name: string, args: unknown[]): Promise<void> {
  const started = startEach(targets, name, args);
  if (started.length > 0) await Promise.all(started);
}

/** `startEach`'s results once all have settled, without the hooks that returned nothing. */
async function resultsOf<R>(targets: readonly object[], name: string, args: unknown[]): Promise<R[]> {
  const started = startEach(targets, name, args);
  if (started.length === 0) return [];
  return ((await Promise.all(started)) as (R | undefined | null)[]).filter((result): result is R => result != null);
}

/** A did-start hook on each target; the end hooks they return, called in reverse order by the one returned. */
async function callDidStart(targets: readonly object[], name: string, args: unknown[]): Promise<EndHook | undefined> {
  const ends = await resultsOf<EndHook>(targets, name, args);
  if (ends.length === 0) return undefined;
  ends.reverse();
  return async (outcome?: unknown) => {
    for (const end of ends) await end(outcome);
  };
}

/** The request listeners of one request as one (methods on the prototype: nothing but the list is made per request). */
class ComposedRequestListener<TContext extends BaseContext> implements GraphQLRequestListener<TContext> {
  readonly #listeners: GraphQLRequestListener<TContext>[];

  constructor(listeners: GraphQLRequestListener<TContext>[]) {
    this.#listeners = listeners;
  }

  didResolveSource(...args: unknown[]) {
    return callEach(this.#listeners, 'didResolveSource', args);
  }

  didResolveOperation(...args: unknown[]) {
    return callEach(this.#listeners, 'didResolveOperation', args);
  }

  didEncounterErrors(...args: unknown[]) {
    return callEach(this.#listeners, 'didEncounterErrors', args);
  }

  willSendResponse(...args: unknown[]) {
    return callEach(this.#listeners, 'willSendResponse', args);
  }

  didEncounterSubsequentErrors(...args: unknown[]) {
    return callEach(this.#listeners, 'didEncounterSubsequentErrors', args);
  }

  willSendSubsequentPayload(...args: unknown[]) {
    return callEach(this.#listeners, 'willSendSubsequentPayload', args);
  }

  parsingDidStart(...args: unknown[]) {
    return callDidStart(this.#listeners, 'parsingDidStart', args);
  }

  validationDidStart(...args: unknown[]) {
    return callDidStart(this.#listeners, 'validationDidStart', args);
  }

  async responseForOperation(...args: unknown[]) {
    for (const listener of this.#listeners) {
      const response = await hookOf(listener, 'responseForOperation')?.apply(listener, args);
      if (response != null) return response as GraphQLResponse;
    }
    return null;
  }

  async executionDidStart(...args: unknown[]) {
    const listeners = await resultsOf<GraphQLRequestExecutionListener<TContext>>(this.#listeners, 'executionDidStart', args);
    return listeners.length <= 1 ? listeners[0] : composedExecutionListener(listeners);
  }
}

function composedExecutionListener<TContext extends BaseContext>(
  listeners: GraphQLRequestExecutionListener<TContext>[],
): GraphQLRequestExecutionListener<TContext> {
  const resolving = listeners.filter((listener) => hookOf(listener, 'willResolveField'));
  return {
    executionDidEnd: (...args: unknown[]) => callEach(listeners, 'executionDidEnd', args),
    ...(resolving.length > 0
      ? {
          willResolveField(params) {
            const ends = resolving.map((listener) => listener.willResolveField?.(params)).filter((end) => end !== undefined);
            ends.reverse();
            return (error, result) => {
              for (const end of ends) end(error, result);
            };
          },
        }
      : {}),
  };
}

const SERVER_LISTENER_HOOKS = ['schemaDidLoadOrUpdate', 'drainServer', 'serverWillStop'] as const;

function composedServerListener(listeners: GraphQLServerListener[]): GraphQLServerListener | undefined {
  if (listeners.length <= 1) return listeners[0];
  const landing = listeners.filter((listener) => hookOf(listener, 'renderLandingPage'));
  if (landing.length > 1) throw new Error('composePlugins: only one plugin may render the landing page');
  const composed: GraphQLServerListener = landing[0] ? { renderLandingPage: () => landing[0]!.renderLandingPage!() } : {};
  for (const name of SERVER_LISTENER_HOOKS) {
    if (!listeners.some((listener) => hookOf(listener, name))) continue;
    if (name === 'schemaDidLoadOrUpdate') composed[name] = (context) => listeners.forEach((listener) => listener.schemaDidLoadOrUpdate?.(context));
    else composed[name] = () => callEach(listeners, name, []);
  }
  return composed;
}

/** `plugins` as one Apollo Server plugin, run in the given order at every stage. */
export function composePlugins<TContext extends BaseContext>(plugins: ApolloServerPlugin<TContext>[]): ApolloServerPlugin<TContext> {
  return {
    async serverWillStart(service) {
      return composedServerListener(await resultsOf<GraphQLServerListener>(plugins, 'serverWillStart', [service]));
    },
    async requestDidStart(requestContext: GraphQLRequestContext<TContext>) {
      const listeners = await resultsOf<GraphQLRequestListener<TContext>>(plugins, 'requestDidStart', [requestContext]);
      return listeners.length === 0 ? undefined : new ComposedRequestListener(listeners);
    },
    invalidRequestWasReceived: (...args) => callEach(plugins, 'invalidRequestWasReceived', args),
    contextCreationDidFail: (...args) => callEach(plugins, 'contextCreationDidFail', args),
    unexpectedErrorProcessingRequest: (...args) => callEach(plugins, 'unexpectedErrorProcessingRequest', args),
    startupDidFail: (...args) => callEach(plugins, 'startupDidFail', args),
  };
}
