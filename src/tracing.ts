// Distributed tracing with the OpenTelemetry API: one span per GraphQL operation and one per
// upstream call, continuing the caller's W3C trace context and forwarding it upstream.
//
// Only the API is used here: without an SDK (the default) spans are free no-ops, yet the
// caller's `traceparent`/`tracestate` still reach the upstream unchanged. `startTracingSdk`
// (src/tracing-sdk.ts) installs the SDK and OTLP exporter when the environment asks for them.
// Field resolvers get no spans: per-field hooks would cost more than the operation itself.
import type { IncomingHttpHeaders } from 'node:http';
import {
  ProxyTracerProvider,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
  type TextMapGetter,
  type TextMapSetter,
  type Tracer,
  type TracerProvider,
} from '@opentelemetry/api';
// The propagator's own module, not @opentelemetry/core's index, which also loads the semantic
// conventions (~0.4 MB of source) for the SDK's resource attributes; the SDK loads them when it
// exports (tracing-sdk.ts; docs/performance.md, "Memory").
import { W3CTraceContextPropagator } from '@opentelemetry/core/build/src/trace/W3CTraceContextPropagator.js';
import type { CallTracer, HttpMethod } from './upstream-client/client/http.ts';

export const TRACER_NAME = 'posthog-graphql-gateway';

// W3C Trace Context is the contract with callers and the upstream, whatever global propagator is set.
const propagator = new W3CTraceContextPropagator();

const headerGetter: TextMapGetter<IncomingHttpHeaders> = {
  get: (headers, key) => headers[key],
  keys: (headers) => Object.keys(headers),
};

const headerSetter: TextMapSetter<Record<string, string>> = {
  set: (headers, key, value) => {
    headers[key] = value;
  },
};

// What the global provider delegates to until an SDK registers one.
const NO_SDK = new ProxyTracerProvider().getDelegate();

/** Creates the spans of one gateway; `provider` defaults to the global one (tests pass their own). */
export class GatewayTracer {
  readonly #provider: TracerProvider;
  readonly #tracer: Tracer;
  readonly #upstream: { address: string; port: number };

  constructor(upstreamUrl: string, provider?: TracerProvider) {
    this.#provider = provider ?? trace.getTracerProvider();
    this.#tracer = this.#provider.getTracer(TRACER_NAME);
    const url = new URL(upstreamUrl);
    this.#upstream = { address: url.hostname, port: Number(url.port) || (url.protocol === 'https:' ? 443 : 80) };
  }

