// Federated tracing (`ftv1`), set up only for the requests that ask for it. Apollo Server installs
// its inline-trace plugin by itself on a subgraph, and that plugin builds a trace tree (with its
// protobuf message) at the start of every request before it looks at the header
// (docs/performance.md, "Fixed costs"). This wraps the same plugin and starts it only when a
// router sends `apollo-federation-include-trace: ftv1`; server.ts disables the implicit one.
import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { ApolloServerPluginInlineTrace } from '@apollo/server/plugin/inlineTrace';

export const FEDERATED_TRACE_HEADER = 'apollo-federation-include-trace';

export function inlineTraceWhenAsked<TContext extends BaseContext>(): ApolloServerPlugin<TContext> {
  const inner = ApolloServerPluginInlineTrace() as ApolloServerPlugin<TContext>;
  return {
    async requestDidStart(request) {
      if (request.request.http?.headers.get(FEDERATED_TRACE_HEADER) !== 'ftv1') return;
      return inner.requestDidStart?.(request);
    },
  };
}
