// composePlugins (src/apollo-plugins/compose.ts) must run the gateway's plugins as Apollo Server
// would run them one by one: every listener of a stage called in order, even after one failed, and
// the stage failing with the first failure; end hooks in reverse order; the first answer of
// responseForOperation; server hooks reaching every plugin.
import type { ApolloServerPlugin, BaseContext, GraphQLRequestContext, GraphQLRequestListener, GraphQLServerContext } from '@apollo/server';
import { describe, expect, it } from 'vitest';
import { composePlugins, type GatewayRequestListener } from '../../src/apollo-plugins/compose.ts';

type Listener = GraphQLRequestListener<BaseContext>;
const CONTEXT = {} as GraphQLRequestContext<BaseContext>;

function plugin(listener: Listener): ApolloServerPlugin<BaseContext> {
  return { requestDidStart: async () => listener };
}

async function composedListener(listeners: Listener[]): Promise<Required<Listener>> {
  const composed = composePlugins(listeners.map(plugin));
  return (await composed.requestDidStart!(CONTEXT)) as Required<Listener>;
}

/** The composed listener of plugins that hand over their listeners synchronously (the gateway's own plugins do). */
function syncComposedListener(listeners: GatewayRequestListener<BaseContext>[]): GatewayRequestListener<BaseContext> {
  const composed = composePlugins<BaseContext>(listeners.map((listener) => ({ requestDidStart: () => listener })));
  const handed = composed.requestDidStart!(CONTEXT) as unknown;
  // Handed over without a promise: no plugin needed one.
  expect(handed).not.toBeInstanceOf(Promise);
  return handed as GatewayRequestListener<BaseContext>;
}

describe('composePlugins', () => {
  it('calls every listener of a stage in order and fails with the first failure', async () => {
    const calls: string[] = [];
    const listener = await composedListener([
      { didResolveOperation: async () => void calls.push('a') },
      {},
      {
        didResolveOperation: async () => {
          calls.push('b');
          throw new Error('first');
        },
      },
      {
        didResolveOperation: async () => {
          calls.push('c');
          throw new Error('second');
        },
      },
    ]);
    await expect(listener.didResolveOperation(CONTEXT as never)).rejects.toThrow('first');
    expect(calls).toEqual(['a', 'b', 'c']);
  });

  it('passes the stage outcome to end hooks, last started first', async () => {
    const ended: string[] = [];
    const listener = await composedListener([
      { validationDidStart: async () => async (errors) => void ended.push(`a:${errors?.length}`) },
      { validationDidStart: async () => undefined },
      { validationDidStart: async () => async (errors) => void ended.push(`b:${errors?.length}`) },
    ]);
    const end = await listener.validationDidStart(CONTEXT as never);
    await end!([new Error('x'), new Error('y')]);
    expect(ended).toEqual(['b:2', 'a:2']);
  });

  it('takes the first answer of responseForOperation and asks no further', async () => {
    const asked: string[] = [];
    const answer = { http: { headers: new Map(), status: 200 }, body: { kind: 'single', singleResult: {} } };
    const listener = await composedListener([
      { responseForOperation: async () => (asked.push('a'), null) },
      { responseForOperation: async () => (asked.push('b'), answer as never) },
      { responseForOperation: async () => (asked.push('c'), null) },
    ]);
    expect(await listener.responseForOperation(CONTEXT as never)).toBe(answer);
    expect(asked).toEqual(['a', 'b']);
  });

  it('answers a stage without a promise when every hook answered at once, still calling each in order', () => {
    const calls: string[] = [];
    const listener = syncComposedListener([{ didResolveOperation: () => void calls.push('a') }, {}, { didResolveOperation: () => void calls.push('b') }]);
    expect(listener.didResolveOperation!(CONTEXT as never)).toBeUndefined();
    expect(calls).toEqual(['a', 'b']);
  });

  it('fails a stage with the first hook that threw synchronously, after calling every hook', async () => {
    const calls: string[] = [];
    const listener = syncComposedListener([
      {
        willSendResponse: () => {
          calls.push('a');
          throw new Error('first');
        },
      },
      { willSendResponse: async () => void calls.push('b') },
      {
        willSendResponse: () => {
          calls.push('c');
          throw new Error('second');
        },
      },
    ]);
    await expect(listener.willSendResponse!(CONTEXT as never)).rejects.toThrow('first');
    expect(calls).toEqual(['a', 'b', 'c']);
  });

  it('takes a synchronous answer of responseForOperation at once, and waits only for the listeners that answer later', async () => {
    const answer = { http: { headers: new Map(), status: 200 }, body: { kind: 'single', singleResult: {} } } as never;
    const asked: string[] = [];
    const atOnce = syncComposedListener([
      { responseForOperation: () => (asked.push('a'), null) },
      { responseForOperation: () => (asked.push('b'), answer) },
      { responseForOperation: () => (asked.push('c'), null) },
    ]);
    expect(atOnce.responseForOperation!(CONTEXT as never)).toBe(answer);
    const later = syncComposedListener([
      { responseForOperation: async () => (asked.push('d'), null) },
      { responseForOperation: () => (asked.push('e'), answer) },
    ]);
    expect(await later.responseForOperation!(CONTEXT as never)).toBe(answer);
    expect(asked).toEqual(['a', 'b', 'd', 'e']);
  });

  it('answers no listener for a request when no plugin listens to it', async () => {
    const composed = composePlugins<BaseContext>([{ requestDidStart: async () => undefined }, {}]);
    expect(await composed.requestDidStart!(CONTEXT)).toBeUndefined();
  });

  it('reaches every plugin with server hooks, and composes their server listeners', async () => {
    const seen: string[] = [];
    const composed = composePlugins<BaseContext>([
      { serverWillStart: async () => ({ drainServer: async () => void seen.push('drain a') }) },
      { invalidRequestWasReceived: async () => void seen.push('invalid b') },
      { serverWillStart: async () => ({ drainServer: async () => void seen.push('drain c'), serverWillStop: async () => void seen.push('stop c') }) },
    ]);
    const server = await composed.serverWillStart!({} as GraphQLServerContext);
    await server!.drainServer!();
    await server!.serverWillStop!();
    await composed.invalidRequestWasReceived!({ error: new Error('bad') });
    expect(seen).toEqual(['drain a', 'drain c', 'stop c', 'invalid b']);
  });
});