  /**
   * Starts the span of one operation, a child of the caller's `traceparent` when it sent one.
   * None without an SDK and without a `traceparent`: such a span records nothing and has no
   * context to pass upstream, and skipping it saves a few objects per request and per call.
   */
  startOperation(headers: IncomingHttpHeaders): OperationTrace | undefined {
    if (headers.traceparent === undefined && !this.#sdkInstalled()) return undefined;
    const parent = propagator.extract(ROOT_CONTEXT, headers, headerGetter);
    const span = this.#tracer.startSpan('GraphQL Operation', { kind: SpanKind.SERVER }, parent);
    return new OperationTrace(this.#tracer, span, trace.setSpan(parent, span), this.#upstream);
  }

  /**
   * Starts the span of one MCP tool call (src/mcp/observe.ts), a child of the caller's
   * `traceparent`; `headers` carry it on, so the call's GraphQL operation span is its child.
   * None, as for operations, without an SDK and without a `traceparent`.
   */
  startToolCall(tool: string, headers: IncomingHttpHeaders): ToolCallTrace | undefined {
    if (headers.traceparent === undefined && !this.#sdkInstalled()) return undefined;
    const parent = propagator.extract(ROOT_CONTEXT, headers, headerGetter);
    const attributes = { 'mcp.method.name': 'tools/call', 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': tool };
    const span = this.#tracer.startSpan(`tools/call ${tool}`, { kind: SpanKind.SERVER, attributes }, parent);
    const carrier: Record<string, string> = {};
    propagator.inject(trace.setSpan(parent, span), carrier, headerSetter);
    return { headers: carrier, end: (outcome, upstreamCalls) => endToolCall(span, outcome, upstreamCalls) };
  }

  // Checked per request: an SDK may register after the gateway started.
  #sdkInstalled(): boolean {
    const provider = this.#provider instanceof ProxyTracerProvider ? this.#provider.getDelegate() : this.#provider;
    return provider !== NO_SDK;
  }
}

/** The span of one operation; hands out a child span per upstream call (the transport's `CallTracer`). */
export class OperationTrace implements CallTracer {
  readonly #tracer: Tracer;
  readonly #span: Span;
  readonly #context: Context;
  readonly #upstream: { address: string; port: number };

  constructor(tracer: Tracer, span: Span, context: Context, upstream: { address: string; port: number }) {
    this.#tracer = tracer;
    this.#span = span;
    this.#context = context;
    this.#upstream = upstream;
  }

  /** Names the span after the operation once it is known (OpenTelemetry's GraphQL conventions). */
  resolved(type: string, name: string | undefined): void {
    if (!this.#span.isRecording()) return;
    this.#span.updateName(name ? `${type} ${name}` : type);
    this.#span.setAttribute('graphql.operation.type', type);
    if (name) this.#span.setAttribute('graphql.operation.name', name);
  }

  /** Ends the span with the outcome and the error codes sent to the caller. */
  end(errorCodes: readonly string[]): void {
    if (this.#span.isRecording()) {
      this.#span.setAttribute('graphql.outcome', errorCodes.length > 0 ? 'error' : 'ok');
      if (errorCodes.length > 0) {
        this.#span.setAttribute('graphql.error.codes', [...new Set(errorCodes)]);
        this.#span.setStatus({ code: SpanStatusCode.ERROR, message: errorCodes.join(', ') });
      }
    }
    this.#span.end();
  }

  startCall(
    call: { method: HttpMethod; route: string },
    attempt: number,
  ): { headers: Record<string, string>; end(status: number | null, error?: unknown): void } {
    const span = this.#tracer.startSpan(
      `${call.method} ${call.route}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'http.request.method': call.method,
          'url.template': call.route,
          'server.address': this.#upstream.address,
          'server.port': this.#upstream.port,
          'upstream.attempt': attempt,
          ...(attempt > 1 ? { 'http.request.resend_count': attempt - 1 } : {}),
        },
      },
      this.#context,
    );
    const headers: Record<string, string> = {};
    // Without an SDK the span is the caller's context itself: its traceparent goes upstream unchanged.
    propagator.inject(trace.setSpan(this.#context, span), headers, headerSetter);
    return { headers, end: (status, error) => endCall(span, status, error) };
  }
}

/** The span of one MCP tool call; `headers` (`traceparent`, `tracestate`) make it the parent of the call's operation. */
export interface ToolCallTrace {
  headers: Record<string, string>;
  end(outcome: string, upstreamCalls: number): void;
}

function endToolCall(span: Span, outcome: string, upstreamCalls: number): void {
  if (span.isRecording()) {
    span.setAttribute('mcp.tool.outcome', outcome);
    span.setAttribute('gateway.upstream.calls', upstreamCalls);
    if (outcome !== 'ok') span.setStatus({ code: SpanStatusCode.ERROR, message: outcome });
  }
  span.end();
}

function endCall(span: Span, status: number | null, error: unknown): void {
  if (span.isRecording()) {
    if (status !== null) span.setAttribute('http.response.status_code', status);
    // Client spans: 4xx is an error of the call (OpenTelemetry's HTTP conventions), as is no answer.
    if (status === null || status >= 400) {
      span.setAttribute('error.type', status === null ? errorType(error) : String(status));
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
  }
  span.end();
}

function errorType(error: unknown): string {
  const kind = (error as { kind?: unknown } | undefined)?.kind;
  return typeof kind === 'string' ? kind : 'unknown';
}
