// Per tool call: one log line, one count and duration, one span (docs/mcp.md, "Operating it"), with the
// tool's name, its outcome and its upstream calls. Arguments are never recorded: only their names.
import type { IncomingHttpHeaders } from 'node:http';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { FastCounter, FastHistogram } from '../metric-series.ts';
import type { GatewayTracer } from '../tracing.ts';

/** A tool's name label for a name no tool has (bounded: agents may send anything). */
export const UNKNOWN_TOOL_LABEL = '(unknown)';

export interface ToolCallRecord {
  tool: string;
  outcome: string;
  upstreamCalls: number;
  requestId?: string;
  argumentNames: readonly string[];
}

export class ToolCallObserver {
  // The gateway's bound series (src/metric-series.ts): prom-client's own rebuild the label set per call.
  readonly #calls: FastCounter;
  readonly #duration: FastHistogram;
  readonly #logger: Logger;
  readonly #tracer: GatewayTracer | undefined;

  constructor(registry: Registry, logger: Logger, tracer?: GatewayTracer) {
    this.#calls = new FastCounter(
      'mcp_tool_calls_total',
      'MCP tool calls by tool and outcome (ok, a gateway error code, or a refusal of the tool).',
      ['tool', 'outcome'],
      registry,
    );
    this.#duration = new FastHistogram(
      'mcp_tool_call_duration_seconds',
      'Duration of MCP tool calls, from the request to the result.',
      ['tool'],
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registry,
    );
    this.#logger = logger;
    this.#tracer = tracer;
  }

  /** Starts observing a call; `headers` are what the call's operation should carry (the span's trace context). */
  start(tool: string, callerHeaders: IncomingHttpHeaders): { headers: IncomingHttpHeaders; end(record: ToolCallRecord): void } {
    const startedAt = performance.now();
    const trace = this.#tracer?.startToolCall(tool, callerHeaders);
    const headers = trace ? { ...callerHeaders, ...trace.headers } : callerHeaders;
    return {
      headers,
      end: (record) => {
        const seconds = (performance.now() - startedAt) / 1000;
        this.#calls.series(record.tool, record.outcome).inc();
        this.#duration.series(record.tool).observe(seconds);
        trace?.end(record.outcome, record.upstreamCalls);
        const { argumentNames, ...fields } = record;
        this.#logger.info({ ...fields, arguments: argumentNames, durationMs: Math.round(seconds * 1000) }, 'mcp tool call');
      },
    };
  }
}
