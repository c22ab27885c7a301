// Federated tracing (`ftv1`), set up only for the requests that ask for it. Apollo Server installs
// its inline-trace plugin by itself on a subgraph, and that plugin builds a trace tree (with its
// protobuf message) at the start of every request before it looks at the header
// (docs/performance.md, "Fixed costs"). This wraps the same plugin and starts it only when a
// router sends `apollo-federation-include-trace: ftv1`; server.ts disables the implicit one.
// The plugin is loaded with the first such request: it brings Apollo's usage-reporting protobuf
// (~0.4 MB of source), which a gateway no router asks traces of never needs (docs/performance.md,
// "Memory").
import type { ApolloServerPlugin, BaseContext } from '@apollo/server';

export const FEDERATED_TRACE_HEADER = 'apollo-federation-include-trace';

export function inlineTraceWhenAsked<TContext extends BaseContext>(): ApolloServerPlugin<TContext> {
  let inner: Promise<ApolloServerPlugin<TContext>> | undefined;
  return {
    async requestDidStart(request) {
      if (request.request.http?.headers.get(FEDERATED_TRACE_HEADER) !== 'ftv1') return;
      inner ??= import('@apollo/server/plugin/inlineTrace').then(
        ({ ApolloServerPluginInlineTrace }) => ApolloServerPluginInlineTrace() as ApolloServerPlugin<TContext>,
      );
      return (await inner).requestDidStart?.(request);
    },
  };
}
