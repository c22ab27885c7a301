// The gateway's own plugins, handed to Apollo Server as one (docs/performance.md, "Fixed costs").
// Apollo runs each stage of a request (didResolveOperation, willSendResponse...) as
// `Promise.all` over every plugin's request listener, one promise per listener whether or not it
// has that hook, and `responseForOperation` as one awaited call after another: with ten plugins,
// ~80 promises per request for hooks that mostly do not exist. Composed, each stage is one call
// that reaches only the listeners having the hook, with Apollo's own semantics: all of them are
// called, in order, and the first failure is the stage's; end hooks run in reverse order;
// `responseForOperation` takes the first answer given.
//
// The gateway's plugins (`GatewayPlugin`) may also hand over their listener and answer their
// hooks synchronously: a stage whose hooks all answered at once returns no promise at all. Apollo
// awaits whatever each hook returns, so nothing changes for it but the promises not made.
import type {
  ApolloServerPlugin,
  BaseContext,
  GraphQLRequestContext,
  GraphQLRequestExecutionListener,
  GraphQLRequestListener,
  GraphQLResponse,
  GraphQLServerListener,
} from '@apollo/server';

/** One of Apollo's hooks that returns a promise, allowed to answer without one. */
type MaybeSync<F> = F extends (...args: infer A) => Promise<infer R> ? (...args: A) => R | Promise<R> : F;

/** Apollo's request listener whose hooks may answer synchronously. */
export type GatewayRequestListener<TContext extends BaseContext> = {
  [K in keyof GraphQLRequestListener<TContext>]: MaybeSync<GraphQLRequestListener<TContext>[K]>;
};

/** An Apollo Server plugin of the gateway's: its request listener may be handed over, and its hooks answered, synchronously. */
export interface GatewayPlugin<TContext extends BaseContext> extends Omit<ApolloServerPlugin<TContext>, 'requestDidStart'> {
  requestDidStart?(
    requestContext: GraphQLRequestContext<TContext>,
  ): GatewayRequestListener<TContext> | undefined | void | Promise<GatewayRequestListener<TContext> | undefined | void>;
}

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

const isPending = (value: unknown): value is PromiseLike<unknown> => typeof (value as PromiseLike<unknown> | null | undefined)?.then === 'function';

/** `value`, or what it resolves to, through `next`: a promise only when `value` was one. */
function whenReady<T, U>(value: T | PromiseLike<T>, next: (ready: T) => U): U | Promise<U> {
  return isPending(value) ? Promise.resolve(value).then(next) : next(value);
}

/** `startEach`, settled once all its pending results have, rejecting with the first failure; undefined when none was pending. */
function callEach(targets: readonly object[], name: string, args: unknown[]): Promise<void> | undefined {
  const pending = startEach(targets, name, args).filter(isPending);
  return pending.length === 0 ? undefined : Promise.all(pending).then(() => undefined);
}

/** `startEach`'s results (once all have settled, if any had to), without the hooks that returned nothing. */
function resultsOf<R>(targets: readonly object[], name: string, args: unknown[]): R[] | Promise<R[]> {
  const started = startEach(targets, name, args);
  const present = (results: unknown[]) => results.filter((result): result is R => result != null);
  return started.some(isPending) ? Promise.all(started).then(present) : present(started);
}

/** A did-start hook on each target; the end hooks they return, called in reverse order by the one returned. */
function callDidStart(targets: readonly object[], name: string, args: unknown[]): EndHook | undefined | Promise<EndHook | undefined> {
  return whenReady(resultsOf<EndHook>(targets, name, args), (ends) => {
    if (ends.length === 0) return undefined;
    ends.reverse();
    return async (outcome?: unknown) => {
      for (const end of ends) await end(outcome);
    };
  });
}

/** The first listener's answer of `responseForOperation` that is not null, asking the next only then. */
function firstAnswer(listeners: readonly object[], from: number, args: unknown[]): GraphQLResponse | null | Promise<GraphQLResponse | null> {
  for (let i = from; i < listeners.length; i++) {
    const listener = listeners[i]!;
    const answer = hookOf(listener, 'responseForOperation')?.apply(listener, args);
    if (isPending(answer))
      return Promise.resolve(answer).then((response) => (response != null ? (response as GraphQLResponse) : firstAnswer(listeners, i + 1, args)));
    if (answer != null) return answer as GraphQLResponse;
  }
  return null;
}

/** The request listeners of one request as one (methods on the prototype: nothing but the list is made per request). */
class ComposedRequestListener<TContext extends BaseContext> implements GatewayRequestListener<TContext> {
  readonly #listeners: GatewayRequestListener<TContext>[];

  constructor(listeners: GatewayRequestListener<TContext>[]) {
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

  responseForOperation(...args: unknown[]) {
    return firstAnswer(this.#listeners, 0, args);
  }

  executionDidStart(...args: unknown[]) {
    return whenReady(resultsOf<GraphQLRequestExecutionListener<TContext>>(this.#listeners, 'executionDidStart', args), (listeners) =>
      listeners.length <= 1 ? listeners[0] : composedExecutionListener(listeners),
    );
  }
}

function composedExecutionListener<TContext extends BaseContext>(
  listeners: GraphQLRequestExecutionListener<TContext>[],
): GraphQLRequestExecutionListener<TContext> {
  const resolving = listeners.filter((listener) => hookOf(listener, 'willResolveField'));
  return {
    executionDidEnd: async (...args: unknown[]) => callEach(listeners, 'executionDidEnd', args),
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
    else composed[name] = async () => callEach(listeners, name, []);
  }
  return composed;
}

/** `plugins` as one Apollo Server plugin, run in the given order at every stage. */
export function composePlugins<TContext extends BaseContext>(plugins: GatewayPlugin<TContext>[]): ApolloServerPlugin<TContext> {
  return {
    async serverWillStart(service) {
      return composedServerListener(await resultsOf<GraphQLServerListener>(plugins, 'serverWillStart', [service]));
    },
    // Apollo awaits what every hook returns, so the composed listener's hooks may answer without a
    // promise (see the top of this file); its type is Apollo's for that reason only.
    requestDidStart(requestContext: GraphQLRequestContext<TContext>) {
      const listener = whenReady(resultsOf<GatewayRequestListener<TContext>>(plugins, 'requestDidStart', [requestContext]), (listeners) =>
        listeners.length === 0 ? undefined : (new ComposedRequestListener(listeners) as unknown as GraphQLRequestListener<TContext>),
      );
      return listener as Promise<GraphQLRequestListener<TContext> | void>;
    },
    invalidRequestWasReceived: async (...args) => callEach(plugins, 'invalidRequestWasReceived', args),
    contextCreationDidFail: async (...args) => callEach(plugins, 'contextCreationDidFail', args),
    unexpectedErrorProcessingRequest: async (...args) => callEach(plugins, 'unexpectedErrorProcessingRequest', args),
    startupDidFail: async (...args) => callEach(plugins, 'startupDidFail', args),
  };
}
