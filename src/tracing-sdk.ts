// Installs the OpenTelemetry SDK and its exporter, only when the standard environment asks
// for it: OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) set, or
// OTEL_TRACES_EXPORTER=otlp|console. Otherwise nothing is loaded and spans cost nothing.
// The OTLP exporter reads its own standard variables (endpoint, headers, timeout).

/** Whether the environment turns trace export on (OTEL_TRACES_EXPORTER=none wins over an endpoint). */
export function tracingExporter(env: NodeJS.ProcessEnv = process.env): 'otlp' | 'console' | null {
  const named = env.OTEL_TRACES_EXPORTER?.trim().toLowerCase();
  if (named === 'none') return null;
  if (named === 'console') return 'console';
  if (named === 'otlp') return 'otlp';
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return 'otlp';
  return null;
}

/** Registers a global tracer provider exporting to OTLP (HTTP) or the console; returns its shutdown (flushes pending spans). */
export async function startTracingSdk(env: NodeJS.ProcessEnv = process.env): Promise<(() => Promise<void>) | null> {
  const exporterName = tracingExporter(env);
  if (!exporterName) return null;
  const { NodeTracerProvider, BatchSpanProcessor, ConsoleSpanExporter } = await import('@opentelemetry/sdk-trace-node');
  const { resourceFromAttributes } = await import('@opentelemetry/resources');
  const exporter = exporterName === 'console' ? new ConsoleSpanExporter() : new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || 'posthog-graphql-gateway' }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  provider.register();
  return () => provider.shutdown();
}
