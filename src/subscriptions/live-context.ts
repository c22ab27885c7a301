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
