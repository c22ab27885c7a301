// What a subscription's GraphQL context carries besides the usual request context: the hub
// and the budget of the connection it arrived on. Kept beside the context rather than in
// it, so the HTTP context stays as it is; only the live transports attach it.
import type { GatewayContext } from '../context.ts';
import type { ConnectionBudget, SubscriptionHub } from './hub.ts';

export interface LiveConnection {
  hub: SubscriptionHub;
  budget: ConnectionBudget;
  /** A fresh context bound to the same key, for one event (fresh loaders: current data). */
  eventContext(): GatewayContext;
}

const live = new WeakMap<object, LiveConnection>();

export function attachLive(context: GatewayContext, connection: LiveConnection): GatewayContext {
  live.set(context, connection);
  return context;
}

/** The live connection of a context, or undefined when the operation came over plain HTTP. */
export function liveOf(context: GatewayContext): LiveConnection | undefined {
  return live.get(context);
}

// A property, not a WeakMap entry: Apollo Server hands resolvers a shallow copy of the context,
// which keeps own symbol properties.
const HUB = Symbol('subscription hub');
type WithHub = GatewayContext & { [HUB]?: SubscriptionHub };

/** Lets an HTTP operation publish changes the activity log does not record (role access) to this gateway's subscribers. */
export function attachHub(context: GatewayContext, hub: SubscriptionHub): GatewayContext {
  (context as WithHub)[HUB] = hub;
  return context;
}

/** The hub an operation may publish to, when the project has subscribers in this process. */
export function hubWithSubscribers(context: GatewayContext, projectId: number): SubscriptionHub | undefined {
  const hub = (context as WithHub)[HUB] ?? live.get(context)?.hub;
  return hub?.hasSubscribers(projectId) ? hub : undefined;
}
